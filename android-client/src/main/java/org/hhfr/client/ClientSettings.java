package org.hhfr.client;

import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executor;

import org.hhfr.contextstore.ReliabilityPolicy;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.streamer.StreamerLimits;

/**
 * The immutable settings an {@link HhfrClient.Builder} produced, shared by the client's sessions: the builder's
 * values as final fields, and what the client derives from them.
 */
final class ClientSettings {
    /** Room for the envelope around a message of the largest allowed size. */
    private static final int ENVELOPE_ALLOWANCE = 64 << 10;

    final URL serviceUrl;
    final int connectTimeoutMillis;
    final int readTimeoutMillis;
    final long callTimeoutMillis;
    private final List<Mode> preferredModes;
    final int maxMessageBytes;
    final SoapVersion soapVersion;
    final boolean negotiateOnOpen;
    final long reconnectWindowMillis;
    /** The app's executor for asynchronous SOAP calls, or {@code null}: then each runs on its own short thread. */
    final Executor executor;
    /** The stream terms to offer: the builder's reliability with this client's message size limit. */
    final ReliabilityPolicy offeredPolicy;
    /** Where the futures of asynchronous calls complete, or {@code null}: on the thread that settles them. */
    final Executor callbackExecutor;
    final EventListener eventListener;
    /** In the order they were added. */
    final List<Interceptor> interceptors;

    ClientSettings(HhfrClient.Builder b) {
        serviceUrl = b.serviceUrl;
        connectTimeoutMillis = b.connectTimeoutMillis;
        readTimeoutMillis = b.readTimeoutMillis;
        callTimeoutMillis = b.callTimeoutMillis;
        preferredModes = Collections.unmodifiableList(new ArrayList<>(b.preferredModes));
        maxMessageBytes = b.maxMessageBytes;
        soapVersion = b.soapVersion;
        negotiateOnOpen = b.negotiateOnOpen;
        reconnectWindowMillis = b.reconnectWindowMillis;
        executor = b.executor;
        offeredPolicy = b.reliability.toBuilder().maxResponseBytes(b.maxMessageBytes).build();
        callbackExecutor = b.callbackExecutor;
        eventListener = b.eventListener;
        interceptors = Collections.unmodifiableList(new ArrayList<>(b.interceptors));
    }

    /** The stream transports to offer, most preferred first; empty when only SOAP is wanted. */
    List<String> transportUris() {
        List<String> uris = new ArrayList<>();
        for (Mode mode : preferredModes) {
            if (mode == Mode.HHFR_TCP) {
                uris.add(HhfrUris.TRANSPORT_TCP);
            } else if (mode == Mode.HHFR_UDP) {
                uris.add(HhfrUris.TRANSPORT_UDP);
            }
        }
        return uris;
    }

    SoapLimits soapLimits() {
        long envelope = (long) maxMessageBytes + ENVELOPE_ALLOWANCE;
        return SoapLimits.defaults().toBuilder().maxEnvelopeBytes((int) Math.min(Integer.MAX_VALUE, envelope)).build();
    }

    StreamerLimits streamerLimits() {
        return StreamerLimits.defaults().toBuilder().maxMessageBytes(maxMessageBytes).build();
    }
}
