package org.hhfr.client;

import java.io.IOException;

import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.streamer.Message;
import org.hhfr.transports.client.ClientCalls;
import org.hhfr.transports.frame.HeadedPayload;

/** A call on a stream: the session's call, its request, and the request's encoding the engine sends. */
final class StreamCall implements ClientCalls.Call {
    final PendingCall call;
    final Message request;
    private final byte[] payload;
    private final int operation;
    private final long correlation;

    StreamCall(PendingCall call, Message request, byte[] payload, int operation, long correlation) {
        this.call = call;
        this.request = request;
        this.payload = payload;
        this.operation = operation;
        this.correlation = correlation;
    }

    /**
     * What a call's message carries: its body in the stream's representation, behind its own header blocks
     * ({@link HeadedPayload}) when it has some. The static headers never travel here: the service has them.
     */
    static byte[] payload(StreamSettings settings, PendingCall call, Message request) throws IOException {
        byte[] body = settings.representation.encode(request);
        if (call.headers().isEmpty()) {
            return body;
        }
        return HeadedPayload.encode(SoapEnvelopeWriter.headerSection(settings.client.soapVersion, call.headers()),
                body);
    }

    @Override
    public byte[] payload() {
        return payload;
    }

    /** 0, the stream's operation; {@link HeadedPayload#OPERATION} when the payload leads with headers. */
    @Override
    public int operation() {
        return operation;
    }

    /** The session's number of the call (the same on every stream it is sent on), relative to this stream's base. */
    @Override
    public long correlation() {
        return correlation;
    }

    /** A call whose deadline passed while it waited for room is dropped unsent. */
    @Override
    public boolean isDone() {
        return call.isDone();
    }

    /** The call to send another way: its server refused the stream before running it. */
    UnsentCall unsent() {
        return new UnsentCall(call, request);
    }
}
