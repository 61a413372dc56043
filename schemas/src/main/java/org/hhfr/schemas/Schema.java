package org.hhfr.schemas;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The global declarations of one or more {@code xs:schema} documents (a standalone XSD, or every schema in
 * a WSDL's {@code types}), resolved and immutable. Each global element is the root of a {@link DataStructure};
 * parsed per component, an element HHFR cannot represent has a {@link SchemaRefusal} instead.
 */
public final class Schema {
    private final Map<QualifiedName, ElementDecl> elements;
    private final Map<QualifiedName, ComplexType> complexTypes;
    private final Map<QualifiedName, SimpleType> simpleTypes;
    private final List<SchemaRefusal> refusals;
    private final Map<QualifiedName, SchemaRefusal> refusedElements = new LinkedHashMap<>();
    private final Map<QualifiedName, SchemaRefusal> derivable;
    /** Why the names of an imported namespace may be missing (its document was not read), by namespace. */
    private final Map<String, String> unreadImports;

    /** @param derivable why each global element that may carry a derived type does (see {@link #derivable}) */
    Schema(Map<QualifiedName, ElementDecl> elements, Map<QualifiedName, ComplexType> complexTypes,
           Map<QualifiedName, SimpleType> simpleTypes, List<SchemaRefusal> refusals,
           Map<QualifiedName, SchemaRefusal> derivable, Map<String, String> unreadImports) {
        this.unreadImports = Collections.unmodifiableMap(new LinkedHashMap<>(unreadImports));
        this.derivable = Collections.unmodifiableMap(new LinkedHashMap<>(derivable));
        this.elements = Collections.unmodifiableMap(new LinkedHashMap<>(elements));
        this.complexTypes = Collections.unmodifiableMap(new LinkedHashMap<>(complexTypes));
        this.simpleTypes = Collections.unmodifiableMap(new LinkedHashMap<>(simpleTypes));
        List<SchemaRefusal> ordered = new ArrayList<>(refusals);
        ordered.sort(Comparator.comparingInt((SchemaRefusal refusal) -> refusal.line() > 0 ? refusal.line()
                : Integer.MAX_VALUE).thenComparingInt(SchemaRefusal::column));
        this.refusals = Collections.unmodifiableList(ordered);
        for (SchemaRefusal refusal : ordered) {
            if (refusal.kind() == SchemaRefusal.Kind.ELEMENT) {
                refusedElements.put(refusal.component(), refusal);
            }
        }
    }

    /**
     * Why the global element {@code name} (one with a structure) may carry, somewhere inside, an element of a type
     * derived from its declared type (named by {@code xsi:type}), whose content its structure would not hold;
     * {@code null} when it cannot. Such an element is fine in a message an HHFR client writes, which never carries
     * a derived type, and refused in a message the service writes ({@link OperationStructures}).
     */
    public @Nullable SchemaRefusal derivable(QualifiedName name) {
        return derivable.get(name);
    }

    /** Global elements in document order: those with a structure (see {@link #refusals()} for the others). */
    public Map<QualifiedName, ElementDecl> elements() {
        return elements;
    }

    /** Named complex types in document order, those that could be resolved. */
    public Map<QualifiedName, ComplexType> complexTypes() {
        return complexTypes;
    }

    /** Named simple types in document order. */
    public Map<QualifiedName, SimpleType> simpleTypes() {
        return simpleTypes;
    }

    /**
     * The global elements, named types, named groups and global attributes that were refused, in the order of their
     * refused constructs in the document; always empty for a schema parsed without {@link SchemaParser#perComponent()}.
     */
    public List<SchemaRefusal> refusals() {
        return refusals;
    }

    /** Why the global element {@code name} has no structure, or {@code null} if it has one or is not declared. */
    public SchemaRefusal refusal(QualifiedName name) {
        return refusedElements.get(name);
    }

    /**
     * Why a name of {@code namespace} may be missing: {@code " (its namespace is imported from
     * schemaLocation=..., another document, which is never fetched)"} and the like; {@code ""} when its namespace
     * is not imported from a document left unread.
     */
    String unreadImport(String namespace) {
        return unreadImports.getOrDefault(namespace, "");
    }

    /**
     * The data structure rooted at the global element {@code name}.
     *
     * @throws IllegalArgumentException if there is no such element, or it was refused (the message says why)
     */
    public DataStructure dataStructure(QualifiedName name) {
        ElementDecl root = elements.get(name);
        if (root == null) {
            SchemaRefusal refusal = refusedElements.get(name);
            throw new IllegalArgumentException(refusal != null
                    ? "element " + name + " has no structure: " + refusal
                    : "no global element " + name + "; the schema declares " + elements.keySet());
        }
        return new DataStructure(root);
    }

    /**
     * The data structure rooted at the global element with that local name, in whichever namespace.
     *
     * @throws IllegalArgumentException if there is none, more than one, or it was refused
     */
    public DataStructure dataStructure(String localName) {
        List<QualifiedName> matches = new ArrayList<>();
        for (QualifiedName name : elements.keySet()) {
            if (name.localName().equals(localName)) {
                matches.add(name);
            }
        }
        for (QualifiedName name : refusedElements.keySet()) {
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
