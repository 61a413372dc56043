package org.hhfr.schemas;

import com.google.auto.value.AutoValue;
import org.jspecify.annotations.Nullable;

/** An {@code xs:attribute} as written: its type is a QName to resolve or an anonymous simple type. */
@AutoValue
abstract class ParsedAttribute {
    /** Exactly one of {@code typeName} and {@code inlineType} is non-null. */
    static ParsedAttribute of(SourcePosition position, QualifiedName name, boolean required,
                              @Nullable QualifiedName typeName, @Nullable SimpleType inlineType) {
        return new AutoValue_ParsedAttribute(position, name, required, typeName, inlineType);
    }

    abstract SourcePosition position();

    abstract QualifiedName name();

    abstract boolean required();

    /** The {@code type} reference, or {@code null} when the type is inline. */
    abstract @Nullable QualifiedName typeName();

    /** The anonymous simple type, or {@code null}. */
    abstract @Nullable SimpleType inlineType();
}
