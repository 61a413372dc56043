package org.hhfr.transports.client;

import java.util.ArrayList;
import java.util.List;

/**
 * A client's calls that the engine accepted and the server has not answered yet, by message number (which the
 * response carries as its correlation): open addressing on primitive keys (linear probing, deletion by
 * backward shift), with no boxed {@code Long} and no entry object per call. Grows to keep at most half of its
 * slots used.
 *
 * <p>The engine numbers messages sequentially. Masked as they are, a window of pending numbers would fill one
 * contiguous run of slots, and every removal of the oldest would walk the whole run (the window, ~1,000 slots,
 * per response); the home slot is therefore scrambled (Fibonacci hashing) so that runs stay short.
 * Not thread-safe: the owner confines it to its serial context.
 *
 * @param <C> what the client keeps per call (its future, its deadline...)
 */
public final class PendingCalls<C> {
    private static final int INITIAL_CAPACITY = 64;

    private long[] numbers = new long[INITIAL_CAPACITY];
    /** The call for the number in the same slot; null marks a free slot. */
    private Object[] calls = new Object[INITIAL_CAPACITY];
    private int size;

    public int size() {
        return size;
    }

    /** Remembers the call with message number {@code number}; the number must not be pending already. */
    public void add(long number, C call) {
        if (2 * (size + 1) > calls.length) {
            grow();
        }
        insert(number, call);
        size++;
    }

    /** Forgets the call with message number {@code number} and returns it; null if none waits. */
    @SuppressWarnings("unchecked")
    public C take(long number) {
        int mask = calls.length - 1;
        for (int slot = home(number, mask); calls[slot] != null; slot = (slot + 1) & mask) {
            if (numbers[slot] == number) {
                C call = (C) calls[slot];
                closeGap(slot, mask);
                size--;
                return call;
            }
        }
        return null;
    }

    /** The message number {@code call} waits under (by identity), or 0 if it does not wait. */
    public long numberOf(C call) {
        for (int slot = 0; slot < calls.length; slot++) {
            if (calls[slot] == call) {
                return numbers[slot];
            }
        }
        return 0;
    }

    /**
     * Forgets every pending call and returns them in the order they were numbered, so the owner can fail or
     * resend each; a call added meanwhile (by a failed call's callback) goes into the emptied table.
     */
    @SuppressWarnings("unchecked")
    public List<C> takeAll() {
        long[] takenNumbers = numbers;
        Object[] taken = calls;
        numbers = new long[INITIAL_CAPACITY];
        calls = new Object[INITIAL_CAPACITY];
        size = 0;
        List<Integer> slots = new ArrayList<>();
        for (int slot = 0; slot < taken.length; slot++) {
            if (taken[slot] != null) {
                slots.add(slot);
            }
        }
        slots.sort((a, b) -> Long.compare(takenNumbers[a], takenNumbers[b]));
        List<C> all = new ArrayList<>(slots.size());
        for (int slot : slots) {
            all.add((C) taken[slot]);
        }
        return all;
    }

    private static int home(long number, int mask) {
        long h = number * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void insert(long number, Object call) {
        int mask = calls.length - 1;
        int slot = home(number, mask);
        while (calls[slot] != null) {
            slot = (slot + 1) & mask;
        }
        numbers[slot] = number;
        calls[slot] = call;
    }

    /** Empties {@code hole}, moving back each later entry of its probe run that would no longer be found. */
    private void closeGap(int hole, int mask) {
        for (int slot = (hole + 1) & mask; calls[slot] != null; slot = (slot + 1) & mask) {
            int home = home(numbers[slot], mask);
            if (((slot - home) & mask) >= ((slot - hole) & mask)) {
                numbers[hole] = numbers[slot];
                calls[hole] = calls[slot];
                hole = slot;
            }
        }
        calls[hole] = null;
    }

    private void grow() {
        long[] oldNumbers = numbers;
        Object[] oldCalls = calls;
        numbers = new long[oldNumbers.length * 2];
        calls = new Object[oldCalls.length * 2];
        for (int i = 0; i < oldCalls.length; i++) {
            if (oldCalls[i] != null) {
                insert(oldNumbers[i], oldCalls[i]);
            }
        }
    }
}
