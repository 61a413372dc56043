package org.hhfr.schemas;

/** An {@code xs:attribute} as written: its type is a QName to resolve or an anonymous simple type. */
final class ParsedAttribute {
    private final SourcePosition position;
    private final QualifiedName name;
    private final boolean required;
    private final QualifiedName typeName;
    private final SimpleType inlineType;

    /** Exactly one of {@code typeName} and {@code inlineType} is non-null. */
    ParsedAttribute(SourcePosition position, QualifiedName name, boolean required, QualifiedName typeName,
                    SimpleType inlineType) {
        this.position = position;
        this.name = name;
        this.required = required;
        this.typeName = typeName;
        this.inlineType = inlineType;
    }

    SourcePosition position() {
        return position;
    }

    QualifiedName name() {
        return name;
    }

    boolean required() {
        return required;
    }

    /** The {@code type} reference, or {@code null} when the type is inline. */
    QualifiedName typeName() {
        return typeName;
    }

    /** The anonymous simple type, or {@code null}. */
    SimpleType inlineType() {
        return inlineType;
    }
}
