package org.hhfr.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;

/**
 * Renders data structures for people: one aligned table per structure, the element tree on the left,
 * then type, occurrence and notes. Namespaces get short prefixes (ns1, ns2...) listed once at the top;
 * a name without a prefix is in no namespace. ASCII only, so any terminal shows it.
 */
final class SchemaTextRenderer {
    private final Map<String, String> prefixes = new LinkedHashMap<>();

    /** One row of a structure's table. */
    private static final class Row {
        final String tree;
        final String type;
        final String occurs;
        final String notes;

        Row(String tree, String type, String occurs, String notes) {
            this.tree = tree;
            this.type = type;
            this.occurs = occurs;
            this.notes = notes;
        }
    }

    String render(String source, List<DataStructure> structures) {
        List<List<Row>> tables = new ArrayList<>();
        for (DataStructure structure : structures) {
            List<Row> rows = new ArrayList<>();
            addElement(rows, structure.root(), "", "");
            tables.add(rows);
        }
        StringBuilder out = new StringBuilder();
        out.append(source).append(": ").append(structures.size())
                .append(structures.size() == 1 ? " message structure" : " message structures").append('\n');
        for (Map.Entry<String, String> prefix : prefixes.entrySet()) {
            out.append("  ").append(prefix.getValue()).append(" = ").append(prefix.getKey()).append('\n');
        }
        for (int i = 0; i < structures.size(); i++) {
            out.append('\n');
            appendTable(out, tables.get(i));
            out.append("  fingerprint ").append(structures.get(i).fingerprint()).append('\n');
        }
        return out.toString();
    }

    private void addElement(List<Row> rows, ElementDecl element, String lead, String childLead) {
        String type = element.isSimple() ? simpleType(element.simpleType()) : complexTypeName(element.complexType());
        List<String> notes = new ArrayList<>();
        if (element.isOptional()) {
            notes.add("optional");
        } else if (element.isFixedLength()) {
            notes.add("fixed-length array");
        } else if (element.isRepeated()) {
            notes.add("array");
        }
        if (element.nillable()) {
            notes.add("nillable");
        }
        if (element.isSimple() && element.simpleType().isEnumeration()) {
            notes.add(enumeration(element.simpleType()));
        }
        rows.add(new Row(lead + name(element.name()), type, occurrence(element), String.join(", ", notes)));
        if (element.isSimple()) {
            return;
        }
        ComplexType complex = element.complexType();
        int children = complex.attributes().size() + complex.elements().size();
        int index = 0;
        for (AttributeDecl attribute : complex.attributes()) {
            boolean last = ++index == children;
            String notesText = attribute.type().isEnumeration() ? "attribute, " + enumeration(attribute.type())
                    : "attribute";
            rows.add(new Row(childLead + (last ? "`-- @" : "|-- @") + name(attribute.name()),
                    simpleType(attribute.type()), attribute.required() ? "1" : "0..1", notesText));
        }
        if (complex.hasSimpleContent()) {
            ElementDecl text = complex.elements().get(0);
            rows.add(new Row(childLead + "`-- " + name(text.name()), simpleType(text.simpleType()), "1",
                    "the element's text"));
            return;
        }
        for (ElementDecl child : complex.elements()) {
            boolean last = ++index == children;
            addElement(rows, child, childLead + (last ? "`-- " : "|-- "), childLead + (last ? "    " : "|   "));
        }
    }

    private String name(QualifiedName name) {
        if (name.namespace().isEmpty()) {
            return name.localName();
        }
        String prefix = prefixes.get(name.namespace());
        if (prefix == null) {
            prefix = "ns" + (prefixes.size() + 1);
            prefixes.put(name.namespace(), prefix);
        }
        return prefix + ":" + name.localName();
    }

    private static String simpleType(SimpleType type) {
        QualifiedName name = type.name();
        if (type.isEnumeration()) {
            return (name == null ? "" : name.localName() + " ") + "enum of " + type.base().localName();
        }
        return type.base().localName();
    }

    private static String complexTypeName(ComplexType type) {
        return type.name() == null ? "(complex)" : type.name().localName();
    }

    private static String enumeration(SimpleType type) {
        StringBuilder values = new StringBuilder("one of ");
        for (int i = 0; i < type.enumeration().size(); i++) {
            values.append(i == 0 ? "" : " | ").append(JsonOutput.quoted(type.enumeration().get(i)));
        }
        return values.toString();
    }

    private static String occurrence(ElementDecl element) {
        if (element.isSingle()) {
            return "1";
        }
        return element.minOccurs() + ".."
                + (element.maxOccurs() == ElementDecl.UNBOUNDED ? "*" : String.valueOf(element.maxOccurs()));
    }

    private static void appendTable(StringBuilder out, List<Row> rows) {
        int treeWidth = 0;
        int typeWidth = 0;
        int occursWidth = 0;
        for (Row row : rows) {
            treeWidth = Math.max(treeWidth, row.tree.length());
            typeWidth = Math.max(typeWidth, row.type.length());
            occursWidth = Math.max(occursWidth, row.occurs.length());
        }
        for (Row row : rows) {
            StringBuilder line = new StringBuilder();
            pad(line, row.tree, treeWidth + 2);
            pad(line, row.type, typeWidth + 2);
            pad(line, row.occurs, occursWidth + 2);
            line.append(row.notes);
            out.append(line.toString().replaceAll("\\s+$", "")).append('\n');
        }
    }

    private static void pad(StringBuilder line, String text, int width) {
        line.append(text);
        for (int i = text.length(); i < width; i++) {
            line.append(' ');
        }
    }
}
