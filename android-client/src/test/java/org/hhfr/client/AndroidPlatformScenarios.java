package org.hhfr.client;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.After;
import org.junit.Test;
import org.xmlpull.v1.XmlPullParser;

import org.hhfr.negotiation.HhfrUris;
import org.hhfr.schemas.XmlPull;
import org.hhfr.streamer.Message;
import org.hhfr.transports.netty.TransportMetrics.Counter;

/**
 * The client on Android's own classes (Robolectric's framework jars, one subclass per API level) against the
 * real server side on loopback: it negotiates, streams over TCP and over UDP, falls back to SOAP, and survives
 * a connection that falls silent. JUnit 4: Robolectric's runner.
 */
abstract class AndroidPlatformScenarios {
    private final List<AutoCloseable> running = new ArrayList<>();

    /** The API level the subclass runs on. */
    abstract int apiLevel();

    @After
    public void stop() throws Exception {
        for (int i = running.size() - 1; i >= 0; i--) {
            running.get(i).close();
        }
    }

    private HhfrServerSide serve(String... transports) throws Exception {
        HhfrServerSide server = HhfrServerSide.offering(transports);
        running.add(server);
        return server;
    }

    @Test
    public void runsOnTheAndroidFrameworkOfItsLevel() throws Exception {
        // android.os.Build as an app sees it (by name: this module compiles without android.jar).
        assertEquals(apiLevel(), Class.forName("android.os.Build$VERSION").getField("SDK_INT").getInt(null));
        // The platform's XmlPull, through its factory (the client ships no parser for Android).
        XmlPullParser parser = XmlPull.newParser();
        parser.setFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES, true);
        parser.setInput(new StringReader("<a:sum xmlns:a='urn:x'/>"));
        assertEquals(XmlPullParser.START_TAG, parser.next());
        assertEquals("urn:x", parser.getNamespace());
    }

    @Test
    public void negotiatesAndStreamsOverTcp() throws Exception {
        HhfrServerSide server = serve(HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP);
        try (HhfrClient client = HhfrClient.builder(server.service().url()).negotiateOnOpen(true).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(Mode.HHFR_TCP, session.mode());
            for (int i = 0; i < 20; i++) {
                assertEquals(i + 0.5f, session.call(Float.class, new float[] {i, 0.5f}), 0f);
            }
            assertEquals(0, server.service().soapCalls.get());
            assertEquals(20, server.dispatched.get());
        }
    }

    @Test
    public void streamsOverUdp() throws Exception {
        HhfrServerSide server = serve(HhfrUris.TRANSPORT_TCP, HhfrUris.TRANSPORT_UDP);
        try (HhfrClient client = HhfrClient.builder(server.service().url())
                .preferredModes(Mode.HHFR_UDP, Mode.SOAP).negotiateOnOpen(true).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(Mode.HHFR_UDP, session.mode());
            List<CompletableFuture<Message>> calls = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                calls.add(session.callAsync(FloatSum.request(i, 1f)));
            }
            for (int i = 0; i < 50; i++) {
                assertEquals(i + 1f, calls.get(i).get(10, TimeUnit.SECONDS).record().floatValue("return"), 0f);
            }
            assertEquals(50, server.dispatched.get());
        }
    }

    @Test
    public void fallsBackToSoapWhenTheServiceOffersNoStreamTheClientTakes() throws Exception {
        HhfrServerSide server = serve(HhfrUris.TRANSPORT_UDP);
        try (HhfrClient client = HhfrClient.builder(server.service().url())
                .preferredModes(Mode.HHFR_TCP, Mode.SOAP).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(3f, session.call(Float.class, new float[] {1f, 2f}), 0f);
            assertEquals(4f, session.call(Float.class, new float[] {4f}), 0f);
            assertEquals(Mode.SOAP, session.mode());
            assertEquals(2, server.service().soapCalls.get());
            assertEquals(0, server.dispatched.get());
        }
    }

    @Test
    public void survivesAConnectionThatFallsSilent() throws Exception {
        HhfrServerSide server = serve(HhfrUris.TRANSPORT_TCP);
        FreezingTcpRelay path = new FreezingTcpRelay(server.tcpPort());
        running.add(path);
        server.advertise(HhfrUris.TRANSPORT_TCP, path.port());
        try (HhfrClient client = HhfrClient.builder(server.service().url()).negotiateOnOpen(true)
                .readTimeoutMillis(300).build()) {
            Session session = client.open(FloatSum.operation());
            assertEquals(1f, session.call(Float.class, new float[] {1f}), 0f);
            path.freeze();
            assertEquals(2f, session.call(Float.class, new float[] {2f}), 0f);
            assertEquals(Mode.HHFR_TCP, session.mode());
            assertEquals(1, server.metrics().get(Counter.RESUMES));
            assertEquals(1, server.service().negotiations.get());
            assertEquals(2, server.dispatched.get());
        }
    }
}
