package org.hhfr.cli;

import java.util.List;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;

/**
 * Renders data structures as JSON for tools: every element with its name, namespace, occurrence,
 * nillability and type; complex types with their attributes and elements in wire order; simple types
 * with their built-in base and enumeration. Output is pure ASCII (anything else becomes a JSON unicode
 * escape), so it survives any console encoding.
 */
final class SchemaJsonRenderer {
    private final StringBuilder out = new StringBuilder();
    private int indent;
    /** Nothing written yet at the current nesting level, so the next item needs no comma. */
    private boolean first = true;

    String render(String source, List<DataStructure> structures) {
        out.setLength(0);
        beginObject();
        key("source").string(source);
        key("structures").beginArray();
        for (DataStructure structure : structures) {
            item().beginObject();
            key("fingerprint").string(structure.fingerprint());
            key("root");
            element(structure.root());
            endObject();
        }
        endArray();
        endObject();
        return out.append('\n').toString();
    }

    private void element(ElementDecl element) {
        beginObject();
        name(element.name());
        key("minOccurs").number(element.minOccurs());
        key("maxOccurs");
        if (element.maxOccurs() == ElementDecl.UNBOUNDED) {
            string("unbounded");
        } else {
            number(element.maxOccurs());
        }
        key("occurrence").string(element.isSingle() ? "single" : element.isOptional() ? "optional"
                : element.isFixedLength() ? "fixed-length array" : "array");
        key("nillable").bool(element.nillable());
        key("type");
        if (element.isSimple()) {
            simpleType(element.simpleType());
        } else {
            complexType(element.complexType());
        }
        endObject();
    }

    private void complexType(ComplexType type) {
        beginObject();
        key("kind").string("complex");
        key("typeName");
        optionalName(type.name());
        key("attributes").beginArray();
        for (AttributeDecl attribute : type.attributes()) {
            item().beginObject();
            name(attribute.name());
            key("required").bool(attribute.required());
            key("type");
            simpleType(attribute.type());
            endObject();
        }
        endArray();
        key("elements").beginArray();
        for (ElementDecl child : type.elements()) {
            item();
            element(child);
        }
        endArray();
        endObject();
    }

    private void simpleType(SimpleType type) {
        beginObject();
        key("kind").string("simple");
        key("base").string(type.base().localName());
        key("typeName");
        optionalName(type.isEnumeration() ? type.name() : null);
        key("enumeration").beginArray();
        for (String value : type.enumeration()) {
            item().string(value);
        }
        endArray();
        endObject();
    }

    private void name(QualifiedName name) {
        key("name").string(name.localName());
        key("namespace").string(name.namespace());
    }

    private void optionalName(QualifiedName name) {
        if (name == null) {
            out.append("null");
            return;
        }
        beginObject();
        name(name);
        endObject();
    }

    // ---- a minimal pretty-printing writer: commas and indentation follow the nesting.

    private SchemaJsonRenderer beginObject() {
        return open('{');
    }

    private SchemaJsonRenderer beginArray() {
        return open('[');
    }

    private SchemaJsonRenderer open(char bracket) {
        out.append(bracket);
        indent++;
        first = true;
        return this;
    }

    private void endObject() {
        close('}');
    }

    private void endArray() {
        close(']');
    }

    private void close(char bracket) {
        indent--;
        if (!first) {
            newline();
        }
        out.append(bracket);
        first = false;
    }

    private SchemaJsonRenderer key(String key) {
        item();
        string(key);
        out.append(": ");
        return this;
    }

    private SchemaJsonRenderer item() {
        if (!first) {
            out.append(',');
        }
        newline();
        first = true;
        return this;
    }

    private void newline() {
        out.append('\n');
        for (int i = 0; i < indent; i++) {
            out.append("  ");
        }
    }

    private void string(String value) {
        out.append(quoted(value, true));
        first = false;
    }

    /**
     * {@code value} as a JSON string literal. With {@code asciiOnly}, every character outside printable
     * ASCII becomes a JSON unicode escape; otherwise only control characters are.
     */
    static String quoted(String value, boolean asciiOnly) {
        StringBuilder literal = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"':
                    literal.append("\\\"");
                    break;
                case '\\':
                    literal.append("\\\\");
                    break;
                case '\n':
                    literal.append("\\n");
                    break;
                case '\r':
                    literal.append("\\r");
                    break;
                case '\t':
                    literal.append("\\t");
                    break;
                default:
                    if (c < 0x20 || c == 0x7F || (asciiOnly && c > 0x7E)) {
                        literal.append(String.format("\\u%04x", (int) c));
                    } else {
                        literal.append(c);
                    }
            }
        }
        return literal.append('"').toString();
    }

    private void number(int value) {
        out.append(value);
        first = false;
    }

    private void bool(boolean value) {
        out.append(value);
        first = false;
    }
}
