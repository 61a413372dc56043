package org.hhfr.negotiation.server;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hhfr.contextstore.CallerIdentity;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ServiceOperation;

/**
 * What the server knows about the envelope an offer arrived in: the operation the stream is for, the
 * envelope's header blocks, among which the offer names the static ones, and who sent it as the HTTP side
 * authenticated it.
 */
@AutoValue
public abstract class OperationContext {
    /** An envelope from an anonymous caller. */
    public static OperationContext of(ServiceOperation operation, List<HeaderBlock> envelopeHeaders) {
        return of(operation, envelopeHeaders, CallerIdentity.anonymous());
    }

    public static OperationContext of(ServiceOperation operation, List<HeaderBlock> envelopeHeaders,
                                      CallerIdentity caller) {
        return new AutoValue_OperationContext(operation,
                Collections.unmodifiableList(new ArrayList<>(envelopeHeaders)), caller);
    }

    public abstract ServiceOperation operation();

    public abstract List<HeaderBlock> envelopeHeaders();

    /** Who sent the envelope; kept with the session it negotiates. */
    public abstract CallerIdentity caller();
}
