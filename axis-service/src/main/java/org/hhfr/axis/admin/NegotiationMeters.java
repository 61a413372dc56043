package org.hhfr.axis.admin;

import java.util.EnumMap;
import java.util.Locale;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.server.CounteredTerm;
import org.hhfr.negotiation.server.DeclineReason;
import org.hhfr.negotiation.server.NegotiationListener;

/**
 * Counts how offers are decided: {@code hhfr.negotiations.accepted} (tags {@code transport} tcp or udp,
 * {@code resumed} true or false), {@code hhfr.negotiations.declined} (tag {@code reason}, a
 * {@link DeclineReason} in lower case: each is a client that stays on plain SOAP) and
 * {@code hhfr.negotiations.countered} (tag {@code term}, a {@link CounteredTerm}). Every counter is made up
 * front, so a decision only increments one.
 */
public final class NegotiationMeters implements NegotiationListener {
    private final Counter[] accepted = new Counter[4];
    private final EnumMap<DeclineReason, Counter> declined = new EnumMap<>(DeclineReason.class);
    private final EnumMap<CounteredTerm, Counter> countered = new EnumMap<>(CounteredTerm.class);

    public NegotiationMeters(MeterRegistry registry) {
        for (int i = 0; i < accepted.length; i++) {
            accepted[i] = Counter.builder("hhfr.negotiations.accepted")
                    .description("Offers accepted: a stream was granted (resumed: an existing session named again)")
                    .tag("transport", i < 2 ? "tcp" : "udp")
                    .tag("resumed", String.valueOf(i % 2 == 1))
                    .register(registry);
        }
        for (DeclineReason reason : DeclineReason.values()) {
            declined.put(reason, Counter.builder("hhfr.negotiations.declined")
                    .description("Offers declined, by reason: each leaves a client on plain SOAP")
                    .tag("reason", reason.name().toLowerCase(Locale.ROOT))
                    .register(registry));
        }
        for (CounteredTerm term : CounteredTerm.values()) {
            countered.put(term, Counter.builder("hhfr.negotiations.countered")
                    .description("Terms of accepted offers the server changed (a counter-offer), by term")
                    .tag("term", term.name().toLowerCase(Locale.ROOT))
                    .register(registry));
        }
    }

    @Override
    public void accepted(String transportUri, boolean resumed) {
        int udp = HhfrUris.TRANSPORT_UDP.equals(transportUri) ? 2 : 0;
        accepted[udp + (resumed ? 1 : 0)].increment();
    }

    @Override
    public void countered(CounteredTerm term) {
        countered.get(term).increment();
    }

    @Override
    public void declined(DeclineReason reason) {
        declined.get(reason).increment();
    }
}
