package org.hhfr.negotiation;

import com.google.auto.value.AutoValue;
import org.hhfr.schemas.QualifiedName;

/**
 * The schema of one message of an operation as it travels in a negotiation: the XSD document's text and
 * the global element that is the message's root. The receiver parses the text into a
 * {@link org.hhfr.schemas.DataStructure}; the text is kept verbatim so a server can hand it on.
 */
@AutoValue
public abstract class MessageSchema {
    public static MessageSchema of(QualifiedName element, String xsd) {
        return new AutoValue_MessageSchema(element, xsd);
    }

    /** The global element the message's body content is an instance of. */
    public abstract QualifiedName element();

    /** The XSD document (or a WSDL's schema) declaring {@link #element()}. */
    public abstract String xsd();

    @Override
    public final String toString() {
        return element() + " (" + xsd().length() + " chars of XSD)";
    }
}
