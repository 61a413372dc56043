package org.hhfr.schemas.testing;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;

/**
 * Writes a {@link DataStructure} as an XML Schema document with one global element, every type inline
 * and every local name's namespace made explicit with {@code form=}. Parsing the result gives an equal
 * structure; tests use it to feed parsers real schema text for generated structures.
 */
public final class XsdWriter {
    private final String xsdPrefix;
    private final String prefix;
    private final boolean paperArrays;
    private final StringBuilder out = new StringBuilder();

    /**
     * @param xsdPrefix the prefix bound to the XSD namespace, {@code ""} to make it the default namespace
     * @param paperArrays write fixed-length arrays of built-ins in the paper's {@code type="array"} form
     */
    private XsdWriter(String xsdPrefix, boolean paperArrays) {
        this.xsdPrefix = xsdPrefix;
        this.prefix = xsdPrefix.isEmpty() ? "" : xsdPrefix + ":";
        this.paperArrays = paperArrays;
    }

    /** The structure as a schema using the {@code xs} prefix. */
    public static String write(DataStructure structure) {
        return write(structure, "xs", false);
    }

    public static String write(DataStructure structure, String xsdPrefix, boolean paperArrays) {
        return new XsdWriter(xsdPrefix, paperArrays).schema(structure.root());
    }

    private String schema(ElementDecl root) {
        String targetNamespace = root.name().namespace();
        out.append('<').append(prefix).append("schema");
        attribute(xsdPrefix.isEmpty() ? "xmlns" : "xmlns:" + xsdPrefix, XsdType.XSD_NAMESPACE);
        if (!targetNamespace.isEmpty()) {
            attribute("targetNamespace", targetNamespace);
        }
        out.append(">\n");
        element(root, true, 1);
        out.append("</").append(prefix).append("schema>\n");
        return out.toString();
    }

    private void element(ElementDecl element, boolean global, int depth) {
        indent(depth);
        out.append('<').append(prefix).append("element");
        attribute("name", element.name().localName());
        if (!global) {
            attribute("form", element.name().namespace().isEmpty() ? "unqualified" : "qualified");
        }
        boolean shorthand = paperArrays && !global && element.isFixedLength() && element.isSimple()
                && !element.simpleType().isEnumeration();
        if (shorthand) {
            attribute("type", "array");
            attribute("primitives", element.simpleType().base().localName());
            attribute("value", String.valueOf(element.minOccurs()));
        } else if (!global) {
            if (element.minOccurs() != 1) {
                attribute("minOccurs", String.valueOf(element.minOccurs()));
            }
            if (element.maxOccurs() != 1) {
                attribute("maxOccurs", element.maxOccurs() == ElementDecl.UNBOUNDED ? "unbounded"
                        : String.valueOf(element.maxOccurs()));
            }
        }
        if (element.nillable()) {
            attribute("nillable", "true");
        }
        if (element.isSimple() && (shorthand || !element.simpleType().isEnumeration())) {
            if (!shorthand) {
                attribute("type", prefix + element.simpleType().base().localName());
            }
            out.append("/>\n");
            return;
        }
        out.append(">\n");
        if (element.isSimple()) {
            enumeration(element.simpleType(), depth + 1);
        } else {
            complexType(element.complexType(), depth + 1);
        }
        indent(depth);
        out.append("</").append(prefix).append("element>\n");
    }

    private void complexType(ComplexType type, int depth) {
        indent(depth);
        out.append('<').append(prefix).append("complexType>\n");
        if (type.hasSimpleContent()) {
            indent(depth + 1);
            out.append('<').append(prefix).append("simpleContent><").append(prefix).append("extension");
            attribute("base", prefix + type.elements().get(0).simpleType().base().localName());
            out.append(">\n");
            attributes(type, depth + 2);
            indent(depth + 1);
            out.append("</").append(prefix).append("extension></").append(prefix).append("simpleContent>\n");
            indent(depth);
            out.append("</").append(prefix).append("complexType>\n");
            return;
        }
        if (!type.elements().isEmpty()) {
            indent(depth + 1);
            out.append('<').append(prefix).append("sequence>\n");
            for (ElementDecl child : type.elements()) {
                element(child, false, depth + 2);
            }
            indent(depth + 1);
            out.append("</").append(prefix).append("sequence>\n");
        }
        attributes(type, depth + 1);
        indent(depth);
        out.append("</").append(prefix).append("complexType>\n");
    }

    private void attributes(ComplexType type, int depth) {
        for (AttributeDecl attribute : type.attributes()) {
            indent(depth);
            out.append('<').append(prefix).append("attribute");
            attribute("name", attribute.name().localName());
            attribute("form", attribute.name().namespace().isEmpty() ? "unqualified" : "qualified");
            attribute("use", attribute.required() ? "required" : "optional");
            if (attribute.type().isEnumeration()) {
                out.append(">\n");
                enumeration(attribute.type(), depth + 1);
                indent(depth);
                out.append("</").append(prefix).append("attribute>\n");
            } else {
                attribute("type", prefix + attribute.type().base().localName());
                out.append("/>\n");
            }
        }
    }

    private void enumeration(SimpleType type, int depth) {
        indent(depth);
        out.append('<').append(prefix).append("simpleType><").append(prefix).append("restriction");
        attribute("base", prefix + type.base().localName());
        out.append(">\n");
        for (String value : type.enumeration()) {
            indent(depth + 1);
            out.append('<').append(prefix).append("enumeration");
            attribute("value", value);
            out.append("/>\n");
        }
        indent(depth);
        out.append("</").append(prefix).append("restriction></").append(prefix).append("simpleType>\n");
    }

    private void attribute(String name, String value) {
        out.append(' ').append(name).append("=\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&':
                    out.append("&amp;");
                    break;
                case '<':
                    out.append("&lt;");
                    break;
                case '"':
                    out.append("&quot;");
                    break;
                case '\t':
                case '\n':
                case '\r':
                    out.append("&#").append((int) c).append(';');
                    break;
                default:
                    out.append(c);
            }
        }
        out.append('"');
    }

    private void indent(int depth) {
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
    }
}
