package org.hhfr.negotiation;

import java.util.Objects;

import org.hhfr.schemas.QualifiedName;

/**
 * The schema of one message of an operation as it travels in a negotiation: the XSD document's text and
 * the global element that is the message's root. The receiver parses the text into a
 * {@link org.hhfr.schemas.DataStructure}; the text is kept verbatim so a server can hand it on.
 */
public final class MessageSchema {
    private final QualifiedName element;
    private final String xsd;

    public MessageSchema(QualifiedName element, String xsd) {
        this.element = Objects.requireNonNull(element, "element");
        this.xsd = Objects.requireNonNull(xsd, "xsd");
    }

    /** The global element the message's body content is an instance of. */
    public QualifiedName element() {
        return element;
    }

    /** The XSD document (or a WSDL's schema) declaring {@link #element()}. */
    public String xsd() {
        return xsd;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MessageSchema && element.equals(((MessageSchema) o).element)
                && xsd.equals(((MessageSchema) o).xsd);
    }

    @Override
    public int hashCode() {
        return 31 * element.hashCode() + xsd.hashCode();
    }

    @Override
    public String toString() {
        return element + " (" + xsd.length() + " chars of XSD)";
    }
}
