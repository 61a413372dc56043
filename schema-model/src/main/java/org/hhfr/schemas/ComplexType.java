package org.hhfr.schemas;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * An {@code xs:complexType}: attributes plus an {@code xs:sequence} of elements, in schema order. The
 * order is the wire order of the binary representation. Immutable; recursion is not supported, so a
 * complex type is a finite tree.
 */
public final class ComplexType {
    private final QualifiedName name;
    private final List<AttributeDecl> attributes;
    private final List<ElementDecl> elements;

    /** @param name the type's name, {@code null} for an anonymous type */
    public ComplexType(QualifiedName name, List<AttributeDecl> attributes, List<ElementDecl> elements) {
        this.name = name;
        this.attributes = Collections.unmodifiableList(new ArrayList<>(attributes));
        this.elements = Collections.unmodifiableList(new ArrayList<>(elements));
        requireDistinct();
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
                && elements.equals(other.elements);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, attributes, elements);
    }

    @Override
    public String toString() {
        return (name == null ? "complexType" : name.toString()) + attributes + elements;
    }
}
