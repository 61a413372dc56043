package org.hhfr.schemas;

/** Builds small schema documents for tests: the body starts on line 2, inside a schema in urn:t. */
final class Schemas {
    static final String XSD = XsdType.XSD_NAMESPACE;
    static final String TNS = "urn:t";

    private Schemas() {
    }

    /** {@code body} inside {@code <xs:schema ... targetNamespace="urn:t">}, on line 2 onward. */
    static String schema(String body) {
        return schemaWith("", body);
    }

    /** As {@link #schema(String)}, with extra attributes on xs:schema (e.g. elementFormDefault). */
    static String schemaWith(String attributes, String body) {
        return "<xs:schema xmlns:xs=\"" + XSD + "\" xmlns:tns=\"" + TNS + "\" targetNamespace=\"" + TNS + "\""
                + (attributes.isEmpty() ? "" : " " + attributes) + ">\n" + body + "\n</xs:schema>\n";
    }

    static Schema parse(String document) throws SchemaException {
        return new SchemaParser().parse(document);
    }

    static QualifiedName tns(String local) {
        return new QualifiedName(TNS, local);
    }

    static QualifiedName local(String local) {
        return new QualifiedName("", local);
    }
}
