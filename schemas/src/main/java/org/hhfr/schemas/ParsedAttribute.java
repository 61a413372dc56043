package org.hhfr.schemas;

import com.google.auto.value.AutoValue;
import org.jspecify.annotations.Nullable;

/**
 * An {@code xs:attribute} as written: its type is a QName to resolve or an anonymous simple type; or a {@code ref}
 * to a global attribute, whose name and type it takes, with its own {@code use}; or, in its place, an
 * {@code xs:attributeGroup ref}, whose attributes take its place when it is resolved.
 */
@AutoValue
abstract class ParsedAttribute {
    /** How the attribute is written. */
    enum Form {
        /** {@code <xs:attribute name="..">} */
        DECLARED,
        /** {@code <xs:attribute ref="..">} */
        REF,
        /** {@code <xs:attributeGroup ref="..">} */
        GROUP_REF
    }

    /** Exactly one of {@code typeName} and {@code inlineType} is non-null. */
    static ParsedAttribute of(SourcePosition position, QualifiedName name, boolean required,
                              @Nullable QualifiedName typeName, @Nullable SimpleType inlineType) {
        return new AutoValue_ParsedAttribute(position, name, required, typeName, inlineType, Form.DECLARED);
    }

    /** {@code <xs:attribute ref="..">}: the global attribute {@code ref}, required or not. */
    static ParsedAttribute ofRef(SourcePosition position, QualifiedName ref, boolean required) {
        return new AutoValue_ParsedAttribute(position, ref, required, null, null, Form.REF);
    }

    /** {@code <xs:attributeGroup ref="..">}: the attributes of the named attribute group {@code group}. */
    static ParsedAttribute ofGroupRef(SourcePosition position, QualifiedName group) {
        return new AutoValue_ParsedAttribute(position, group, false, null, null, Form.GROUP_REF);
    }

    abstract SourcePosition position();

    abstract QualifiedName name();

    abstract boolean required();

    /** The {@code type} reference, or {@code null} when the type is inline. */
    abstract @Nullable QualifiedName typeName();

    /** The anonymous simple type, or {@code null}. */
    abstract @Nullable SimpleType inlineType();

    abstract Form form();

    /** Whether this refers to the global attribute {@link #name()}, whose type it takes. */
    boolean isRef() {
        return form() == Form.REF;
    }

    /** Whether this stands for the attributes of the attribute group {@link #name()}. */
    boolean isGroupRef() {
        return form() == Form.GROUP_REF;
    }
}
