package org.hhfr.contextstore.redis;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * Gives equal values decoded from many session records one instance (URIs, service and operation names, the
 * agreed policy), so that the sessions a node serves share them as the in-memory store's sessions do, instead of
 * each holding copies. Bounded: past {@value #MAX_VALUES} distinct values, the rest stay unshared.
 */
final class SharedValues {
    private static final int MAX_VALUES = 4096;

    private final ConcurrentMap<Object, Object> values = new ConcurrentHashMap<>();

    /** The instance equal to {@code value} seen first, or {@code value} itself; null for null. */
    @SuppressWarnings("unchecked")
    <T> T share(T value) {
        if (value == null) {
            return null;
        }
        Object earlier = values.get(value);
        if (earlier == null && values.size() < MAX_VALUES) {
            earlier = values.putIfAbsent(value, value);
        }
        return earlier != null ? (T) earlier : value;
    }
}
