package org.hhfr.schemas;

import com.google.auto.value.AutoValue;
import org.jspecify.annotations.Nullable;

/**
 * An {@code xs:element} as written in the document, before type references are resolved: a declaration
 * with a name and a type (a reference by QName, or an inline anonymous type), or a {@code ref} to a global
 * element with its own occurrence; or, in its place, an {@code xs:group ref}, whose elements take its place when
 * it is resolved.
 */
@AutoValue
abstract class ParsedElement {
    /** {@code <xs:element name=".." type="..">}: the type is resolved later by its QName. */
    static ParsedElement ofNamedType(SourcePosition position, QualifiedName name, int minOccurs, int maxOccurs,
                                     boolean nillable, QualifiedName typeName) {
        return new AutoValue_ParsedElement(position, name, null, minOccurs, maxOccurs, nillable, typeName, null, null,
                null);
    }

    /** An element with an anonymous {@code xs:complexType} inside. */
    static ParsedElement ofComplexType(SourcePosition position, QualifiedName name, int minOccurs, int maxOccurs,
                                       boolean nillable, ParsedComplexType type) {
        return new AutoValue_ParsedElement(position, name, null, minOccurs, maxOccurs, nillable, null, type, null,
                null);
    }

    /** An element with an anonymous {@code xs:simpleType} inside. */
    static ParsedElement ofSimpleType(SourcePosition position, QualifiedName name, int minOccurs, int maxOccurs,
                                      boolean nillable, SimpleType type) {
        return new AutoValue_ParsedElement(position, name, null, minOccurs, maxOccurs, nillable, null, null, type,
                null);
    }

    /** {@code <xs:element ref="..">}: the global element's declaration with this occurrence. */
    static ParsedElement ofRef(SourcePosition position, QualifiedName ref, int minOccurs, int maxOccurs) {
        return new AutoValue_ParsedElement(position, null, ref, minOccurs, maxOccurs, false, null, null, null, null);
    }

    /**
     * {@code <xs:group ref="..">} in a sequence or choice: the named group's elements, each optional when
     * {@code minOccurs} is 0.
     */
    static ParsedElement ofGroupRef(SourcePosition position, QualifiedName group, int minOccurs) {
        return new AutoValue_ParsedElement(position, null, null, minOccurs, 1, false, null, null, null, group);
    }

    abstract SourcePosition position();

    /** The declared name; {@code null} for a ref. */
    abstract @Nullable QualifiedName name();

    /** The referenced global element, or {@code null} if this is a declaration. */
    abstract @Nullable QualifiedName ref();

    abstract int minOccurs();

    abstract int maxOccurs();

    abstract boolean nillable();

    /** The {@code type} reference, or {@code null} for an inline type or a ref. */
    abstract @Nullable QualifiedName typeName();

    /** The anonymous complex type, or {@code null}. */
    abstract @Nullable ParsedComplexType inlineComplexType();

    /** The anonymous simple type, or {@code null}. */
    abstract @Nullable SimpleType inlineSimpleType();

    /** The named group this stands for, or {@code null} for an element. */
    abstract @Nullable QualifiedName groupRef();

    /** The same element with {@code minOccurs} 0: one of a choice, or of an optional group. */
    ParsedElement optional() {
        return minOccurs() == 0 ? this : new AutoValue_ParsedElement(position(), name(), ref(), 0, maxOccurs(),
                nillable(), typeName(), inlineComplexType(), inlineSimpleType(), groupRef());
    }

    boolean isGroupRef() {
        return groupRef() != null;
    }

    boolean isRef() {
        return ref() != null;
    }

    /** The local name this element has in a sequence, whether declared or referenced. */
    String localName() {
        QualifiedName ref = ref();
        return ref != null ? ref.localName() : name().localName();
    }
}
