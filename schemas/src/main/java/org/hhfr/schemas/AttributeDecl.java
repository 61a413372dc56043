package org.hhfr.schemas;

import java.util.Objects;

/** An {@code xs:attribute} of a simple type on a complex type, e.g. the {@code id} of {@code <poi id="23">}. */
public final class AttributeDecl {
    private final QualifiedName name;
    private final SimpleType type;
    private final boolean required;

    /**
     * @param name unqualified attributes (the XSD default) have the empty namespace
     * @param required {@code use="required"}; otherwise the attribute may be absent
     */
    public AttributeDecl(QualifiedName name, SimpleType type, boolean required) {
        this.name = Objects.requireNonNull(name, "name");
        this.type = Objects.requireNonNull(type, "type");
        this.required = required;
    }

    public QualifiedName name() {
        return name;
    }

    public SimpleType type() {
        return type;
    }

    public boolean required() {
        return required;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof AttributeDecl)) {
            return false;
        }
        AttributeDecl other = (AttributeDecl) o;
        return name.equals(other.name) && type.equals(other.type) && required == other.required;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, type, required);
    }

    @Override
    public String toString() {
        return "@" + name + ": " + type + (required ? "" : "?");
    }
}
