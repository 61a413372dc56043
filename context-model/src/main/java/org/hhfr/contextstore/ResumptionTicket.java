package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.hhfr.transports.auth.SessionId;

/**
 * What a client keeps from a successful negotiation so that it can reopen the stream without negotiating
 * again: the session id and token, where the stream is served, the representation and transport chosen, and
 * the agreed policy, so that every stream of the session runs the same agreement.
 */
@AutoValue
public abstract class ResumptionTicket {
    public static ResumptionTicket of(SessionId sessionId, SessionToken token, StreamEndpoint streamEndpoint,
                                      String representationUri, String transportUri, ReliabilityPolicy policy) {
        return of(sessionId, token, streamEndpoint, representationUri, transportUri, policy,
                Collections.<StreamEndpoint>emptyList());
    }

    /** @param alternateEndpoints other nodes serving the same sessions, in the order to try them; copied */
    public static ResumptionTicket of(SessionId sessionId, SessionToken token, StreamEndpoint streamEndpoint,
                                      String representationUri, String transportUri, ReliabilityPolicy policy,
                                      List<StreamEndpoint> alternateEndpoints) {
        return new AutoValue_ResumptionTicket(sessionId, token, streamEndpoint, representationUri, transportUri,
                policy, Collections.unmodifiableList(new ArrayList<>(alternateEndpoints)), "");
    }

    /** This ticket of a session whose negotiating call had HTTP headers that digest to {@code callerHeaders}. */
    public ResumptionTicket withCallerHeaders(String callerHeaders) {
        return new AutoValue_ResumptionTicket(sessionId(), token(), streamEndpoint(), representationUri(),
                transportUri(), policy(), alternateEndpoints(), callerHeaders);
    }

    public abstract SessionId sessionId();

    public abstract SessionToken token();

    public abstract StreamEndpoint streamEndpoint();

    /** URI-R chosen in negotiation. */
    public abstract String representationUri();

    /** URI-T chosen in negotiation. */
    public abstract String transportUri();

    /** The policy agreed in negotiation (the server's answer): what every stream of the session runs. */
    public abstract ReliabilityPolicy policy();

    /**
     * Where else the session's streams are served (other nodes sharing the session store), in the order to try
     * them when the stream's endpoint is lost; empty for a single node.
     */
    public abstract List<StreamEndpoint> alternateEndpoints();

    /**
     * What the HTTP headers an application gave the call that negotiated the session (an interceptor's, such as a
     * bearer token) digest to: the service stored them as the session's caller, so only calls with the same
     * headers may stream on it (a session's own negotiation carries its interceptors' headers too). Empty when
     * not known (the ticket as the negotiator keeps it, before the client names its caller): no session resumes
     * from it.
     */
    public abstract String callerHeaders();

    /** {@link #streamEndpoint()} followed by the {@link #alternateEndpoints()}. */
    public final List<StreamEndpoint> streamEndpoints() {
        List<StreamEndpoint> all = new ArrayList<>(1 + alternateEndpoints().size());
        all.add(streamEndpoint());
        all.addAll(alternateEndpoints());
        return all;
    }

    /** Without the token. */
    @Override
    public final String toString() {
        return "ResumptionTicket[" + sessionId() + " at " + streamEndpoints() + ", " + representationUri() + ", "
                + transportUri() + ", " + policy() + "]";
    }
}
