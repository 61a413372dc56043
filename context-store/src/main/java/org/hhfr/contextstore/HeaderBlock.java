package org.hhfr.contextstore;

import java.util.Objects;
import org.hhfr.schemas.QualifiedName;

/**
 * One SOAP header block sent once in negotiation and kept for the whole stream (WS-Addressing To, a security
 * token, anything else). It is kept as its exact XML serialization, namespace declarations included, so that
 * rebuilding an envelope reproduces the block byte for byte; the name lets code find a block without parsing.
 */
public final class HeaderBlock {
    private final QualifiedName name;
    private final String xml;

    public HeaderBlock(QualifiedName name, String xml) {
        this.name = Objects.requireNonNull(name, "name");
        this.xml = Objects.requireNonNull(xml, "xml");
        if (xml.isEmpty()) {
            throw new IllegalArgumentException("header block " + name + " has no XML");
        }
    }

    /** The qualified name of the block's element. */
    public QualifiedName name() {
        return name;
    }

    /** The block's element serialized as XML, self-contained. */
    public String xml() {
        return xml;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof HeaderBlock && name.equals(((HeaderBlock) o).name) && xml.equals(((HeaderBlock) o).xml);
    }

    @Override
    public int hashCode() {
        return 31 * name.hashCode() + xml.hashCode();
    }

    /** The name and the size only: header blocks may carry credentials. */
    @Override
    public String toString() {
        return "HeaderBlock[" + name + ", " + xml.length() + " chars]";
    }
}
