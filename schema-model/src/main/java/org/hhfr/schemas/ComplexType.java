package org.hhfr.schemas;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * An {@code xs:complexType}: attributes plus an {@code xs:sequence} of elements, in schema order. The
 * order is the wire order of the binary representation. Immutable; recursion is not supported, so a
 * complex type is a finite tree.
 *
 * <p>A type with {@linkplain #hasSimpleContent() simple content} ({@code xs:simpleContent}: text with attributes)
 * has one element, {@link #SIMPLE_CONTENT}, whose value is the text its element holds: a message sets and reads it
 * as any element, and it travels as one.
 */
public final class ComplexType {
    /** The one element of a type with simple content: the text of the element of that type. */
    public static final QualifiedName SIMPLE_CONTENT = new QualifiedName("", "value");

    private final QualifiedName name;
    private final List<AttributeDecl> attributes;
    private final List<ElementDecl> elements;
    private final boolean simpleContent;

    /** @param name the type's name, {@code null} for an anonymous type */
    public ComplexType(QualifiedName name, List<AttributeDecl> attributes, List<ElementDecl> elements) {
        this(name, attributes, elements, false);
    }

    private ComplexType(QualifiedName name, List<AttributeDecl> attributes, List<ElementDecl> elements,
                        boolean simpleContent) {
        this.name = name;
        this.attributes = Collections.unmodifiableList(new ArrayList<>(attributes));
        this.elements = Collections.unmodifiableList(new ArrayList<>(elements));
        this.simpleContent = simpleContent;
        requireDistinct();
    }

    /**
     * A type with simple content: attributes, and text of type {@code text}, held as its one element
     * {@link #SIMPLE_CONTENT}.
     *
     * @param name the type's name, {@code null} for an anonymous type
     */
    public static ComplexType withSimpleContent(QualifiedName name, List<AttributeDecl> attributes, SimpleType text) {
        return new ComplexType(name, attributes,
                Collections.singletonList(ElementDecl.simple(SIMPLE_CONTENT, text, 1, 1, false)), true);
    }

    /** Whether an element of this type holds text, its one element {@link #SIMPLE_CONTENT}, rather than elements. */
    public boolean hasSimpleContent() {
        return simpleContent;
    }

    private void requireDistinct() {
        java.util.Set<QualifiedName> seen = new java.util.HashSet<>();
        for (AttributeDecl attribute : attributes) {
            if (!seen.add(attribute.name())) {
                throw new IllegalArgumentException("duplicate attribute " + attribute.name());
            }
        }
        seen.clear();
        for (ElementDecl element : elements) {
            if (!seen.add(element.name())) {
                throw new IllegalArgumentException("duplicate element " + element.name()
                        + " in one sequence (not supported: positions would be ambiguous)");
            }
        }
    }

    /** The type's name, or {@code null} for an anonymous type. */
    public QualifiedName name() {
        return name;
    }

    public List<AttributeDecl> attributes() {
        return attributes;
    }

    /** The sequence's elements in schema order. */
    public List<ElementDecl> elements() {
        return elements;
    }

    /** Index of the element with that local name in {@link #elements()}, or -1. */
    public int elementIndex(String localName) {
        for (int i = 0; i < elements.size(); i++) {
            if (elements.get(i).name().localName().equals(localName)) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the attribute with that local name in {@link #attributes()}, or -1. */
    public int attributeIndex(String localName) {
        for (int i = 0; i < attributes.size(); i++) {
            if (attributes.get(i).name().localName().equals(localName)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ComplexType)) {
            return false;
        }
        ComplexType other = (ComplexType) o;
        return Objects.equals(name, other.name) && attributes.equals(other.attributes)
                && elements.equals(other.elements) && simpleContent == other.simpleContent;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, attributes, elements, simpleContent);
    }

    @Override
    public String toString() {
        return (name == null ? "complexType" : name.toString()) + attributes + (simpleContent ? "text" : "")
                + elements;
    }
}
