package org.hhfr.transports.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class SerializingExecutorTest {
    private final SerializingExecutor executor = new SerializingExecutor();

    @Test
    void aTaskSubmittedFromATaskRunsAfterItNotInsideIt() {
        List<String> order = new ArrayList<>();
        executor.execute(() -> {
            executor.execute(() -> order.add("inner"));
            order.add("outer");
        });
        assertEquals(List.of("outer", "inner"), order);
    }

    @Test
    void tasksFromManyThreadsNeverOverlapAndAllRun() throws InterruptedException {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        int[] count = {0};
        int threads = 4;
        int perThread = 20_000;
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            new Thread(() -> {
                for (int i = 0; i < perThread; i++) {
                    executor.execute(() -> {
                        if (running.incrementAndGet() != 1) {
                            overlaps.incrementAndGet();
                        }
                        count[0]++;
                        running.decrementAndGet();
                    });
                }
                done.countDown();
            }).start();
        }
        assertTrue(done.await(30, TimeUnit.SECONDS));
        executor.execute(() -> { });
        assertEquals(0, overlaps.get());
        assertEquals(threads * perThread, count[0]);
    }

    @Test
    void onlyTheThreadRunningATaskIsInTheContext() {
        boolean[] inside = new boolean[1];
        executor.execute(() -> inside[0] = executor.inContext());
        assertTrue(inside[0]);
        assertFalse(executor.inContext());
    }

    @Test
    void theLeaveHookRunsOutsideTheContextAfterTheTasks() {
        List<String> order = new ArrayList<>();
        SerializingExecutor[] holder = new SerializingExecutor[1];
        holder[0] = new SerializingExecutor(() -> order.add("left, in context: " + holder[0].inContext()));
        holder[0].execute(() -> order.add("task"));
        assertEquals(List.of("task", "left, in context: false"), order);
    }

    @Test
    void aLongQueueIsLeftEveryFewTasksSoDeferredWorkIsNotStarved() {
        AtomicInteger leaves = new AtomicInteger();
        SerializingExecutor busy = new SerializingExecutor(leaves::incrementAndGet);
        busy.execute(() -> {
            for (int i = 0; i < 1_000; i++) {
                busy.execute(() -> { });
            }
        });
        assertTrue(leaves.get() > 10, leaves + " leaves");
    }
}
