package org.hhfr.negotiation.server;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ServiceOperation;

/**
 * What the server knows about the envelope an offer arrived in: the operation the stream is for and the
 * envelope's header blocks, among which the offer names the static ones.
 */
@AutoValue
public abstract class OperationContext {
    public static OperationContext of(ServiceOperation operation, List<HeaderBlock> envelopeHeaders) {
        return new AutoValue_OperationContext(operation,
                Collections.unmodifiableList(new ArrayList<>(envelopeHeaders)));
    }

    public abstract ServiceOperation operation();

    public abstract List<HeaderBlock> envelopeHeaders();
}
