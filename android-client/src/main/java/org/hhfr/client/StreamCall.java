package org.hhfr.client;

import org.hhfr.streamer.Message;
import org.hhfr.transports.client.ClientCalls;

/** A call on a stream: the session's call, its request, and the request's encoding the engine sends. */
final class StreamCall implements ClientCalls.Call {
    final PendingCall call;
    final Message request;
    private final byte[] payload;

    StreamCall(PendingCall call, Message request, byte[] payload) {
        this.call = call;
        this.request = request;
        this.payload = payload;
    }

    @Override
    public byte[] payload() {
        return payload;
    }

    @Override
    public int operation() {
        return 0;
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
