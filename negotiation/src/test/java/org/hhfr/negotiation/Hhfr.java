package org.hhfr.negotiation;

import java.util.Arrays;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.InMemoryContextStore;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.ResumptionTicketCache;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.StreamEndpoint;
import org.hhfr.contextstore.TicketKey;
import org.hhfr.contextstore.TokenGenerator;
import org.hhfr.negotiation.client.Negotiator;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.SchemaSource;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.SchemaLimits;

/** Wiring of a test server and client: the pieces a deployment puts together. */
final class Hhfr {
    static final StreamEndpoint TCP_ENDPOINT = StreamEndpoint.of("127.0.0.1", 7070);
    static final StreamEndpoint UDP_ENDPOINT = StreamEndpoint.of("127.0.0.1", 7071);

    private Hhfr() {
    }

    static ContextStore store(int maxSessions, long idleMillis, MonotonicClock clock) {
        return new InMemoryContextStore(StoreLimits.defaults().toBuilder().maxSessions(maxSessions)
                .idleTimeoutMillis(idleMillis).build(), clock, TokenGenerator.secure());
    }

    static SoapNegotiationService service(ContextStore store, ServerCapabilities capabilities, SchemaSource schemas) {
        NegotiationHandler handler = new NegotiationHandler(capabilities, store,
                transport -> HhfrUris.TRANSPORT_TCP.equals(transport) ? TCP_ENDPOINT
                        : HhfrUris.TRANSPORT_UDP.equals(transport) ? UDP_ENDPOINT : null,
                schemas, SchemaLimits.defaults());
        return new SoapNegotiationService(handler, new SoapEnvelopeReader(SoapLimits.defaults()));
    }

    static SoapNegotiationService service(ContextStore store) {
        return service(store, ServerCapabilities.defaults(), FloatSum.publishing());
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

    static Offer.Builder offer() {
        return Offer.builder().action(FloatSum.ACTION);
    }

    static Offer tcpOnly() {
        return offer().transports(Arrays.asList(HhfrUris.TRANSPORT_TCP)).build();
    }

}
