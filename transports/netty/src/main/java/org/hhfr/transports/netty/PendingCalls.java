package org.hhfr.transports.netty;

import java.util.concurrent.CompletableFuture;

/**
 * The client's calls that the engine accepted and the server has not answered yet, by message number: open
 * addressing on primitive keys (linear probing, deletion by backward shift), with no boxed {@code Long} and no
 * entry object per call. Grows to keep at most half of its slots used.
 *
 * <p>The engine numbers messages sequentially. Masked as they are, a window of pending numbers would fill one
 * contiguous run of slots, and every removal of the oldest would walk the whole run (the window, ~1,000 slots,
 * per response); the home slot is therefore scrambled (Fibonacci hashing) so that runs stay short.
 * Not thread-safe: the owner confines it to one thread (the client's event loop).
 */
final class PendingCalls {
    private static final int INITIAL_CAPACITY = 64;

    private long[] numbers = new long[INITIAL_CAPACITY];
    /** The response for the number in the same slot; null marks a free slot. */
    private CompletableFuture<?>[] responses = new CompletableFuture<?>[INITIAL_CAPACITY];
    private int size;

    int size() {
        return size;
    }

    /** Remembers the call with message number {@code number}; the number must not be pending already. */
    void add(long number, CompletableFuture<byte[]> response) {
        if (2 * (size + 1) > responses.length) {
            grow();
        }
        insert(number, response);
        size++;
    }

    /** Forgets the call with message number {@code number} and returns its response; null if none waits. */
    @SuppressWarnings("unchecked")
    CompletableFuture<byte[]> take(long number) {
        int mask = responses.length - 1;
        for (int slot = home(number, mask); responses[slot] != null; slot = (slot + 1) & mask) {
            if (numbers[slot] == number) {
                CompletableFuture<byte[]> response = (CompletableFuture<byte[]>) responses[slot];
                closeGap(slot, mask);
                size--;
                return response;
            }
        }
        return null;
    }

    /**
     * Forgets every pending call, then completes each exceptionally with {@code reason}; a callback that adds a
     * call meanwhile adds it to the emptied table.
     */
    void failAll(Throwable reason) {
        CompletableFuture<?>[] failed = responses;
        numbers = new long[INITIAL_CAPACITY];
        responses = new CompletableFuture<?>[INITIAL_CAPACITY];
        size = 0;
        for (CompletableFuture<?> response : failed) {
            if (response != null) {
                response.completeExceptionally(reason);
            }
        }
    }

    private static int home(long number, int mask) {
        long h = number * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    private void insert(long number, CompletableFuture<?> response) {
        int mask = responses.length - 1;
        int slot = home(number, mask);
        while (responses[slot] != null) {
            slot = (slot + 1) & mask;
        }
        numbers[slot] = number;
        responses[slot] = response;
    }

    /** Empties {@code hole}, moving back each later entry of its probe run that would no longer be found. */
    private void closeGap(int hole, int mask) {
        for (int slot = (hole + 1) & mask; responses[slot] != null; slot = (slot + 1) & mask) {
            int home = home(numbers[slot], mask);
            if (((slot - home) & mask) >= ((slot - hole) & mask)) {
                numbers[hole] = numbers[slot];
                responses[hole] = responses[slot];
                hole = slot;
            }
        }
        responses[hole] = null;
    }

    private void grow() {
        long[] oldNumbers = numbers;
        CompletableFuture<?>[] oldResponses = responses;
        numbers = new long[oldNumbers.length * 2];
        responses = new CompletableFuture<?>[oldResponses.length * 2];
        for (int i = 0; i < oldResponses.length; i++) {
            if (oldResponses[i] != null) {
                insert(oldNumbers[i], oldResponses[i]);
            }
        }
    }
}
