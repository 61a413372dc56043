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

import org.hhfr.contextstore.CallerIdentity;
import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.ContextStoreException;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.contextstore.StreamContext;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.UnknownSessionException;
import org.hhfr.negotiation.server.DeclineReason;
import org.hhfr.negotiation.server.NegotiationHandler;
import org.hhfr.negotiation.server.NegotiationListener;
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
 * on: the context store (purged of expired sessions on a schedule, so transports hear of them promptly) and
 * the server's capabilities. Each negotiation is decided by the negotiation's {@link NegotiationHandler} and
 * {@link SoapNegotiationService}, made for it with the stream endpoints named under the server address that
 * client reached (they hold nothing else: the sessions are in the shared store). Only transports that have
 * an endpoint are offered; with none, every offer is declined with that reason.
 */
public final class HhfrNegotiation implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(HhfrNegotiation.class);

    private final ContextStore store;
    private final ServedStreams streams;
    private final SchemaSource schemas;
    private final ServerCapabilities capabilities;
    private final SoapEnvelopeReader envelopes = new SoapEnvelopeReader(SoapLimits.defaults());
    private final ScheduledExecutorService purger;
    /** Whether the last purge failed; the purger's thread alone reads and writes it. */
    private boolean purgeFailing;
    private final NegotiationListener listener;

    /**
     * Takes over {@code store}: {@link #close()} closes it. {@code maxMessageBytes} bounds the streamed requests
     * a negotiation agrees to; {@code listener} hears how each offer is decided.
     */
    public HhfrNegotiation(ContextStore store, long purgeIntervalMillis, ServedStreams streams,
                           SchemaSource schemas, int maxMessageBytes, NegotiationListener listener) {
        this.store = store;
        this.listener = listener;
        this.streams = streams;
        this.schemas = schemas;
        this.capabilities = ServerCapabilities.defaults().toBuilder().maxMessageBytes(maxMessageBytes)
                .transports(served(streams.reachedAt(ReachedAddress.LOOPBACK))).build();
        this.purger = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "hhfr-session-purge");
            thread.setDaemon(true);
            return thread;
        });
        purger.scheduleWithFixedDelay(this::purgeExpired, purgeIntervalMillis, purgeIntervalMillis,
                TimeUnit.MILLISECONDS);
    }

    /** Purges on the purger's thread: a store that keeps failing is warned about once, until a purge passes. */
    private void purgeExpired() {
        try {
            store.purgeExpired();
            purgeFailing = false;
        } catch (ContextStoreException e) {
            if (purgeFailing) {
                LOG.debug("could not purge expired HHFR sessions: {}", e.getMessage());
            } else {
                LOG.warn("could not purge expired HHFR sessions (said once until a purge passes): {}",
                        e.getMessage());
                purgeFailing = true;
            }
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

    /** The negotiation as a client that reached the server at {@code reachedAddress} sees it. */
    private NegotiationHandler handler(ReachedAddress reachedAddress) {
        return new NegotiationHandler(capabilities, store.forClient(reachedAddress.clientAddress()),
                streams.reachedAt(reachedAddress), schemas,
                SchemaLimits.defaults(), listener);
    }

    /** A declining answer decided outside the negotiation (e.g. for a service without HHFR), told to the listener. */
    Answer decline(DeclineReason reason, String text) {
        listener.declined(reason);
        return Answer.declined(text);
    }

    /**
     * The answer to the offer among a call's header blocks, or {@code null} when the call carried none; its
     * endpoints are named under {@code reachedAddress}, and a session it makes keeps {@code caller}.
     */
    Answer answerTo(List<HeaderBlock> requestHeaders, ServiceOperation operation, ReachedAddress reachedAddress,
                    CallerIdentity caller) {
        return new SoapNegotiationService(handler(reachedAddress), envelopes).answerTo(requestHeaders, operation,
                caller);
    }

    /** Serves one explicit negotiation envelope; the endpoints are named under {@code reachedAddress}. */
    SoapResponse negotiate(InputStream request, SoapVersion version, Function<String, ServiceOperation> operations,
                           ReachedAddress reachedAddress, CallerIdentity caller) throws IOException {
        return new SoapNegotiationService(handler(reachedAddress), envelopes).negotiate(request, version, operations,
                caller);
    }

    /** The sessions negotiated so far. */
    public ContextStore store() {
        return store;
    }

    /**
     * Admits a stream opened with a session id and token (as a transport reads them): the session's context.
     *
     * @throws UnknownSessionException the session is unknown or expired, or the token is wrong
     */
    public StreamContext admit(String sessionId, String token) throws UnknownSessionException {
        return handler(ReachedAddress.LOOPBACK).admit(sessionId, token);
    }

    @Override
    public void close() {
        purger.shutdownNow();
        store.close();
    }
}
