package dev.wb.engine.internal.chronicle;

import static dev.wb.engine.TestEvents.invocation;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.HashChain;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.engine.logs.EventLogs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer process is killed with SIGKILL at a random moment while it appends batches, twenty times
 * on the same log. After every kill the log must read back whole: an intact chain, contiguous
 * versions, only complete batches, every batch the writer saw land, and room for the next append at
 * the exact head.
 */
class KilledWriterIT {

    private static final StreamId TASK = new StreamId("ABC-1");
    private static final int TRIALS = 20;

    @TempDir
    Path dir;

    @Test
    void
            given_a_writer_appending_batches_when_it_is_killed_at_a_random_moment_twenty_times_then_each_time_the_chain_holds_no_batch_is_partial_no_reported_batch_is_lost_and_the_next_exact_append_succeeds()
                    throws Exception {
        Path logDir = dir.resolve("log");
        Path queueDir = logDir.resolve("streams").resolve(TASK.name());
        long masterSeed = System.nanoTime();
        Random random = new Random(masterSeed);
        int diedHoldingLock = 0;
        int diedWithUnreportedBatch = 0;
        int hintAhead = 0;
        long slowestNextAppendMs = 0;
        long slowestAppendAfterDeadHolderMs = -1;
        long expectedEvents = 0;

        for (int trial = 0; trial < TRIALS; trial++) {
            String context = "trial " + trial + " (master seed " + masterSeed + ")";
            Child writer = Child.start(
                    dir.resolve("children"),
                    "writer-" + trial,
                    CrashingAppenderChild.class,
                    logDir.toString(),
                    TASK.name(),
                    String.valueOf(trial),
                    String.valueOf(random.nextLong()));
            try {
                await(context + ": the writer's first append")
                        .atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(5))
                        .until(() -> {
                            if (!writer.process().isAlive()) {
                                throw new AssertionError("writer died: " + writer.describe());
                            }
                            return writer.lines().stream().anyMatch(l -> l.startsWith("APPENDED "));
                        });
                Thread.sleep(random.nextInt(51));
                assertTrue(writer.process().isAlive(), () -> context + ": " + writer.describe());
                writer.kill();
            } finally {
                writer.close();
            }
            assertEquals(137, writer.process().exitValue(), context + ": killed by SIGKILL");
            List<String> reported = writer.lines().stream()
                    .filter(l -> l.startsWith("APPENDED "))
                    .map(l -> l.split(" ", 0)[1])
                    .toList();

            // Read from the lock's bytes: opening the queue would already clear a dead holder's lock.
            OptionalLong holder = QueueLocks.holder(queueDir);
            if (holder.isPresent()) {
                assertEquals(writer.pid(), holder.getAsLong(), context + ": lock holder");
                diedHoldingLock++;
            }

            try (EventLog log = EventLogs.chronicle(logDir)) {
                HashChain.Report report = HashChain.verify(log, TASK);
                assertTrue(
                        report.intact(),
                        () -> context + ": " + report.firstBreak().orElseThrow().describe());

                List<EventEnvelope> events = log.read(TASK);
                assertEquals(report.eventsChecked(), events.size(), context + ": events verified");
                for (int i = 0; i < events.size(); i++) {
                    assertEquals(i, events.get(i).version(), context + ": version at position " + i);
                }
                Map<String, List<Integer>> batches = assertOnlyWholeBatches(events, context);
                for (String batch : reported) {
                    assertTrue(
                            batches.containsKey(batch),
                            context + ": batch " + batch + " was reported appended but is not in the log");
                }
                String prefix = "t" + trial + "-";
                long thisTrial = batches.keySet().stream()
                        .filter(b -> b.startsWith(prefix))
                        .count();
                assertTrue(thisTrial >= reported.size(), context + ": batches of this trial");
                assertTrue(
                        thisTrial <= reported.size() + 1,
                        context + ": at most one batch can land without being reported");
                if (thisTrial > reported.size()) {
                    diedWithUnreportedBatch++;
                }
                assertTrue(events.size() > expectedEvents, context + ": the log grew");

                StreamHead head = log.head(TASK).orElseThrow();
                assertEquals(events.size() - 1, head.version(), context + ": head");
                // The head hint is written before a batch commits: never behind, ahead only with a
                // (version, hash) that never landed.
                StreamHead hint = log.headHint(TASK).orElseThrow();
                if (!hint.equals(head)) {
                    assertTrue(
                            hint.version() > head.version() && hint.version() <= head.version() + 5,
                            context + ": hint " + hint + " against head " + head);
                    assertTrue(
                            events.stream().noneMatch(e -> e.hash().equals(hint.hash())),
                            context + ": a hint ahead of the log names a hash that is in it");
                    hintAhead++;
                }
                long start = System.nanoTime();
                EventEnvelope next = log.append(
                                TASK,
                                ExpectedVersion.exactly(head.version()),
                                List.of(batchEvent("probe-" + trial, 1, 0)),
                                invocation())
                        .get(0);
                long appendMs = (System.nanoTime() - start) / 1_000_000;
                slowestNextAppendMs = Math.max(slowestNextAppendMs, appendMs);
                if (holder.isPresent()) {
                    slowestAppendAfterDeadHolderMs = Math.max(slowestAppendAfterDeadHolderMs, appendMs);
                }
                assertEquals(head.version() + 1, next.version(), context + ": next append's version");
                assertEquals(head.hash(), next.prevHash(), context + ": next append links to the head");
                assertTrue(HashChain.verify(log, TASK).intact(), context + ": chain after the next append");
                assertEquals(
                        new StreamHead(next.version(), next.hash()),
                        log.headHint(TASK).orElseThrow(),
                        context + ": hint after the next append");
                expectedEvents = events.size() + 1L;
            }
            assertFalse(QueueLocks.holder(queueDir).isPresent(), context + ": the lock is free after the next append");
        }
        System.out.printf(
                "%d kills: %d died holding the write lock (slowest next append after those: %d ms),"
                        + " %d died after a batch landed but before reporting it, %d left the head hint ahead of the log;"
                        + " slowest next append %d ms; %d events in the log%n",
                TRIALS,
                diedHoldingLock,
                slowestAppendAfterDeadHolderMs,
                diedWithUnreportedBatch,
                hintAhead,
                slowestNextAppendMs,
                expectedEvents);
    }

    /** Every batch is all there, its events in order and next to each other; returns batch id → indexes. */
    private static Map<String, List<Integer>> assertOnlyWholeBatches(List<EventEnvelope> events, String context) {
        Map<String, List<Integer>> batches = new LinkedHashMap<>();
        Map<String, Integer> sizes = new LinkedHashMap<>();
        String current = null;
        for (EventEnvelope e : events) {
            ObjectNode payload = e.payload().json();
            String batch = payload.get("batch").asText();
            int size = payload.get("size").asInt();
            int index = payload.get("index").asInt();
            if (!batch.equals(current)) {
                assertFalse(batches.containsKey(batch), context + ": batch " + batch + " is split");
                if (current != null) {
                    assertEquals(
                            sizes.get(current),
                            batches.get(current).size(),
                            context + ": batch " + current + " is partial");
                }
                current = batch;
                sizes.put(batch, size);
            }
            batches.computeIfAbsent(batch, b -> new ArrayList<>()).add(index);
            assertEquals(
                    batches.get(batch).size() - 1,
                    index,
                    context + ": index in batch " + batch + " at version " + e.version());
            assertEquals(sizes.get(batch), size, context + ": size of batch " + batch);
        }
        if (current != null) {
            assertEquals(
                    sizes.get(current),
                    batches.get(current).size(),
                    context + ": last batch " + current + " is partial");
        }
        return batches;
    }

    private static NewEvent batchEvent(String batch, int size, int index) {
        return TestEvents.event("test.batched", Map.of("batch", batch, "size", size, "index", index));
    }
}
