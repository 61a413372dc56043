package org.hhfr.client;

import org.hhfr.streamer.Message;

/**
 * A call with its request, not yet on a road that will answer it: waiting for the offer's answer, or handed
 * back by a stream whose server refused it before processing anything. Sending it again cannot run it twice.
 */
final class UnsentCall {
    final PendingCall call;
    final Message request;

    UnsentCall(PendingCall call, Message request) {
        this.call = call;
        this.request = request;
    }
}
