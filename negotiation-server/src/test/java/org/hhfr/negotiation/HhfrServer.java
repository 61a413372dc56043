package org.hhfr.negotiation;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.PublishedSchemas;
import org.hhfr.negotiation.server.SchemaSource;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.SchemaLimits;

/**
 * Wiring of a test server for the float-sum service, and of a client against it: the pieces a deployment puts
 * together (the client-only pieces are in {@link Hhfr}).
 */
final class HhfrServer {
    private HhfrServer() {
    }

    static ContextStore store(int maxSessions, long idleMillis, MonotonicClock clock) {
        return new InMemoryContextStore(StoreLimits.defaults().toBuilder().maxSessions(maxSessions)
                .idleTimeoutMillis(idleMillis).build(), clock, TokenGenerator.secure());
    }

    static SoapNegotiationService service(ContextStore store, ServerCapabilities capabilities, SchemaSource schemas) {
        NegotiationHandler handler = new NegotiationHandler(capabilities, store,
                transport -> HhfrUris.TRANSPORT_TCP.equals(transport) ? Hhfr.TCP_ENDPOINT
                        : HhfrUris.TRANSPORT_UDP.equals(transport) ? Hhfr.UDP_ENDPOINT : null,
                schemas, SchemaLimits.defaults());
        return new SoapNegotiationService(handler, new SoapEnvelopeReader(SoapLimits.defaults()));
    }

    static SoapNegotiationService service(ContextStore store) {
        return service(store, ServerCapabilities.defaults(), publishing());
    }

    static Negotiator negotiator(TestSoapServer server, SoapVersion version) {
        return negotiator(server, version, new ResumptionTicketCache());
    }

    static Negotiator negotiator(TestSoapServer server, SoapVersion version, ResumptionTicketCache tickets) {
        return new Negotiator(new SoapHttpClient(server.url(), 2000, 5000, SoapLimits.defaults()), version,
                new NegotiationReader(NegotiationLimits.defaults()), tickets);
    }

    static TicketKey key(TestSoapServer server) {
        return TicketKey.of(server.url().toString(), "sum", "");
    }

    static ServiceOperation operation(SoapVersion version) {
        return ServiceOperation.of("FloatSum", "sum", version, FloatSum.ACTION);
    }

    static PublishedSchemas published() {
        return PublishedSchemas.of(FloatSum.schemas(), FloatSum.request(), FloatSum.response());
    }

    /** A service that publishes the float-sum schemas for every operation it is asked about. */
    static SchemaSource publishing() {
        PublishedSchemas published = published();
        return operation -> published;
    }

    /** A service that publishes nothing. */
    static SchemaSource publishingNothing() {
        return operation -> null;
    }
}
