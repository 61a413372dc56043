package org.hhfr.schemas;

import com.google.auto.value.AutoValue;
import org.jspecify.annotations.Nullable;

/**
 * An {@code xs:attribute} as written: its type is a QName to resolve or an anonymous simple type; or a {@code ref}
 * to a global attribute, whose name and type it takes, with its own {@code use}.
 */
@AutoValue
abstract class ParsedAttribute {
    /** Exactly one of {@code typeName} and {@code inlineType} is non-null. */
    static ParsedAttribute of(SourcePosition position, QualifiedName name, boolean required,
                              @Nullable QualifiedName typeName, @Nullable SimpleType inlineType) {
        return new AutoValue_ParsedAttribute(position, name, required, typeName, inlineType, false);
    }

    /** {@code <xs:attribute ref="..">}: the global attribute {@code ref}, required or not. */
    static ParsedAttribute ofRef(SourcePosition position, QualifiedName ref, boolean required) {
        return new AutoValue_ParsedAttribute(position, ref, required, null, null, true);
    }

    abstract SourcePosition position();

    abstract QualifiedName name();

    abstract boolean required();

    /** The {@code type} reference, or {@code null} when the type is inline. */
    abstract @Nullable QualifiedName typeName();

    /** The anonymous simple type, or {@code null}. */
    abstract @Nullable SimpleType inlineType();

    /** Whether this refers to the global attribute {@link #name()}, whose type it takes. */
    abstract boolean isRef();
}
