package org.hhfr.client;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.hhfr.contextstore.ReliabilityPolicy;

/** Writes down the events a session's listener hears, in order. */
class RecordingListener extends EventListener {
    final List<String> seen = new CopyOnWriteArrayList<>();

    @Override
    public void negotiated(Session session, Mode mode, ReliabilityPolicy agreed) {
        seen.add("negotiated " + mode + " window " + agreed.window());
    }

    @Override
    public void fellBackToSoap(Session session, String reason) {
        seen.add("fell back: " + reason);
    }

    @Override
    public void reconnecting(Session session, String cause) {
        seen.add("reconnecting " + cause);
    }

    @Override
    public void resumed(Session session) {
        seen.add("resumed");
    }

    @Override
    public void streamLost(Session session, String cause) {
        seen.add("lost " + cause);
    }

    @Override
    public void closed(Session session) {
        seen.add("closed");
    }
}
