package org.hhfr.schemas;

/**
 * An {@code xs:element} as written in the document, before type references are resolved: a declaration
 * with a name and a type (a reference by QName, or an inline anonymous type), or a {@code ref} to a global
 * element with its own occurrence.
 */
final class ParsedElement {
    private final SourcePosition position;
    private final QualifiedName name;
    private final QualifiedName ref;
    private final int minOccurs;
    private final int maxOccurs;
    private final boolean nillable;
    private final QualifiedName typeName;
    private final ParsedComplexType inlineComplexType;
    private final SimpleType inlineSimpleType;

    private ParsedElement(SourcePosition position, QualifiedName name, QualifiedName ref, int minOccurs,
                          int maxOccurs, boolean nillable, QualifiedName typeName,
                          ParsedComplexType inlineComplexType, SimpleType inlineSimpleType) {
        this.position = position;
        this.name = name;
        this.ref = ref;
        this.minOccurs = minOccurs;
        this.maxOccurs = maxOccurs;
        this.nillable = nillable;
        this.typeName = typeName;
        this.inlineComplexType = inlineComplexType;
        this.inlineSimpleType = inlineSimpleType;
    }

    /** {@code <xs:element name=".." type="..">}: the type is resolved later by its QName. */
    static ParsedElement ofNamedType(SourcePosition position, QualifiedName name, int minOccurs, int maxOccurs,
                                     boolean nillable, QualifiedName typeName) {
        return new ParsedElement(position, name, null, minOccurs, maxOccurs, nillable, typeName, null, null);
    }

    /** An element with an anonymous {@code xs:complexType} inside. */
    static ParsedElement ofComplexType(SourcePosition position, QualifiedName name, int minOccurs, int maxOccurs,
                                       boolean nillable, ParsedComplexType type) {
        return new ParsedElement(position, name, null, minOccurs, maxOccurs, nillable, null, type, null);
    }

    /** An element with an anonymous {@code xs:simpleType} inside. */
    static ParsedElement ofSimpleType(SourcePosition position, QualifiedName name, int minOccurs, int maxOccurs,
                                      boolean nillable, SimpleType type) {
        return new ParsedElement(position, name, null, minOccurs, maxOccurs, nillable, null, null, type);
    }

    /** {@code <xs:element ref="..">}: the global element's declaration with this occurrence. */
    static ParsedElement ofRef(SourcePosition position, QualifiedName ref, int minOccurs, int maxOccurs) {
        return new ParsedElement(position, null, ref, minOccurs, maxOccurs, false, null, null, null);
    }

    SourcePosition position() {
        return position;
    }

    /** The declared name; {@code null} for a ref. */
    QualifiedName name() {
        return name;
    }

    /** The referenced global element, or {@code null} if this is a declaration. */
    QualifiedName ref() {
        return ref;
    }

    boolean isRef() {
        return ref != null;
    }

    /** The local name this element has in a sequence, whether declared or referenced. */
    String localName() {
        return ref != null ? ref.localName() : name.localName();
    }

    int minOccurs() {
        return minOccurs;
    }

    int maxOccurs() {
        return maxOccurs;
    }

    boolean nillable() {
        return nillable;
    }

    /** The {@code type} reference, or {@code null} for an inline type or a ref. */
    QualifiedName typeName() {
        return typeName;
    }

    /** The anonymous complex type, or {@code null}. */
    ParsedComplexType inlineComplexType() {
        return inlineComplexType;
    }

    /** The anonymous simple type, or {@code null}. */
    SimpleType inlineSimpleType() {
        return inlineSimpleType;
    }
}
