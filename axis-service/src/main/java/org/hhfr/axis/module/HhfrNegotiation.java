package org.hhfr.axis.module;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.SchemaSource;
import org.hhfr.negotiation.server.ServerCapabilities;
import org.hhfr.negotiation.server.SoapNegotiationService;
import org.hhfr.negotiation.server.SoapResponse;
import org.hhfr.negotiation.server.StreamEndpoints;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.schemas.SchemaLimits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The server's side of HHFR negotiation, once per server and shared by every service the module is engaged
 * on: the context store (purged of expired sessions on a schedule, so transports hear of them promptly), the
 * negotiation's {@link NegotiationHandler} and its SOAP-level {@link SoapNegotiationService}. Only transports
 * that have an endpoint are offered; with none, every offer is declined with that reason.
 */
public final class HhfrNegotiation implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HhfrNegotiation.class);

    private final ContextStore store;
    private final NegotiationHandler handler;
    private final SoapNegotiationService service;
    private final ScheduledExecutorService purger;

    /** Takes over {@code store}: {@link #close()} closes it. */
    public HhfrNegotiation(ContextStore store, long purgeIntervalMillis, StreamEndpoints endpoints,
                           SchemaSource schemas) {
        this.store = store;
        ServerCapabilities capabilities = ServerCapabilities.defaults().withTransports(served(endpoints));
        this.handler = new NegotiationHandler(capabilities, store, endpoints, schemas, SchemaLimits.defaults());
        this.service = new SoapNegotiationService(handler, new SoapEnvelopeReader(SoapLimits.defaults()));
        this.purger = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "hhfr-session-purge");
            thread.setDaemon(true);
            return thread;
        });
        purger.scheduleWithFixedDelay(this::purgeExpired, purgeIntervalMillis, purgeIntervalMillis,
                TimeUnit.MILLISECONDS);
    }

    private void purgeExpired() {
        try {
            store.purgeExpired();
        } catch (ContextStoreException e) {
            LOG.warn("could not purge expired HHFR sessions: {}", e.getMessage());
        }
    }

    private static List<String> served(StreamEndpoints endpoints) {
        List<String> served = new ArrayList<>();
        for (String transport : Arrays.asList(HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP)) {
            if (endpoints.endpointFor(transport) != null) {
                served.add(transport);
            }
        }
        return served;
    }

    /** The answer header for a call's response, or {@code null} when the call carried no offer. */
    HeaderBlock answerFor(List<HeaderBlock> requestHeaders, ServiceOperation operation) throws IOException {
        return service.answerFor(requestHeaders, operation);
    }

    /** Serves one explicit negotiation envelope. */
    SoapResponse negotiate(InputStream request, SoapVersion version, Function<String, ServiceOperation> operations)
            throws IOException {
        return service.negotiate(request, version, operations);
    }

    /** The sessions negotiated so far. */
    public ContextStore store() {
        return store;
    }

    /** Admits streams: a transport calls {@link NegotiationHandler#admit} with the session id and token. */
    public NegotiationHandler handler() {
        return handler;
    }

    @Override
    public void close() {
        purger.shutdownNow();
        store.close();
    }
}
