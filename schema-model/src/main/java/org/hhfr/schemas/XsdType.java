package org.hhfr.schemas;

/** The XML Schema built-in simple types HHFR can stream. Anything else is rejected by the parser. */
public enum XsdType {
    STRING("string"),
    BOOLEAN("boolean"),
    INT("int"),
    LONG("long"),
    SHORT("short"),
    BYTE("byte"),
    FLOAT("float"),
    DOUBLE("double"),
    DECIMAL("decimal"),
    DATE_TIME("dateTime"),
    BASE64_BINARY("base64Binary");

    /** Namespace of the XML Schema language and its built-in types. */
    public static final String XSD_NAMESPACE = "http://www.w3.org/2001/XMLSchema";

    private final String localName;

    XsdType(String localName) {
        this.localName = localName;
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
}
