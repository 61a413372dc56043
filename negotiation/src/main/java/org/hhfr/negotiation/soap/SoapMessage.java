package org.hhfr.negotiation.soap;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.schemas.QualifiedName;

/** A SOAP envelope as read: its version, its header blocks in order and its body as the body reader made it. */
public final class SoapMessage<T> {
    private final SoapVersion version;
    private final List<HeaderBlock> headers;
    private final List<QualifiedName> mustUnderstand;
    private final T body;

    /** @param mustUnderstand names of the header blocks marked {@code mustUnderstand} true */
    public SoapMessage(SoapVersion version, List<HeaderBlock> headers, List<QualifiedName> mustUnderstand, T body) {
        this.version = Objects.requireNonNull(version, "version");
        this.headers = Collections.unmodifiableList(new ArrayList<>(headers));
        this.mustUnderstand = Collections.unmodifiableList(new ArrayList<>(mustUnderstand));
        this.body = body;
    }

    public SoapVersion version() {
        return version;
    }

    public List<HeaderBlock> headers() {
        return headers;
    }

    /** The first header block with that name, or {@code null}. */
    public HeaderBlock header(QualifiedName name) {
        for (HeaderBlock header : headers) {
            if (header.name().equals(name)) {
                return header;
            }
        }
        return null;
    }

    public T body() {
        return body;
    }

    /**
     * The first block marked mustUnderstand whose name is not in {@code understood}, or {@code null}: a
     * receiver must answer a MustUnderstand fault naming it instead of processing the message.
     */
    public QualifiedName firstNotUnderstood(Collection<QualifiedName> understood) {
        for (QualifiedName name : mustUnderstand) {
            if (!understood.contains(name)) {
                return name;
            }
        }
        return null;
    }
}
