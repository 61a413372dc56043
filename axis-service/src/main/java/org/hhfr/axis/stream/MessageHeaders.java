package org.hhfr.axis.stream;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.List;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapLimits;

/**
 * Reads the header blocks a streamed request carries of its own (its per-call headers), within the limits of an
 * envelope's header. A block named like one of the session's static headers is refused: the static headers
 * (a credential among them) are what the server saw at negotiation, and a stream cannot replace them.
 */
final class MessageHeaders {
    private final SoapEnvelopeReader reader;

    MessageHeaders(SoapLimits limits) {
        this.reader = new SoapEnvelopeReader(limits);
    }

    /** The most bytes a header section may take. */
    int maxSectionBytes() {
        return reader.limits().maxEnvelopeBytes();
    }

    /** The blocks of message {@code messageNumber}'s header section. */
    List<HeaderBlock> read(byte[] section, StreamContext session, long messageNumber) throws StreamedCallException {
        List<HeaderBlock> headers;
        try {
            headers = reader.readHeaderSection(new ByteArrayInputStream(section), session.operation().soapVersion());
        } catch (MalformedEnvelopeException e) {
            throw new StreamedCallException("the headers of message " + messageNumber + " are not usable: "
                    + e.getMessage(), true, e);
        } catch (IOException e) {
            throw new StreamedCallException("the headers of message " + messageNumber + " cannot be read: "
                    + e.getMessage(), true, e);
        }
        for (HeaderBlock header : headers) {
            for (HeaderBlock fixed : session.staticHeaders()) {
                if (fixed.name().equals(header.name())) {
                    throw new StreamedCallException("message " + messageNumber + " carries header " + header.name()
                            + ", which the session fixed when it was negotiated; a stream keeps its static headers",
                            true, null);
                }
            }
        }
        return headers;
    }
}
