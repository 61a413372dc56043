package org.hhfr.streamer;

import java.io.IOException;
import java.lang.reflect.Array;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.xmlpull.v1.XmlSerializer;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;

/**
 * Writes a message as the SOAP Body content a document/literal peer exchanges: the root element and its
 * subtree, on a serializer that may already be inside an envelope. The namespaces of the structure are
 * declared once on the root element; unqualified children are written in no namespace.
 */
final class XmlWriter {
    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

    private final XmlSerializer out;

    XmlWriter(XmlSerializer out) {
        this.out = out;
    }

    void write(Message message) throws IOException {
        ElementDecl root = message.structure().root();
        Set<String> namespaces = new LinkedHashSet<>();
        collectNamespaces(root, namespaces);
        int generated = 0;
        for (String namespace : namespaces) {
            if (out.getPrefix(namespace, false) == null) {
                out.setPrefix(generated == 0 ? "ns" : "ns" + generated, namespace);
                generated++;
            }
        }
        writeElement(root, message.root());
    }

    private static void collectNamespaces(ElementDecl element, Set<String> namespaces) {
        addNamespace(element.name(), namespaces);
        if (element.isSimple()) {
            return;
        }
        for (AttributeDecl attribute : element.complexType().attributes()) {
            addNamespace(attribute.name(), namespaces);
        }
        if (!element.complexType().hasSimpleContent()) {
            for (ElementDecl child : element.complexType().elements()) {
                collectNamespaces(child, namespaces);
            }
        }
    }

    private static void addNamespace(QualifiedName name, Set<String> namespaces) {
        if (!name.namespace().isEmpty()) {
            namespaces.add(name.namespace());
        }
    }

    /** One occurrence of {@code element}: a value, {@link Nil#NIL}, or a nil record (with attributes). */
    private void writeElement(ElementDecl element, Object value) throws IOException {
        QualifiedName name = element.name();
        if (Nil.isNil(value)) {
            if (out.getPrefix(XSI, false) == null) {
                out.setPrefix("xsi", XSI);
            }
            out.startTag(name.namespace(), name.localName());
            out.attribute(XSI, "nil", "true");
            if (value instanceof Record) {
                writeAttributes((Record) value);
            }
        } else {
            out.startTag(name.namespace(), name.localName());
            if (element.isSimple()) {
                writeText(XsdLexical.format(element.simpleType(), value));
            } else {
                writeRecordContent((Record) value);
            }
        }
        out.endTag(name.namespace(), name.localName());
    }

    private void writeRecordContent(Record record) throws IOException {
        writeAttributes(record);
        if (record.type().hasSimpleContent()) {
            writeText(XsdLexical.format(record.type().elements().get(0).simpleType(), record.get(0)));
            return;
        }
        List<ElementDecl> elements = record.type().elements();
        for (int i = 0; i < elements.size(); i++) {
            ElementDecl element = elements.get(i);
            Object value = record.get(i);
            if (element.isRepeated()) {
                writeItems(element, value);
            } else if (value != null) {
                writeElement(element, value);
            }
        }
    }

    private void writeAttributes(Record record) throws IOException {
        List<AttributeDecl> attributes = record.type().attributes();
        for (int i = 0; i < attributes.size(); i++) {
            Object value = record.attribute(i);
            if (value != null) {
                AttributeDecl attribute = attributes.get(i);
                out.attribute(attribute.name().namespace(), attribute.name().localName(),
                        XsdLexical.format(attribute.type(), value));
            }
        }
    }

    private void writeItems(ElementDecl element, Object array) throws IOException {
        if (array instanceof Object[]) {
            for (Object item : (Object[]) array) {
                writeElement(element, item == null ? Nil.NIL : item);
            }
            return;
        }
        QualifiedName name = element.name();
        SimpleType type = element.simpleType();
        int length = Array.getLength(array);
        for (int i = 0; i < length; i++) {
            out.startTag(name.namespace(), name.localName());
            out.text(primitiveItem(type, array, i));
            out.endTag(name.namespace(), name.localName());
        }
    }

    /** Item {@code i} of a primitive array, formatted without boxing where it matters (floats). */
    private static String primitiveItem(SimpleType type, Object array, int i) {
        if (array instanceof float[]) {
            return XsdLexical.formatFloat(((float[]) array)[i]);
        } else if (array instanceof double[]) {
            return XsdLexical.formatDouble(((double[]) array)[i]);
        } else if (array instanceof int[]) {
            return Integer.toString(((int[]) array)[i]);
        }
        return XsdLexical.format(type, Array.get(array, i));
    }

    /** Text with each carriage return as a character reference: a parser turns a raw one into a line feed. */
    private void writeText(String text) throws IOException {
        int segment = 0;
        for (int i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', segment)) {
            if (i > segment) {
                out.text(text.substring(segment, i));
            }
            out.entityRef("#13");
            segment = i + 1;
        }
        if (segment < text.length()) {
            out.text(segment == 0 ? text : text.substring(segment));
        }
    }
}
