package org.hhfr.schemas;

/**
 * The attributes of the current XSD start tag, read and checked: which are allowed, and the value
 * syntax of names, forms, booleans and occurrence counts. Errors point at the start tag.
 */
final class XsdTagAttributes {
    private static final String XSD = XsdType.XSD_NAMESPACE;

    private final XmlCursor cursor;

    XsdTagAttributes(XmlCursor cursor) {
        this.cursor = cursor;
    }

    /** Refuses unprefixed attributes not in {@code allowed}; attributes in other namespaces are annotations. */
    void allowOnly(String... allowed) throws SchemaException {
        for (int i = 0; i < cursor.attributeCount(); i++) {
            String namespace = cursor.attributeNamespace(i);
            String name = cursor.attributeName(i);
            if (XSD.equals(namespace) || (namespace.isEmpty() && !contains(allowed, name))) {
                throw cursor.error("attribute " + name + " of <" + cursor.tagName() + "> is not supported");
            }
        }
    }

    private static boolean contains(String[] names, String name) {
        for (String candidate : names) {
            if (candidate.equals(name)) {
                return true;
            }
        }
        return false;
    }

    /** The {@code name} attribute, required, and a valid XML name. */
    String name() throws SchemaException {
        String name = cursor.attribute("name");
        if (name == null) {
            throw cursor.error("<" + cursor.tagName() + "> needs a name");
        }
        String trimmed = name.trim();
        if (!XmlSyntax.isNcName(trimmed)) {
            throw cursor.error("name=\"" + name + "\" is not a valid XML name");
        }
        return trimmed;
    }

    /**
     * A form attribute ({@code form}, {@code elementFormDefault}...): qualified or not;
     * {@code otherwise} if absent.
     */
    boolean qualified(String attribute, boolean otherwise) throws SchemaException {
        String value = cursor.attribute(attribute);
        if (value == null) {
            return otherwise;
        }
        switch (value.trim()) {
            case "qualified":
                return true;
            case "unqualified":
                return false;
            default:
                throw cursor.error(attribute + "=\"" + value + "\" must be qualified or unqualified");
        }
    }

    /** An {@code xs:boolean} attribute, false if absent. */
    boolean flag(String attribute) throws SchemaException {
        String value = cursor.attribute(attribute);
        if (value == null) {
            return false;
        }
        switch (value.trim()) {
            case "true":
            case "1":
                return true;
            case "false":
            case "0":
                return false;
            default:
                throw cursor.error(attribute + "=\"" + value + "\" is not a boolean");
        }
    }

    /** {minOccurs, maxOccurs} from the current tag, 1 each by default; unbounded is {@link ElementDecl#UNBOUNDED}. */
    int[] occurrence() throws SchemaException {
        String min = cursor.attribute("minOccurs");
        String max = cursor.attribute("maxOccurs");
        int minOccurs = min == null ? 1 : count(min, "minOccurs");
        int maxOccurs = max == null ? 1
                : max.trim().equals("unbounded") ? ElementDecl.UNBOUNDED : count(max, "maxOccurs");
        if (maxOccurs == 0) {
            throw cursor.error("maxOccurs=\"0\" (a prohibited element) is not supported");
        }
        if (minOccurs > maxOccurs) {
            throw cursor.error("minOccurs=\"" + min + "\" is greater than maxOccurs"
                    + (max == null ? " (1 when absent)" : "=\"" + max + "\""));
        }
        return new int[] {minOccurs, maxOccurs};
    }

    /** A count that fits below {@link ElementDecl#UNBOUNDED}. */
    int count(String value, String attribute) throws SchemaException {
        String digits = value.trim();
        boolean valid = !digits.isEmpty() && digits.length() <= 10;
        for (int i = 0; valid && i < digits.length(); i++) {
            valid = digits.charAt(i) >= '0' && digits.charAt(i) <= '9';
        }
        if (!valid || Long.parseLong(digits) >= ElementDecl.UNBOUNDED) {
            throw cursor.error(attribute + "=\"" + value + "\" is not a count from 0 to "
                    + (ElementDecl.UNBOUNDED - 1));
        }
        return Integer.parseInt(digits);
    }
}
