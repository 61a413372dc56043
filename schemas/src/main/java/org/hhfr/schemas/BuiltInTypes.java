package org.hhfr.schemas;

/**
 * How a schema's built-in types travel: as the {@link XsdType} of their name, or, for a built-in that has no
 * encoding of its own, as the one whose values and lexical forms hold all of its.
 */
final class BuiltInTypes {
    private BuiltInTypes() {
    }

    /**
     * The type that carries values of the built-in type {@code localName} of the XSD namespace. The types derived
     * from xs:string, xs:anyURI, xs:hexBinary, and the dates, times and durations other than xs:dateTime travel as
     * their text (xs:string); the integer types by their range: xs:unsignedByte as xs:short, xs:unsignedShort as
     * xs:int, xs:unsignedInt as xs:long, and xs:integer, the signed ones without bounds and xs:unsignedLong as
     * xs:decimal. The service checks such a value as it checks it in a SOAP request: it reads the same text.
     *
     * @return {@code null} for xs:QName and xs:NOTATION (a value needs the namespaces in scope where it is
     *     written), xs:anyType, xs:anySimpleType and names that are no built-in type
     */
    static XsdType carrying(String localName) {
        XsdType named = XsdType.forLocalName(localName);
        if (named != null) {
            return named;
        }
        switch (localName) {
            case "normalizedString":
            case "token":
            case "language":
            case "Name":
            case "NCName":
            case "NMTOKEN":
            case "NMTOKENS":
            case "ID":
            case "IDREF":
            case "IDREFS":
            case "ENTITY":
            case "ENTITIES":
            case "anyURI":
            case "hexBinary":
            case "date":
            case "time":
            case "duration":
            case "gYear":
            case "gYearMonth":
            case "gMonth":
            case "gMonthDay":
            case "gDay":
                return XsdType.STRING;
            case "unsignedByte":
                return XsdType.SHORT;
            case "unsignedShort":
                return XsdType.INT;
            case "unsignedInt":
                return XsdType.LONG;
            case "integer":
            case "nonNegativeInteger":
            case "positiveInteger":
            case "nonPositiveInteger":
            case "negativeInteger":
            case "unsignedLong":
                return XsdType.DECIMAL;
            default:
                return null;
        }
    }
}
