package org.hhfr.negotiation.server;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.hhfr.contextstore.AddressLimitException;
import org.hhfr.contextstore.CallerIdentity;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SessionGrant;
import org.hhfr.contextstore.SessionIdInUseException;
import org.hhfr.contextstore.SessionLimitException;
import org.hhfr.contextstore.SessionToken;
import org.hhfr.contextstore.StoredSession;
import org.hhfr.contextstore.StreamCharacteristics;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.MessageSchema;
import org.hhfr.negotiation.Offer;
import org.hhfr.negotiation.OperationSchemas;
import org.hhfr.negotiation.ProposedSession;
import org.hhfr.negotiation.SchemaDigests;
import org.hhfr.negotiation.UnknownSessionException;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaLimits;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.schemas.SchemaRefusal;
import org.hhfr.transports.auth.SessionId;

/**
 * The server side of the negotiation, free of any SOAP stack: it decides an {@link Offer} against the
 * server's {@link ServerCapabilities}, stores the agreed {@link StreamContext} in the {@link ContextStore}
 * and returns the {@link Answer}. It never throws for a bad offer: whatever cannot be met (scheme,
 * representation, transport, schemas, static headers over the limits, a full store) is declined with a
 * reason the client can log, and the client falls back to plain SOAP. A {@link NegotiationListener} hears
 * each decision: accepted, countered terms ({@link CounteredTerm}), declined ({@link DeclineReason}). Thread-safe.
 *
 * <p>Decision rules: the client's order of preference wins among what both support. The agreed policy is the
 * offered one within the server's bounds ({@link ServerCapabilities}, and the store's idle expiry for the
 * lifetime): a term beyond a bound is countered (the window and the lifetime lowered to the server's maximum,
 * the retransmission interval raised to its minimum)
 * and the answer's reason names each countered term; a term the server cannot run at all (unordered delivery)
 * is declined with a reason naming it. The request size limit is the server's, the response limit the
 * client's. The agreed policy is stored with the session and answered, and both ends run exactly it. An offer
 * with a valid resumption ticket for the same operation is answered with the existing session and the policy
 * it agreed; an unknown or expired ticket, or one offered by another caller (another HTTP identity or other
 * static headers), is ignored and a new session made. The caller's identity and static header blocks are
 * stored with the session, so each of its streamed messages carries exactly them.
 */
public final class NegotiationHandler {
    private final ServerCapabilities capabilities;
    private final ContextStore store;
    private final StreamEndpoints endpoints;
    private final SchemaSource schemas;
    private final SchemaParser schemaParser;
    private final NegotiationListener listener;

    public NegotiationHandler(ServerCapabilities capabilities, ContextStore store, StreamEndpoints endpoints,
                              SchemaSource schemas, SchemaLimits schemaLimits) {
        this(capabilities, store, endpoints, schemas, schemaLimits, NegotiationListener.NONE);
    }

    /** As the other constructor, with {@code listener} hearing how each offer is decided. */
    public NegotiationHandler(ServerCapabilities capabilities, ContextStore store, StreamEndpoints endpoints,
                              SchemaSource schemas, SchemaLimits schemaLimits, NegotiationListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        this.capabilities = Objects.requireNonNull(capabilities, "capabilities");
        this.store = Objects.requireNonNull(store, "store");
        this.endpoints = Objects.requireNonNull(endpoints, "endpoints");
        this.schemas = Objects.requireNonNull(schemas, "schemas");
        this.schemaParser = new SchemaParser(schemaLimits).perComponent();
    }

    public ServerCapabilities capabilities() {
        return capabilities;
    }

    /**
     * Admits a stream opened with a session id and token as text (as a transport reads them): the
     * session's context, now marked as used.
     *
     * @throws UnknownSessionException if the session is unknown or expired, the token is wrong, or either
     *                                 text is malformed; the client should negotiate again
     */
    public StreamContext admit(String sessionIdText, String tokenText) throws UnknownSessionException {
        SessionId id;
        SessionToken token;
        try {
            id = SessionId.parse(sessionIdText);
            token = SessionToken.parse(tokenText);
        } catch (ContextStoreException | IllegalArgumentException e) {
            throw new UnknownSessionException("no such session: " + e.getMessage() + "; negotiate again");
        }
        Optional<StoredSession> session;
        try {
            session = store.authenticate(id, token);
        } catch (ContextStoreException e) {
            throw new UnknownSessionException("session " + id + " cannot be looked up now: " + e.getMessage());
        }
        if (!session.isPresent()) {
            throw new UnknownSessionException("session " + id + " is unknown or has expired; negotiate again");
        }
        return session.get().context();
    }

    /** Decides the offer; accepting stores a new session (or renews a resumed one). */
    public Answer handle(Offer offer, OperationContext context) {
        try {
            Answer answer = decide(offer, context);
            listener.accepted(answer.transport(), answer.resumed());
            return answer;
        } catch (Decline decline) {
            return decline(decline.reason, decline.getMessage());
        }
    }

    /** A declining answer, told to the listener; for declines decided before an offer reaches the handler. */
    Answer decline(DeclineReason reason, String text) {
        listener.declined(reason);
        return Answer.declined(text);
    }

    private Answer decide(Offer offer, OperationContext context) throws Decline {
        if (!capabilities.schemes().contains(offer.scheme())) {
            throw new Decline(DeclineReason.UNSUPPORTED_SCHEME, "scheme " + offer.scheme() + " is not supported; this server speaks "
                    + capabilities.schemes());
        }
        String representation = firstCommon(offer.representations(), capabilities.representations(),
                "representation",
                DeclineReason.NO_COMMON_REPRESENTATION);
        String transport = null;
        StreamEndpoint endpoint = null;
        for (String candidate : offer.transports()) {
            if (capabilities.transports().contains(candidate)) {
                endpoint = endpoints.endpointFor(candidate);
                if (endpoint != null) {
                    transport = candidate;
                    break;
                }
            }
        }
        if (transport == null) {
            throw new Decline(DeclineReason.NO_COMMON_TRANSPORT, "no common transport: offered " + offer.transports() + ", served "
                    + capabilities.transports());
        }
        Terms terms = agree(offer.policy());

        Answer resumed = resume(offer, context);
        if (resumed != null) {
            return resumed;
        }
        List<HeaderBlock> staticHeaders = staticHeaders(offer, context);
        if (!context.caller().fitsSession()) {
            throw new Decline(DeclineReason.STATIC_HEADERS, "the call's HTTP headers are more than a session keeps ("
                    + CallerIdentity.MAX_HEADERS + " headers of " + CallerIdentity.MAX_HEADER_CHARS + " characters)");
        }
        Structures structures = structures(offer, context);
        StreamContext.Builder streamContext = StreamContext.builder()
                .schemeUri(offer.scheme())
                .representationUri(representation)
                .transportUri(transport)
                .operation(context.operation())
                .identity(context.caller())
                .encryptedStreams(endpoints.encrypted())
                .request(structures.request)
                .response(structures.response)
                .characteristics(StreamCharacteristics.of(terms.policy, terms.policy.maxRequestBytes(),
                        terms.policy.maxResponseBytes()));
        for (HeaderBlock header : staticHeaders) {
            streamContext.addStaticHeader(header);
        }
        SessionGrant grant;
        try {
            grant = store(streamContext.build(), proposalTaken(offer, representation, transport, endpoint, terms));
        } catch (SessionLimitException e) {
            throw new Decline(DeclineReason.STORE_FULL, "the server holds its maximum of " + e.limit() + " streams; try again later");
        } catch (AddressLimitException e) {
            throw new Decline(DeclineReason.STORE_FULL, e.getMessage());
        } catch (ContextStoreException e) {
            throw new Decline(DeclineReason.STORE_UNAVAILABLE, "the server cannot keep a session now: " + e.getMessage());
        }
        for (CounteredTerm term : terms.terms) {
            listener.countered(term);
        }
        return Answer.accepted()
                .scheme(offer.scheme())
                .representation(representation)
                .transport(transport)
                .policy(terms.policy)
                .reason(terms.countered())
                .endpoint(endpoint)
                .alternatives(endpoints.alternativesFor(transport))
                .session(grant.id(), grant.token())
                .encrypted(endpoints.encrypted())
                .schemas(structures.supplied)
                .build();
    }

    /**
     * The session the client proposed, when the answer grants exactly what its early stream runs: the proposed
     * transport at the endpoint it opened (this one or another node serving the same sessions), the offer's first
     * representation and the offered policy uncountered. {@code null} otherwise: the session gets an id and token
     * of the store's own, and the early stream is refused.
     */
    private ProposedSession proposalTaken(Offer offer, String representation, String transport,
                                          StreamEndpoint endpoint, Terms terms) {
        ProposedSession proposed = offer.proposedSession();
        boolean fits = proposed != null && proposed.transportUri().equals(transport)
                && (proposed.endpoint().equals(endpoint)
                    || endpoints.alternativesFor(transport).contains(proposed.endpoint()))
                && offer.representations().get(0).equals(representation) && terms.terms.isEmpty();
        return fits ? proposed : null;
    }

    /**
     * Stores the session under the {@code proposed} id and token, or fresh ones when {@code null} or the proposed
     * id is in use (a live session is never joined: the client's early stream is then refused).
     */
    private SessionGrant store(StreamContext context, ProposedSession proposed) throws ContextStoreException {
        if (proposed != null) {
            try {
                return store.createProposed(context, null, proposed.id(), proposed.token());
            } catch (SessionIdInUseException e) {
                listener.proposalRefused();
            }
        }
        return store.create(context);
    }

    /**
     * The policy the server grants for {@code offered}: each term within the server's bounds, the request limit
     * the server's own.
     *
     * @throws Decline naming a term the server cannot run
     */
    private Terms agree(ReliabilityPolicy offered) throws Decline {
        if (!offered.inOrder()) {
            throw new Decline(DeclineReason.UNSUPPORTED_RELIABILITY, "reliability inOrder=\"false\" cannot be honoured: this server delivers every stream"
                    + " in order; offer inOrder=\"true\"");
        }
        Terms terms = new Terms(offered.toBuilder().maxRequestBytes(capabilities.maxMessageBytes()).build());
        if (offered.window() > capabilities.maxWindow()) {
            terms.counter(CounteredTerm.WINDOW, terms.policy.toBuilder().window(capabilities.maxWindow()).build(),
                    "window " + offered.window() + " lowered to the server's maximum of " + capabilities.maxWindow());
        }
        if (offered.retransmissionIntervalMillis() < capabilities.minRetransmissionIntervalMillis()) {
            terms.counter(CounteredTerm.RETRANSMISSION_INTERVAL, terms.policy.toBuilder()
                            .retransmissionIntervalMillis(capabilities.minRetransmissionIntervalMillis()).build(),
                    "retransmissionIntervalMillis " + offered.retransmissionIntervalMillis()
                            + " raised to the server's minimum of " + capabilities.minRetransmissionIntervalMillis());
        }
        long maxValidFor = store.limits().idleTimeoutMillis();
        if (offered.validForMillis() > maxValidFor) {
            terms.counter(CounteredTerm.LIFETIME, terms.policy.toBuilder().validForMillis(maxValidFor).build(),
                    "validForMillis " + offered.validForMillis() + " lowered to the server's maximum of " + maxValidFor);
        }
        return terms;
    }

    /** The answer naming the offered session if its ticket is valid for this operation, else null. */
    private Answer resume(Offer offer, OperationContext context) throws Decline {
        if (offer.resumeSessionId() == null) {
            return null;
        }
        Optional<StoredSession> session;
        try {
            session = store.authenticate(offer.resumeSessionId(), offer.resumeToken());
        } catch (ContextStoreException e) {
            throw new Decline(DeclineReason.STORE_UNAVAILABLE, "the server cannot look up sessions now: " + e.getMessage());
        }
        if (!session.isPresent() || !session.get().context().operation().equals(context.operation())
                || !sameCaller(session.get().context(), offer, context)
                || session.get().context().encryptedStreams() != endpoints.encrypted()) {
            return null;
        }
        StreamContext stored = session.get().context();
        StoredSession live = session.get();
        ReliabilityPolicy agreed = stored.characteristics().reliability();
        boolean sameTerms = offer.policy().toBuilder().maxRequestBytes(agreed.maxRequestBytes()).build().equals(agreed);
        return Answer.accepted()
                .scheme(stored.schemeUri())
                .representation(stored.representationUri())
                .transport(stored.transportUri())
                .policy(agreed)
                .reason(sameTerms ? null : "the resumed session keeps the policy it agreed")
                .endpoint(servedEndpoint(stored.transportUri()))
                .alternatives(endpoints.alternativesFor(stored.transportUri()))
                .session(live.id(), offer.resumeToken())
                .encrypted(stored.encryptedStreams())
                .resumed(true)
                .build();
    }

    /**
     * Whether the offer comes from the identity that negotiated {@code stored}: the same HTTP caller and the same
     * static header blocks. Another identity gets a session of its own, never this one.
     */
    private boolean sameCaller(StreamContext stored, Offer offer, OperationContext context) throws Decline {
        return stored.identity().equals(context.caller())
                && stored.staticHeaders().equals(staticHeaders(offer, context));
    }

    private StreamEndpoint servedEndpoint(String transport) throws Decline {
        StreamEndpoint endpoint = endpoints.endpointFor(transport);
        if (endpoint == null) {
            throw new Decline(DeclineReason.NO_COMMON_TRANSPORT, "the session's transport " + transport + " is not served any more; negotiate anew");
        }
        return endpoint;
    }

    private List<HeaderBlock> staticHeaders(Offer offer, OperationContext context) throws Decline {
        int limit = capabilities.limits().maxStaticHeaderChars();
        if (offer.staticHeaders().size() > capabilities.limits().maxStaticHeaders()) {
            throw new Decline(DeclineReason.STATIC_HEADERS, offer.staticHeaders().size() + " static headers offered, more than the limit of "
                    + capabilities.limits().maxStaticHeaders());
        }
        List<HeaderBlock> kept = new ArrayList<>();
        int chars = 0;
        for (QualifiedName name : offer.staticHeaders()) {
            boolean found = false;
            for (HeaderBlock header : context.envelopeHeaders()) {
                if (header.name().equals(name) && !kept.contains(header)) {
                    kept.add(header);
                    chars += header.xml().length();
                    found = true;
                }
            }
            if (!found) {
                throw new Decline(DeclineReason.STATIC_HEADERS, "static header " + name + " is named in the offer but not sent in the envelope");
            }
        }
        if (chars > limit) {
            throw new Decline(DeclineReason.STATIC_HEADERS, "static headers take " + chars + " characters, more than the limit of " + limit);
        }
        return kept;
    }

    private Structures structures(Offer offer, OperationContext context) throws Decline {
        PublishedSchemas published = schemas.published(context.operation());
        if (published == null) {
            String refusal = schemas.refusal(context.operation());
            if (refusal != null) {
                throw new Decline(DeclineReason.OPERATION_NOT_STREAMABLE, "operation " + context.operation().operation() + " cannot stream: " + refusal);
            }
        }
        if (offer.schemas() != null) {
            MessageSchema offeredRequest = offer.schemas().request();
            MessageSchema offeredResponse = offer.schemas().response();
            Schema requestSchema = parse(offeredRequest, "request");
            // Often one text for both (a whole WSDL, as the server hands out): parsed once.
            Schema responseSchema = offeredResponse.xsd().equals(offeredRequest.xsd()) ? requestSchema
                    : parse(offeredResponse, "response");
            DataStructure request = structureOf(requestSchema, offeredRequest, "request");
            DataStructure response = structureOf(responseSchema, offeredResponse, "response");
            requireOnlyDeclaredTypes(responseSchema, offeredResponse);
            if (published != null) {
                requireSame(published.request(), request, "request");
                requireSame(published.response(), response, "response");
            }
            return new Structures(request, response, null);
        }
        if (published == null) {
            throw new Decline(DeclineReason.SCHEMAS, "the offer carries no schemas and the server publishes none for "
                    + context.operation().operation());
        }
        SchemaDigests digests = offer.digests();
        if (digests != null) {
            if (!digests.request().equals(published.request().fingerprint())
                    || !digests.response().equals(published.response().fingerprint())) {
                throw new Decline(DeclineReason.SCHEMAS, "schema digests unknown: the server's schemas for "
                        + context.operation().operation() + " differ from the ones the client has");
            }
            return new Structures(published.request(), published.response(), null);
        }
        return new Structures(published.request(), published.response(), published.text());
    }

    /**
     * The offered schema text, parsed per component (it may be a whole WSDL, as the server itself hands out):
     * only the named element and what it uses must be representable ({@link #structureOf}).
     */
    private Schema parse(MessageSchema schema, String which) throws Decline {
        try {
            return schemaParser.parse(schema.xsd());
        } catch (SchemaException e) {
            throw new Decline(DeclineReason.SCHEMAS, "the " + which + " schema is not usable: " + e.getMessage());
        }
    }

    /** The structure of the offered message's element in its parsed schema. */
    private static DataStructure structureOf(Schema parsed, MessageSchema schema, String which) throws Decline {
        try {
            SchemaRefusal refusal = parsed.refusal(schema.element());
            if (refusal != null) {
                throw new Decline(DeclineReason.SCHEMAS, "the " + which + " element " + schema.element() + " cannot be represented: "
                        + refusal);
            }
            return parsed.dataStructure(schema.element());
        } catch (IllegalArgumentException e) {
            throw new Decline(DeclineReason.SCHEMAS, "the " + which + " schema does not declare the element: " + e.getMessage());
        }
    }

    /**
     * The offered response, which the service writes, holds no element that may carry a type derived from its own
     * ({@link Schema#derivable}), which its structure would not hold.
     */
    private static void requireOnlyDeclaredTypes(Schema parsed, MessageSchema response) throws Decline {
        SchemaRefusal derivable = parsed.derivable(response.element());
        if (derivable != null) {
            throw new Decline(DeclineReason.SCHEMAS, "the response element " + response.element()
                    + " cannot be represented: " + derivable);
        }
    }

    private static void requireSame(DataStructure published, DataStructure offered, String which) throws Decline {
        if (!published.equals(offered)) {
            throw new Decline(DeclineReason.SCHEMAS, "the offered " + which + " schema differs from the one the service publishes");
        }
    }

    private static String firstCommon(List<String> offered, List<String> supported, String what,
                                      DeclineReason reason) throws Decline {
        for (String uri : offered) {
            if (supported.contains(uri)) {
                return uri;
            }
        }
        throw new Decline(reason, "no common " + what + ": offered " + offered + ", supported " + supported);
    }

    /** The policy being agreed, and what in it differs from the offer. */
    private static final class Terms {
        ReliabilityPolicy policy;
        final List<String> countered = new ArrayList<>();
        final List<CounteredTerm> terms = new ArrayList<>();

        Terms(ReliabilityPolicy policy) {
            this.policy = policy;
        }

        void counter(CounteredTerm term, ReliabilityPolicy changed, String why) {
            policy = changed;
            terms.add(term);
            countered.add(why);
        }

        /** The answer's reason: every countered term, or {@code null}. */
        String countered() {
            if (countered.isEmpty()) {
                return null;
            }
            StringBuilder reason = new StringBuilder("countered: ");
            for (int i = 0; i < countered.size(); i++) {
                reason.append(i == 0 ? "" : "; ").append(countered.get(i));
            }
            return reason.toString(); // String.join is API 26
        }
    }

    /** The structures agreed, and the schema text when the server supplied it. */
    private static final class Structures {
        final DataStructure request;
        final DataStructure response;
        final OperationSchemas supplied;

        Structures(DataStructure request, DataStructure response, OperationSchemas supplied) {
            this.request = request;
            this.response = response;
            this.supplied = supplied;
        }
    }

    /** Ends a decision with a decline; the message is the reason sent to the client. */
    private static final class Decline extends Exception {
        private static final long serialVersionUID = 1L;
        final DeclineReason reason;

        Decline(DeclineReason reason, String text) {
            super(text, null, false, false);
            this.reason = reason;
        }
    }
}
