package org.hhfr.negotiation;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Attr;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;

/**
 * A small XML canonicalizer for tests, independent of kxml2 (it uses the JDK's DOM): names are
 * namespace-resolved, prefixes and namespace declarations do not count, attributes are compared as a set,
 * adjacent text is merged, comments and processing instructions are dropped. Two documents with equal
 * canonical forms carry the same Infoset for every purpose a SOAP service has.
 */
final class XmlCanonicalForm {
    private XmlCanonicalForm() {
    }

    static String of(byte[] document) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            Element root = builder.parse(new ByteArrayInputStream(document)).getDocumentElement();
            StringBuilder out = new StringBuilder();
            append(root, out, 0);
            return out.toString();
        } catch (Exception e) {
            throw new AssertionError("not well-formed: " + new String(document, java.nio.charset.StandardCharsets.UTF_8), e);
        }
    }

    private static void append(Element element, StringBuilder out, int depth) {
        indent(out, depth).append('{').append(nullToEmpty(element.getNamespaceURI())).append('}')
                .append(element.getLocalName());
        TreeSet<String> attributes = new TreeSet<>();
        NamedNodeMap map = element.getAttributes();
        for (int i = 0; i < map.getLength(); i++) {
            Attr attribute = (Attr) map.item(i);
            if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(attribute.getNamespaceURI())) {
                continue;
            }
            attributes.add("{" + nullToEmpty(attribute.getNamespaceURI()) + "}" + attribute.getLocalName() + "="
                    + quote(attribute.getValue()));
        }
        for (String attribute : attributes) {
            out.append(' ').append(attribute);
        }
        out.append('\n');
        List<Object> children = new ArrayList<>();
        StringBuilder text = null;
        for (Node child = element.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child.getNodeType() == Node.TEXT_NODE || child.getNodeType() == Node.CDATA_SECTION_NODE) {
                if (text == null) {
                    text = new StringBuilder();
                    children.add(text);
                }
                text.append(child.getNodeValue());
            } else if (child.getNodeType() == Node.ELEMENT_NODE) {
                text = null;
                children.add(child);
            }
        }
        for (Object child : children) {
            if (child instanceof StringBuilder) {
                indent(out, depth + 1).append("text ").append(quote(child.toString())).append('\n');
            } else {
                append((Element) child, out, depth + 1);
            }
        }
    }

    private static StringBuilder indent(StringBuilder out, int depth) {
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
        return out;
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }

    private static String quote(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\') {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
