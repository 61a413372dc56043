package org.hhfr.schemas;

import com.google.auto.value.AutoValue;

/** An {@code xs:attribute} of a simple type on a complex type, e.g. the {@code id} of {@code <poi id="23">}. */
@AutoValue
public abstract class AttributeDecl {
    /**
     * @param name unqualified attributes (the XSD default) have the empty namespace
     * @param required {@code use="required"}; otherwise the attribute may be absent
     */
    public static AttributeDecl of(QualifiedName name, SimpleType type, boolean required) {
        return new AutoValue_AttributeDecl(name, type, required);
    }

    public abstract QualifiedName name();

    public abstract SimpleType type();

    public abstract boolean required();

    @Override
    public final String toString() {
        return "@" + name() + ": " + type() + (required() ? "" : "?");
    }
}
