package dev.wb.engine.internal.chronicle;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.HashChain;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several real processes append at once, through {@link EventLogs#chronicle(Path)}: to one task, and
 * to a task each plus one they share, with {@code ExpectedVersion.any()} and with the exact head they
 * read (retrying on a conflict). Nothing may be lost or duplicated, versions must be contiguous, each
 * process's own order must survive, and the hash chain must hold.
 *
 * <p>On 2 cores, 4 writers contending for one queue's lock spin: expect ~10-30 s for the 2,000
 * appends of the first test, against ~2 s for one process writing them alone.
 */
class ConcurrentAppendsIT {

    private static final int CHILDREN = 4;
    private static final int APPENDS = 500;
    private static final StreamId SHARED = new StreamId("ABC-1");

    @TempDir
    Path dir;

    @Test
    void
            given_four_processes_appending_500_events_each_to_one_task_two_with_any_version_and_two_at_the_exact_head_with_retries_when_they_finish_then_every_event_is_there_once_in_per_process_order_with_an_intact_chain()
                    throws Exception {
        List<Long> conflicts = runChildren(i -> i % 2 == 0 ? "any" : "exact", i -> List.of(SHARED.name()));

        try (EventLog log = EventLogs.chronicle(dir.resolve("log"))) {
            assertWholeAndOrdered(log, SHARED, expected(i -> true));
            assertEquals(List.of(SHARED), log.streams());
        }
        assertEquals(0L, conflicts.get(0), "an any-version writer never conflicts");
        assertEquals(0L, conflicts.get(2), "an any-version writer never conflicts");
        System.out.println("version conflicts retried per child (any, exact, any, exact): " + conflicts);
    }

    @Test
    void
            given_four_processes_each_appending_500_events_to_its_own_task_and_every_fifth_also_to_a_shared_task_when_they_finish_then_all_five_streams_are_whole_contiguous_and_intact()
                    throws Exception {
        List<Long> conflicts = runChildren(i -> "exact", i -> List.of(own(i).name(), SHARED.name(), "5"));

        try (EventLog log = EventLogs.chronicle(dir.resolve("log"))) {
            for (int child = 0; child < CHILDREN; child++) {
                int only = child;
                assertWholeAndOrdered(log, own(child), expected(c -> c == only, seq -> true));
            }
            assertWholeAndOrdered(log, SHARED, expected(c -> true, seq -> seq % 5 == 0));
            List<StreamId> streams = new ArrayList<>(List.of(SHARED));
            IntStream.range(0, CHILDREN).mapToObj(ConcurrentAppendsIT::own).forEach(streams::add);
            streams.sort((a, b) -> a.name().compareTo(b.name()));
            assertEquals(streams, log.streams());
        }
        System.out.println("version conflicts retried per child (all exact): " + conflicts);
    }

    private static StreamId own(int child) {
        return new StreamId("OWN" + child + "-1");
    }

    /** Starts the children, lets them go at once, waits for them; returns each child's conflict count. */
    private List<Long> runChildren(IntFunction<String> mode, IntFunction<List<String>> streamArgs) throws Exception {
        Path goFile = dir.resolve("go");
        List<Child> children = new ArrayList<>();
        try {
            for (int i = 0; i < CHILDREN; i++) {
                List<String> args = new ArrayList<>(List.of(
                        dir.resolve("log").toString(),
                        dir.resolve("warm").toString(),
                        goFile.toString(),
                        String.valueOf(i),
                        String.valueOf(APPENDS),
                        mode.apply(i)));
                args.addAll(streamArgs.apply(i));
                children.add(Child.start(
                        dir.resolve("children"), "child-" + i, AppendingChild.class, args.toArray(String[]::new)));
            }
            await("all children ready")
                    .atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() -> {
                        for (Child child : children) {
                            if (!child.process().isAlive() && !child.printed("READY")) {
                                throw new AssertionError("died before READY: " + child.describe());
                            }
                        }
                        return children.stream().allMatch(c -> c.printed("READY"));
                    });
            long start = System.nanoTime();
            Files.createFile(goFile);
            List<Long> retries = new ArrayList<>();
            for (Child child : children) {
                assertEquals(0, child.waitFor(120), child::describe);
                String done = child.lines().stream()
                        .filter(l -> l.startsWith("DONE "))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError("no DONE line: " + child.describe()));
                retries.add(Long.parseLong(done.substring("DONE ".length())));
            }
            System.out.printf(
                    "%d children x %d appends took %d ms after all were ready%n",
                    CHILDREN, APPENDS, (System.nanoTime() - start) / 1_000_000);
            return retries;
        } finally {
            for (Child child : children) {
                child.close();
            }
        }
    }

    private static Map<Integer, List<Integer>> expected(IntPredicate children) {
        return expected(children, seq -> true);
    }

    private static Map<Integer, List<Integer>> expected(IntPredicate children, IntPredicate seqs) {
        Map<Integer, List<Integer>> expected = new TreeMap<>();
        for (int child = 0; child < CHILDREN; child++) {
            if (children.test(child)) {
                expected.put(
                        child, IntStream.range(0, APPENDS).filter(seqs).boxed().toList());
            }
        }
        return expected;
    }

    /**
     * The stream holds each expected (child, seq) exactly once, with versions 0..N-1, each child's
     * events in its own order, and a hash chain that verifies over all N events.
     */
    static void assertWholeAndOrdered(EventLog log, StreamId stream, Map<Integer, List<Integer>> expected) {
        List<EventEnvelope> events = log.read(stream);
        int total = expected.values().stream().mapToInt(List::size).sum();

        for (int i = 0; i < events.size(); i++) {
            assertEquals(i, events.get(i).version(), stream + ": version at position " + i);
        }

        Map<Integer, List<Integer>> actual = new TreeMap<>();
        Map<String, Long> seen = new TreeMap<>();
        for (EventEnvelope e : events) {
            int child = e.payload().json().get("child").asInt();
            int seq = e.payload().json().get("seq").asInt();
            actual.computeIfAbsent(child, c -> new ArrayList<>()).add(seq);
            seen.merge(child + ":" + seq, 1L, Long::sum);
        }
        List<String> duplicated = seen.entrySet().stream()
                .filter(s -> s.getValue() > 1)
                .map(Map.Entry::getKey)
                .toList();
        assertTrue(duplicated.isEmpty(), stream + ": (child:seq) written more than once: " + duplicated);
        List<String> missing = expected.entrySet().stream()
                .flatMap(en -> en.getValue().stream().map(seq -> en.getKey() + ":" + seq))
                .filter(key -> !seen.containsKey(key))
                .toList();
        assertTrue(
                missing.isEmpty(),
                stream + ": " + missing.size() + " events missing, e.g. "
                        + missing.stream().limit(20).collect(Collectors.joining(", ")));
        assertEquals(total, events.size(), stream + ": event count");
        for (Map.Entry<Integer, List<Integer>> en : expected.entrySet()) {
            assertEquals(
                    en.getValue(),
                    actual.get(en.getKey()),
                    stream + ": events of child " + en.getKey() + " out of their own order");
        }
        assertEquals(expected.keySet(), actual.keySet(), stream + ": writers seen");

        HashChain.Report report = HashChain.verify(log, stream);
        assertTrue(
                report.intact(),
                () -> stream + ": " + report.firstBreak().orElseThrow().describe());
        assertEquals(total, report.eventsChecked(), stream + ": events the chain verified");
        assertEquals(total - 1, log.head(stream).orElseThrow().version(), stream + ": head version");
        assertEquals(
                events.get(events.size() - 1).hash(),
                log.head(stream).orElseThrow().hash(),
                stream + ": head hash");
        assertEquals(log.head(stream), log.headHint(stream), stream + ": head hint once every writer is done");
    }
}
