package org.hhfr.contextstore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.hhfr.transports.auth.SessionId;

/**
 * The in-memory store against a model that is obviously right because it is single-threaded and naive: for
 * any sequence of operations and clock moves, both give the same answers, sizes and eviction reports.
 */
class InMemoryContextStoreModelTest {
    private static final int MAX_SESSIONS = 3;
    private static final long IDLE = 100;
    private static final long LIFETIME = 250;

    enum Kind { CREATE, GET, TOUCH, REMOVE, AUTHENTICATE, AUTHENTICATE_WRONG, ADVANCE, PURGE }

    /** One step; {@code argument} picks a session by creation index (past the end: an unknown id) or a delay. */
    static final class Step {
        final Kind kind;
        final int argument;

        Step(Kind kind, int argument) {
            this.kind = kind;
            this.argument = argument;
        }

        @Override
        public String toString() {
            return kind + "(" + argument + ")";
        }
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Integer> session = Arbitraries.integers().between(0, 7);
        Arbitrary<Step> step = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.just(new Step(Kind.CREATE, 0))),
                Tuple.of(3, session.map(i -> new Step(Kind.GET, i))),
                Tuple.of(2, session.map(i -> new Step(Kind.TOUCH, i))),
                Tuple.of(2, session.map(i -> new Step(Kind.REMOVE, i))),
                Tuple.of(2, session.map(i -> new Step(Kind.AUTHENTICATE, i))),
                Tuple.of(1, session.map(i -> new Step(Kind.AUTHENTICATE_WRONG, i))),
                Tuple.of(3, Arbitraries.integers().between(0, 120).map(ms -> new Step(Kind.ADVANCE, ms))),
                Tuple.of(1, Arbitraries.just(new Step(Kind.PURGE, 0))));
        return step.list().ofMaxSize(60);
    }

    @Property(tries = 300)
    void storeAnswersLikeTheModel(@ForAll("steps") List<Step> steps) throws Exception {
        ManualClock clock = new ManualClock();
        InMemoryContextStore store = new InMemoryContextStore(
                StoreLimits.defaults().toBuilder().maxSessions(MAX_SESSIONS).idleTimeoutMillis(IDLE)
                        .maxLifetimeMillis(LIFETIME).build(),
                clock, TokenGenerator.secure());
        List<SessionGrant> grants = new ArrayList<>();
        Map<SessionId, Integer> indexOf = new HashMap<>();
        List<String> reported = new ArrayList<>();
        store.addEvictionListener((session, cause) -> reported.add(indexOf.get(session.id()) + " " + cause));
        Model model = new Model();
        SessionToken stranger = TokenGenerator.secure().newToken();
        SessionId unknown = TokenGenerator.secure().newSessionId();

        for (Step step : steps) {
            SessionGrant target = step.argument < grants.size() ? grants.get(step.argument) : null;
            SessionId id = target == null ? unknown : target.id();
            String actual;
            switch (step.kind) {
                case CREATE:
                    try {
                        SessionGrant grant = store.create(Contexts.floatSum());
                        indexOf.put(grant.id(), grants.size());
                        grants.add(grant);
                        actual = "created " + describe(grant.session());
                    } catch (SessionLimitException e) {
                        actual = "refused";
                    }
                    break;
                case GET:
                    actual = describe(store.get(id));
                    break;
                case TOUCH:
                    actual = String.valueOf(store.touch(id));
                    break;
                case REMOVE:
                    actual = String.valueOf(store.remove(id));
                    break;
                case AUTHENTICATE:
                    actual = describe(store.authenticate(id, target == null ? stranger : target.token()));
                    break;
                case AUTHENTICATE_WRONG:
                    actual = describe(store.authenticate(id, stranger));
                    break;
                case ADVANCE:
                    clock.advance(step.argument);
                    actual = "";
                    break;
                case PURGE:
                    actual = "purged " + store.purgeExpired();
                    break;
                default:
                    throw new AssertionError(step.kind);
            }
            Collections.sort(reported);
            assertEquals(model.apply(step) + " " + model.reported + " size " + model.sessions.size(),
                    actual + " " + reported + " size " + store.size(), "after " + step);
            reported.clear();
        }
    }

    private static String describe(Optional<StoredSession> session) {
        return session.isPresent() ? describe(session.get()) : "absent";
    }

    private static String describe(StoredSession session) {
        return "[" + session.createdAtMillis() + ", " + session.lastUsedAtMillis() + ", " + session.expiresAtMillis()
                + "]";
    }

    /** The specification, written the plain way: a map from creation index to times. */
    private static final class Model {
        final Map<Integer, long[]> sessions = new LinkedHashMap<>();
        final List<String> reported = new ArrayList<>();
        long now = 1_000;
        int created;

        String apply(Step step) {
            reported.clear();
            String answer = answer(step);
            Collections.sort(reported);
            return answer;
        }

        private String answer(Step step) {
            int index = step.argument;
            switch (step.kind) {
                case CREATE:
                    if (sessions.size() >= MAX_SESSIONS) {
                        purge();
                    }
                    if (sessions.size() >= MAX_SESSIONS) {
                        return "refused";
                    }
                    long[] times = {now, now};
                    sessions.put(created++, times);
                    return "created " + describe(times);
                case GET:
                case AUTHENTICATE:
                    return use(index) ? describe(sessions.get(index)) : "absent";
                case TOUCH:
                    return String.valueOf(use(index));
                case REMOVE:
                    long[] removed = sessions.remove(index);
                    if (removed == null) {
                        return "false";
                    }
                    boolean live = now < expiry(removed);
                    reported.add(index + (live ? " REMOVED" : " EXPIRED"));
                    return String.valueOf(live);
                case AUTHENTICATE_WRONG:
                    return "absent";
                case ADVANCE:
                    now += step.argument;
                    return "";
                case PURGE:
                    return "purged " + purge();
                default:
                    throw new AssertionError(step.kind);
            }
        }

        private boolean use(int index) {
            long[] times = sessions.get(index);
            if (times == null) {
                return false;
            }
            if (now >= expiry(times)) {
                sessions.remove(index);
                reported.add(index + " EXPIRED");
                return false;
            }
            times[1] = now;
            return true;
        }

        private int purge() {
            int purged = 0;
            for (Iterator<Map.Entry<Integer, long[]>> it = sessions.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<Integer, long[]> entry = it.next();
                if (now >= expiry(entry.getValue())) {
                    it.remove();
                    reported.add(entry.getKey() + " EXPIRED");
                    purged++;
                }
            }
            return purged;
        }

        private static long expiry(long[] times) {
            return Math.min(times[1] + IDLE, times[0] + LIFETIME);
        }

        private static String describe(long[] times) {
            return "[" + times[0] + ", " + times[1] + ", " + expiry(times) + "]";
        }
    }
}
