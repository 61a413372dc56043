package org.hhfr.schemas;

import java.util.Arrays;

/**
 * The XML Schema built-in simple types with an encoding of their own; the other built-ins HHFR streams travel as one
 * of them ({@link #carrying}). Anything else is rejected by the parser.
 */
public enum XsdType {
    STRING("string", "normalizedString", "token", "language", "Name", "NCName", "NMTOKEN", "NMTOKENS", "ID", "IDREF",
            "IDREFS", "ENTITY", "ENTITIES", "anyURI", "hexBinary", "date", "time", "duration", "gYear", "gYearMonth",
            "gMonth", "gMonthDay", "gDay"),
    BOOLEAN("boolean"),
    INT("int", "unsignedShort"),
    LONG("long", "unsignedInt"),
    SHORT("short", "unsignedByte"),
    BYTE("byte"),
    FLOAT("float"),
    DOUBLE("double"),
    DECIMAL("decimal", "integer", "nonNegativeInteger", "positiveInteger", "nonPositiveInteger", "negativeInteger",
            "unsignedLong"),
    DATE_TIME("dateTime"),
    BASE64_BINARY("base64Binary");

    /** Namespace of the XML Schema language and its built-in types. */
    public static final String XSD_NAMESPACE = "http://www.w3.org/2001/XMLSchema";

    private final String localName;
    /** The other built-in types whose values travel as this one's. */
    private final String[] carried;

    XsdType(String localName, String... carried) {
        this.localName = localName;
        this.carried = carried;
    }

    /** The name in the XSD namespace, e.g. {@code dateTime}. */
    public String localName() {
        return localName;
    }

    /** The type with that name in the XSD namespace, or {@code null} if HHFR does not support it. */
    public static XsdType forLocalName(String localName) {
        for (XsdType type : values()) {
            if (type.localName.equals(localName)) {
                return type;
            }
        }
        return null;
    }

    /**
     * The type that carries values of the built-in type {@code localName} of the XSD namespace: the type of that name,
     * or the one whose values and lexical forms hold all of its. The types derived from xs:string, xs:anyURI,
     * xs:hexBinary, and the dates, times and durations other than xs:dateTime travel as their text (xs:string); the
     * integer types by their range: xs:unsignedByte as xs:short, xs:unsignedShort as xs:int, xs:unsignedInt as
     * xs:long, and xs:integer, the signed ones without bounds and xs:unsignedLong as xs:decimal. The service checks
     * such a value as it checks it in a SOAP request: it reads the same text.
     *
     * @return {@code null} for xs:QName and xs:NOTATION (a value needs the namespaces in scope where it is
     *     written), xs:anyType, xs:anySimpleType and names that are no built-in type
     */
    public static XsdType carrying(String localName) {
        for (XsdType type : values()) {
            if (type.localName.equals(localName) || Arrays.asList(type.carried).contains(localName)) {
                return type;
            }
        }
        return null;
    }
}
