package org.hhfr.contextstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.hhfr.transports.Role;
import org.hhfr.transports.reliability.DeliveryAssurance;
import org.hhfr.transports.reliability.ReliabilityConfig;
import org.junit.jupiter.api.Test;

class ReliabilityPolicyTest {
    private static final ReliabilityPolicy AGREED = ReliabilityPolicy.defaults()
            .toBuilder().deliveryAssurance(DeliveryAssurance.AT_MOST_ONCE).retransmissionIntervalMillis(200)
            .ackIntervalMillis(20).window(48).maxRequestBytes(4_096).maxResponseBytes(65_536)
            .validForMillis(30_000)
            .build();

    @Test
    void everyAgreedTermBecomesTheEnginesSetting() {
        ReliabilityConfig config = AGREED.applyTo(ReliabilityConfig.forDatagrams(1_148), Role.SERVER);

        assertEquals(DeliveryAssurance.AT_MOST_ONCE, config.assurance());
        assertEquals(48, config.sendWindow());
        assertEquals(48, config.receiveWindow());
        assertEquals(48, config.initialCredit(), "a datagram stream's first flight is the window");
        assertEquals(48, AGREED.applyTo(ReliabilityConfig.forStream(), Role.SERVER).initialCredit(),
                "a TCP stream's first flight is the window");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(20), AGREED.applyTo(ReliabilityConfig.forStream(), Role.SERVER)
                .ackDelayNanos());
        assertEquals(TimeUnit.MILLISECONDS.toNanos(200), config.initialRtoNanos());
        assertEquals(TimeUnit.MILLISECONDS.toNanos(30_000), config.idleTimeoutNanos());
        assertTrue(config.keepAliveNanos() < config.idleTimeoutNanos());
    }

    @Test
    void overDatagramsAReceiverWaitsAtLeastTheLinksOwnAckDelay() {
        ReliabilityConfig datagrams = ReliabilityConfig.forDatagrams(1_148);
        ReliabilityPolicy prompt = AGREED.toBuilder().ackIntervalMillis(5).build();
        ReliabilityPolicy patient = AGREED.toBuilder().ackIntervalMillis(40).build();

        assertEquals(datagrams.ackDelayNanos(), prompt.applyTo(datagrams, Role.SERVER).ackDelayNanos());
        assertEquals(datagrams.ackDelayNanos(), prompt.applyTo(datagrams, Role.CLIENT).ackDelayNanos(),
                "both ends wait alike, so each knows the other's delay in its probe timeout");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(5), prompt.applyTo(ReliabilityConfig.forStream(), Role.SERVER)
                .ackDelayNanos(), "a TCP acknowledgement rides in a segment anyway");
        assertEquals(TimeUnit.MILLISECONDS.toNanos(40), patient.applyTo(datagrams, Role.SERVER).ackDelayNanos());
    }

    @Test
    void eachSideReceivesItsOwnLimitAndSendsWithinThePeers() {
        ReliabilityConfig server = AGREED.applyTo(ReliabilityConfig.forStream(), Role.SERVER);
        ReliabilityConfig client = AGREED.applyTo(ReliabilityConfig.forStream(), Role.CLIENT);

        assertEquals(4_096, server.maxInboundMessageSize());
        assertEquals(65_536, server.maxMessageSize());
        assertEquals(65_536, client.maxInboundMessageSize());
        assertEquals(4_096, client.maxMessageSize());
    }

    @Test
    void aSideSendsLessThanThePeerAcceptsWhenItsOwnCeilingIsLower() {
        ReliabilityConfig client = AGREED.toBuilder().maxRequestBytes(1 << 20).build()
                .applyTo(ReliabilityConfig.forStream().toBuilder().maxMessageSizes(8_192, 8_192).build(),
                        Role.CLIENT);

        assertEquals(8_192, client.maxMessageSize());
        assertEquals(65_536, client.maxInboundMessageSize());
    }

    @Test
    void localSettingsTheAgreementDoesNotCoverAreKept() {
        ReliabilityConfig local = ReliabilityConfig.forStream().toBuilder().keepAliveMillis(5_000, 20_000)
                .maxRetransmissions(4).build();

        ReliabilityConfig config = ReliabilityPolicy.defaults().applyTo(local, Role.CLIENT);

        assertEquals(TimeUnit.MILLISECONDS.toNanos(5_000), config.keepAliveNanos());
        assertEquals(TimeUnit.MILLISECONDS.toNanos(20_000), config.idleTimeoutNanos());
        assertEquals(4, config.maxRetransmissions());
    }

    @Test
    void unorderedDeliveryCannotBeRunAndSaysWhy() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> AGREED.toBuilder().inOrder(false).build().applyTo(ReliabilityConfig.forStream(), Role.SERVER));

        assertTrue(refused.getMessage().contains("inOrder"), refused.getMessage());
    }

    @Test
    void nonPositiveTermsAreRefused() {
        ReliabilityPolicy defaults = ReliabilityPolicy.defaults();
        assertThrows(IllegalArgumentException.class, () -> defaults.toBuilder().window(0).build());
        assertThrows(IllegalArgumentException.class, () -> defaults.toBuilder().maxRequestBytes(0).build());
        assertThrows(IllegalArgumentException.class, () -> defaults.toBuilder().maxResponseBytes(-1).build());
        assertThrows(IllegalArgumentException.class, () -> defaults.toBuilder().validForMillis(0).build());
        assertThrows(IllegalArgumentException.class, () -> defaults.toBuilder().ackIntervalMillis(-1).build());
    }

    @Test
    void storeExpiresASessionAfterTheLifetimeItAgreed() throws Exception {
        ManualClock clock = new ManualClock();
        InMemoryContextStore store = new InMemoryContextStore(StoreLimits.defaults(), clock, TokenGenerator.secure());
        StreamContext context = Contexts.floatSumBuilder()
                .characteristics(StreamCharacteristics.of(AGREED, 4_096, 65_536)).build();

        SessionGrant grant = store.create(context);
        clock.advance(29_999);
        assertTrue(store.touch(grant.id()));
        clock.advance(30_000);

        assertEquals(30_000, grant.validForMillis());
        assertFalse(store.get(grant.id()).isPresent());
    }
}
