package org.hhfr.negotiation.server;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ServiceOperation;

/**
 * What the server knows about the envelope an offer arrived in: the operation the stream is for and the
 * envelope's header blocks, among which the offer names the static ones.
 */
public final class OperationContext {
    private final ServiceOperation operation;
    private final List<HeaderBlock> envelopeHeaders;

    public OperationContext(ServiceOperation operation, List<HeaderBlock> envelopeHeaders) {
        this.operation = Objects.requireNonNull(operation, "operation");
        this.envelopeHeaders = Collections.unmodifiableList(new ArrayList<>(envelopeHeaders));
    }

    public ServiceOperation operation() {
        return operation;
    }

    public List<HeaderBlock> envelopeHeaders() {
        return envelopeHeaders;
    }
}
