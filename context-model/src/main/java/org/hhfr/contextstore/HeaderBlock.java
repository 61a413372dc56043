package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import org.hhfr.schemas.QualifiedName;

/**
 * One SOAP header block sent once in negotiation and kept for the whole stream (WS-Addressing To, a security
 * token, anything else). It is kept as its exact XML serialization, namespace declarations included, so that
 * rebuilding an envelope reproduces the block byte for byte; the name lets code find a block without parsing.
 */
@AutoValue
public abstract class HeaderBlock {
    /** @throws IllegalArgumentException if {@code xml} is empty */
    public static HeaderBlock of(QualifiedName name, String xml) {
        HeaderBlock block = new AutoValue_HeaderBlock(name, xml);
        if (xml.isEmpty()) {
            throw new IllegalArgumentException("header block " + name + " has no XML");
        }
        return block;
    }

    /** The qualified name of the block's element. */
    public abstract QualifiedName name();

    /** The block's element serialized as XML, self-contained. */
    public abstract String xml();

    /** The name and the size only: header blocks may carry credentials. */
    @Override
    public final String toString() {
        return "HeaderBlock[" + name() + ", " + xml().length() + " chars]";
    }
}
