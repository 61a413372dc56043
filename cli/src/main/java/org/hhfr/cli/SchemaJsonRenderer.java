package org.hhfr.cli;

import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.OperationStructures;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;

/**
 * Renders a WSDL's per-operation verdicts and data structures as JSON for tools: each operation with its
 * request and response elements, whether it can stream and why not; every element with its name,
 * namespace, occurrence, nillability and type; complex types with their attributes and elements in wire
 * order; simple types with their built-in base and enumeration. Output is pure ASCII (anything else
 * becomes a JSON unicode escape), so it survives any console encoding.
 */
final class SchemaJsonRenderer {
    /** @param operations the WSDL's operations; none for a standalone schema */
    String render(String source, List<OperationStructures> operations, List<DataStructure> structures) {
        ObjectNode json = JsonOutput.NODES.objectNode();
        json.put("source", source);
        ArrayNode verdicts = json.putArray("operations");
        for (OperationStructures operation : operations) {
            ObjectNode item = verdicts.addObject();
            item.put("operation", operation.operation());
            item.set("request", optionalName(operation.requestElement()));
            item.set("response", optionalName(operation.responseElement()));
            item.put("streamable", operation.isStreamable());
            item.put("reason", operation.reason());
        }
        ArrayNode items = json.putArray("structures");
        for (DataStructure structure : structures) {
            ObjectNode item = items.addObject();
            item.put("fingerprint", structure.fingerprint());
            item.set("root", element(structure.root()));
        }
        return JsonOutput.indented(json, true);
    }

    private static ObjectNode element(ElementDecl element) {
        ObjectNode json = named(element.name());
        json.put("minOccurs", element.minOccurs());
        if (element.maxOccurs() == ElementDecl.UNBOUNDED) {
            json.put("maxOccurs", "unbounded");
        } else {
            json.put("maxOccurs", element.maxOccurs());
        }
        json.put("occurrence", element.isSingle() ? "single" : element.isOptional() ? "optional"
                : element.isFixedLength() ? "fixed-length array" : "array");
        json.put("nillable", element.nillable());
        json.set("type", element.isSimple() ? simpleType(element.simpleType()) : complexType(element.complexType()));
        return json;
    }

    private static ObjectNode complexType(ComplexType type) {
        ObjectNode json = JsonOutput.NODES.objectNode();
        json.put("kind", "complex");
        json.put("simpleContent", type.hasSimpleContent());
        json.set("typeName", optionalName(type.name()));
        ArrayNode attributes = json.putArray("attributes");
        for (AttributeDecl attribute : type.attributes()) {
            ObjectNode item = named(attribute.name());
            item.put("required", attribute.required());
            item.set("type", simpleType(attribute.type()));
            attributes.add(item);
        }
        ArrayNode elements = json.putArray("elements");
        for (ElementDecl child : type.elements()) {
            elements.add(element(child));
        }
        return json;
    }

    private static ObjectNode simpleType(SimpleType type) {
        ObjectNode json = JsonOutput.NODES.objectNode();
        json.put("kind", "simple");
        json.put("base", type.base().localName());
        json.set("typeName", optionalName(type.isEnumeration() ? type.name() : null));
        ArrayNode enumeration = json.putArray("enumeration");
        for (String value : type.enumeration()) {
            enumeration.add(value);
        }
        return json;
    }

    private static ObjectNode named(QualifiedName name) {
        ObjectNode json = JsonOutput.NODES.objectNode();
        json.put("name", name.localName());
        json.put("namespace", name.namespace());
        return json;
    }

    private static JsonNode optionalName(QualifiedName name) {
        return name == null ? JsonOutput.NODES.nullNode() : named(name);
    }
}
