package org.hhfr.schemas;

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

    void addTargetNamespace(String namespace) {
        targetNamespaces.add(namespace);
    }

    void addImport(String namespace, SourcePosition position) {
        imports.putIfAbsent(namespace, position);
    }

    void addElement(ParsedElement element) throws SchemaException {
        if (elements.putIfAbsent(element.name(), element) != null) {
            throw element.position().error("global element " + element.name() + " is declared twice");
        }
    }

    void addComplexType(ParsedComplexType type) throws SchemaException {
        requireNewTypeName(type.name(), type.position());
        complexTypes.put(type.name(), type);
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

    Map<QualifiedName, ParsedElement> elements() {
        return elements;
    }

    Map<QualifiedName, ParsedComplexType> complexTypes() {
        return complexTypes;
    }

    Map<QualifiedName, SimpleType> simpleTypes() {
        return simpleTypes;
    }
}
