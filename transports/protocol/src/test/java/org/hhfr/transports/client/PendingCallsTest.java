package org.hhfr.transports.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class PendingCallsTest {
    @Test
    void answersInAnyOrderFindTheirCallsAcrossGrowthAndWrapAround() {
        PendingCalls<CompletableFuture<byte[]>> pending = new PendingCalls<>();
        Map<Long, CompletableFuture<byte[]>> expected = new HashMap<>();
        List<Long> waiting = new ArrayList<>();
        Random random = new Random(7);
        long next = 1;
        for (int step = 0; step < 200_000; step++) {
            boolean add = waiting.isEmpty() || (waiting.size() < 1_000 && random.nextInt(100) < 52);
            if (add) {
                CompletableFuture<byte[]> response = new CompletableFuture<>();
                pending.add(next, response);
                expected.put(next, response);
                waiting.add(next++);
            } else {
                // Mostly the oldest call is answered, sometimes any other (a slow operation finishing late).
                int index = random.nextInt(4) == 0 ? random.nextInt(waiting.size()) : 0;
                long number = waiting.remove(index);
                assertSame(expected.remove(number), pending.take(number));
            }
            assertEquals(expected.size(), pending.size());
        }
        for (long number : waiting) {
            assertSame(expected.get(number), pending.take(number));
        }
        assertEquals(0, pending.size());
    }

    @Test
    void aNumberNotPendingFindsNothing() {
        PendingCalls<CompletableFuture<byte[]>> pending = new PendingCalls<>();
        pending.add(64, new CompletableFuture<>());
        assertNull(pending.take(0));
        assertNull(pending.take(128));
        assertEquals(1, pending.size());
        assertTrue(pending.take(64) != null);
        assertNull(pending.take(64));
    }

    @Test
    void takeAllReturnsEveryCallInNumberOrderAndACallAddedMeanwhileSurvives() {
        PendingCalls<CompletableFuture<byte[]>> pending = new PendingCalls<>();
        List<CompletableFuture<byte[]>> responses = new ArrayList<>();
        for (long number = 0; number < 100; number++) {
            CompletableFuture<byte[]> response = new CompletableFuture<>();
            responses.add(response);
            pending.add(number, response);
        }
        CompletableFuture<byte[]> late = new CompletableFuture<>();
        responses.get(0).whenComplete((ignored, failure) -> pending.add(500, late));
        List<CompletableFuture<byte[]>> taken = pending.takeAll();
        assertEquals(responses, taken);
        IllegalStateException reason = new IllegalStateException("session ended");
        for (CompletableFuture<byte[]> response : taken) {
            response.completeExceptionally(reason);
        }
        assertEquals(1, pending.size());
        assertSame(late, pending.take(500));
    }
}
