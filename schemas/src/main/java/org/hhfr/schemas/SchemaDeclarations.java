package org.hhfr.schemas;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The global declarations of every {@code xs:schema} in one document, as read and before resolution,
 * keyed by qualified name. References may cross schemas (as a WSDL's service schema uses the types of its
 * bean schema), so resolution waits until all of them are read.
 */
final class SchemaDeclarations {
    private final Map<QualifiedName, ParsedElement> elements = new LinkedHashMap<>();
    private final Map<QualifiedName, ParsedComplexType> complexTypes = new LinkedHashMap<>();
    private final Map<QualifiedName, SimpleType> simpleTypes = new LinkedHashMap<>();
    private final Set<QualifiedName> typeNames = new HashSet<>();
    private final Set<String> targetNamespaces = new HashSet<>();
    private final Map<String, SourcePosition> imports = new LinkedHashMap<>();
    /** The {@code schemaLocation} of each import that names one (read per component only), by namespace. */
    private final Map<String, String> importLocations = new LinkedHashMap<>();
    /** Global elements and named types refused while reading (per component), by name. */
    private final Map<QualifiedName, SchemaRefusal> refusedElements = new LinkedHashMap<>();
    private final Map<QualifiedName, SchemaRefusal> refusedTypes = new LinkedHashMap<>();
    /** Named model groups ({@code xs:group}): their elements, group refs among them unresolved. */
    private final SymbolSpace<ParsedGroup> groups = new SymbolSpace<>("group", SchemaRefusal.Kind.GROUP);
    /** Global attributes, which {@code xs:attribute ref} names. */
    private final SymbolSpace<ParsedAttribute> attributes =
            new SymbolSpace<>("global attribute", SchemaRefusal.Kind.ATTRIBUTE);
    /** Named attribute groups, which {@code xs:attributeGroup ref} names. */
    private final SymbolSpace<ParsedAttributeGroup> attributeGroups =
            new SymbolSpace<>("attribute group", SchemaRefusal.Kind.ATTRIBUTE_GROUP);
    /** A named type that extends each base named by one (the first in document order), refused or not. */
    private final Map<QualifiedName, QualifiedName> extensions = new HashMap<>();
    /** Whether the documents imports name were fetched for the parse, so that a missing one could not be. */
    private final boolean importsFetched;
    /** The target namespace of the schema that includes each document (by URL), for a chameleon include. */
    private final Map<String, String> includingNamespaces = new HashMap<>();

    /** @param importsFetched whether the parse is given the documents that imports name, as they were fetched */
    SchemaDeclarations(boolean importsFetched) {
        this.importsFetched = importsFetched;
    }

    void addTargetNamespace(String namespace) {
        targetNamespaces.add(namespace);
    }

    /** @param location the import's {@code schemaLocation}, or {@code null} */
    void addImport(String namespace, SourcePosition position, String location) {
        imports.putIfAbsent(namespace, position);
        if (location != null) {
            importLocations.putIfAbsent(namespace, location);
        }
    }

    /** Records that a schema of {@code namespace} includes the document at {@code location}; the first wins. */
    void addInclude(String location, String namespace) {
        includingNamespaces.putIfAbsent(location, namespace);
    }

    /** The namespace a schema without one at {@code document} takes from the schema including it, or null. */
    String chameleonNamespace(String document) {
        return includingNamespaces.get(document);
    }

    void addElement(ParsedElement element) throws SchemaException {
        requireNewElementName(element.name(), element.position());
        elements.put(element.name(), element);
    }

    /**
     * Records that the global element or named type {@code name}, declared at {@code position}, is refused
     * for {@code cause}.
     */
    void refuse(SchemaRefusal.Kind kind, QualifiedName name, SourcePosition position, SchemaException cause)
            throws SchemaException {
        if (kind == SchemaRefusal.Kind.ELEMENT) {
            requireNewElementName(name, position);
            refusedElements.put(name, SchemaRefusal.of(kind, name, cause));
        } else if (kind == SchemaRefusal.Kind.GROUP) {
            groups.refuse(name, position, cause);
        } else if (kind == SchemaRefusal.Kind.ATTRIBUTE) {
            attributes.refuse(name, position, cause);
        } else if (kind == SchemaRefusal.Kind.ATTRIBUTE_GROUP) {
            attributeGroups.refuse(name, position, cause);
        } else {
            requireNewTypeName(name, position);
            refusedTypes.put(name, SchemaRefusal.of(kind, name, cause));
        }
    }

    private void requireNewElementName(QualifiedName name, SourcePosition position) throws SchemaException {
        if (elements.containsKey(name) || refusedElements.containsKey(name)) {
            throw position.error("global element " + name + " is declared twice");
        }
    }

    void addAttribute(ParsedAttribute attribute) throws SchemaException {
        attributes.add(attribute.name(), attribute.position(), attribute);
    }

    void addAttributeGroup(ParsedAttributeGroup group) throws SchemaException {
        attributeGroups.add(group.name(), group.position(), group);
    }

    void addGroup(ParsedGroup group) throws SchemaException {
        groups.add(group.name(), group.position(), group);
    }

    void addComplexType(ParsedComplexType type) throws SchemaException {
        requireNewTypeName(type.name(), type.position());
        complexTypes.put(type.name(), type);
    }

    /** Records that the named type {@code derived} extends {@code base}, whether or not it is refused later. */
    void addExtension(QualifiedName derived, QualifiedName base) {
        extensions.putIfAbsent(base, derived);
    }

    /**
     * A named type that extends {@code base}, or {@code null}: an element of type {@code base} may carry an
     * instance of it instead, named by {@code xsi:type}.
     */
    QualifiedName extensionOf(QualifiedName base) {
        return extensions.get(base);
    }

    void addSimpleType(QualifiedName name, SimpleType type, SourcePosition position) throws SchemaException {
        requireNewTypeName(name, position);
        simpleTypes.put(name, type);
    }

    /** Complex and simple types share one symbol space in XML Schema. */
    private void requireNewTypeName(QualifiedName name, SourcePosition position) throws SchemaException {
        if (!typeNames.add(name)) {
            throw position.error("type " + name + " is declared twice");
        }
    }

    /** Every {@code xs:import} must name a namespace declared in this same document: nothing is fetched. */
    void requireImportsPresent() throws SchemaException {
        for (Map.Entry<String, SourcePosition> entry : imports.entrySet()) {
            String namespace = entry.getKey();
            if (!targetNamespaces.contains(namespace)) {
                throw entry.getValue().error("xs:import of "
                        + (namespace.isEmpty() ? "the empty namespace" : "namespace " + namespace)
                        + ", which no schema in this document declares (other documents are never fetched)");
            }
        }
    }

    /**
     * Why a name of {@code namespace} may be missing: its namespace is imported from another document, which is
     * never fetched (or, when imports are fetched, could not be), or imported without any schema of this
     * document declaring it; else {@code ""}.
     */
    String unreadImport(String namespace) {
        if (!imports.containsKey(namespace) || targetNamespaces.contains(namespace)) {
            return "";
        }
        String location = importLocations.get(namespace);
        return location != null ? " (its namespace is imported from schemaLocation=\"" + location
                + (importsFetched ? "\", another document, which could not be fetched)"
                        : "\", another document, which is never fetched)")
                : " (its namespace is imported, but no schema in this document declares it)";
    }

    /** {@link #unreadImport(String)} of every imported namespace that has one, by namespace. */
    Map<String, String> unreadImports() {
        Map<String, String> unread = new LinkedHashMap<>();
        for (String namespace : imports.keySet()) {
            String why = unreadImport(namespace);
            if (!why.isEmpty()) {
                unread.put(namespace, why);
            }
        }
        return unread;
    }

    Map<QualifiedName, ParsedElement> elements() {
        return elements;
    }

    Map<QualifiedName, ParsedComplexType> complexTypes() {
        return complexTypes;
    }

    Map<QualifiedName, SimpleType> simpleTypes() {
        return simpleTypes;
    }

    /** Global elements refused while reading, in document order. */
    Map<QualifiedName, SchemaRefusal> refusedElements() {
        return refusedElements;
    }

    SymbolSpace<ParsedGroup> groups() {
        return groups;
    }

    SymbolSpace<ParsedAttribute> attributes() {
        return attributes;
    }

    SymbolSpace<ParsedAttributeGroup> attributeGroups() {
        return attributeGroups;
    }

    /** Named types refused while reading, in document order. */
    Map<QualifiedName, SchemaRefusal> refusedTypes() {
        return refusedTypes;
    }
}
