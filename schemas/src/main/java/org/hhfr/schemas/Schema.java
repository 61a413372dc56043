package org.hhfr.schemas;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The global declarations of one or more {@code xs:schema} documents (a standalone XSD, or every schema in
 * a WSDL's {@code types}), resolved and immutable. Each global element is the root of a {@link DataStructure}.
 */
public final class Schema {
    private final Map<QualifiedName, ElementDecl> elements;
    private final Map<QualifiedName, ComplexType> complexTypes;
    private final Map<QualifiedName, SimpleType> simpleTypes;

    public Schema(Map<QualifiedName, ElementDecl> elements, Map<QualifiedName, ComplexType> complexTypes,
                  Map<QualifiedName, SimpleType> simpleTypes) {
        this.elements = Collections.unmodifiableMap(new LinkedHashMap<>(elements));
        this.complexTypes = Collections.unmodifiableMap(new LinkedHashMap<>(complexTypes));
        this.simpleTypes = Collections.unmodifiableMap(new LinkedHashMap<>(simpleTypes));
    }

    /** Global elements in document order. */
    public Map<QualifiedName, ElementDecl> elements() {
        return elements;
    }

    /** Named complex types in document order. */
    public Map<QualifiedName, ComplexType> complexTypes() {
        return complexTypes;
    }

    /** Named simple types in document order. */
    public Map<QualifiedName, SimpleType> simpleTypes() {
        return simpleTypes;
    }

    /** The data structure rooted at the global element {@code name}. */
    public DataStructure dataStructure(QualifiedName name) {
        ElementDecl root = elements.get(name);
        if (root == null) {
            throw new IllegalArgumentException("no global element " + name + "; the schema declares "
                    + elements.keySet());
        }
        return new DataStructure(root);
    }

    /**
     * The data structure rooted at the global element with that local name, in whichever namespace.
     *
     * @throws IllegalArgumentException if there is none, or more than one
     */
    public DataStructure dataStructure(String localName) {
        List<QualifiedName> matches = new ArrayList<>();
        for (QualifiedName name : elements.keySet()) {
            if (name.localName().equals(localName)) {
                matches.add(name);
            }
        }
        if (matches.size() != 1) {
            throw new IllegalArgumentException((matches.isEmpty() ? "no" : "more than one")
                    + " global element named '" + localName + "'; the schema declares " + elements.keySet());
        }
        return dataStructure(matches.get(0));
    }
}
