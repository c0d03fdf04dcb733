package dev.wb.bench;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.Actor;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.Invocation;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The events and workspaces the benchmarks use. Payloads are ~200 bytes of canonical JSON; a
 * workspace is {@code streams} task streams {@code WB-1 … WB-n}, each appended in batches of
 * {@link #BATCH}, round robin, the way many commands over many tasks would leave it.
 *
 * <p>Workspaces are expensive to make (the 1,000,000-event one takes tens of seconds), so they are
 * cached under {@code bench/target/data/} (or {@code -Dwb.bench.data=DIR}) and reused while their
 * marker file names the same recipe. Delete the folder, or change {@link #RECIPE_VERSION}, to make
 * them again.
 */
public final class BenchData {

    /** Raise when the events written change, so cached workspaces are made again. */
    static final int RECIPE_VERSION = 3;

    static final String MARKER = "wb-bench-workspace.complete";

    public static final int LARGE_STREAMS = 100;
    public static final int EVENTS_PER_STREAM = 10_000;
    /**
     * Events per append when making workspaces. An event of this recipe takes ~630 bytes in a frame
     * (a ~390-byte header, the ~200-byte payload, its hash): 100 of them fit the log's limit per
     * batch ({@code ChronicleEventLog.MAX_FRAME}, 120 KiB).
     */
    public static final int BATCH = 100;

    /** The 10,000-event task that both the small and the large workspace hold. */
    public static final StreamId REPLAY_TASK = task(1);

    private static final String[] TYPES = {
        "task.check.recorded", "task.note.added", "task.file.changed", "task.status.changed"
    };
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private BenchData() {}

    /**
     * Makes (or checks) both cached workspaces ahead of a run, so no benchmark's set-up pays for it:
     * {@code java $(flags) -cp bench/target/benchmarks.jar dev.wb.bench.BenchData}, where the flags
     * are {@link BenchFlags#CHRONICLE}.
     */
    public static void main(String[] args) {
        System.out.println(largeWorkspace());
        System.out.println(smallWorkspace());
    }

    /** Task stream {@code WB-i}, 1-based. */
    public static StreamId task(int i) {
        return new StreamId("WB-" + i);
    }

    /** A payload of about 200 bytes of canonical JSON; {@code seq} varies a few fields. */
    public static ObjectNode payload(long seq) {
        ObjectNode node = JSON.objectNode();
        node.put("check", "unit-tests");
        node.put("command", "mvn -q -pl engine test");
        node.put("durationMs", 1000 + seq % 9000);
        node.put("exitCode", seq % 17 == 0 ? 1 : 0);
        node.putArray("files")
                .add("engine/src/main/java/dev/wb/engine/EventLog.java")
                .add("docs/Seq" + (seq % 1000) + ".md");
        node.put("seq", seq);
        node.put("summary", "412 tests, " + (seq % 3) + " failures");
        return node;
    }

    public static NewEvent event(long seq) {
        return new NewEvent(TYPES[(int) (seq % TYPES.length)], 1, payload(seq));
    }

    public static List<NewEvent> batch(long firstSeq, int size) {
        List<NewEvent> batch = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            batch.add(event(firstSeq + i));
        }
        return List.copyOf(batch);
    }

    /** One command's run; the actor is fixed so event headers keep one size. */
    public static Invocation invocation() {
        return Invocation.start(new Actor("bench", "bench-host", 4242, Optional.empty()), Clock.systemUTC());
    }

    /** {@code bench/target/data}: next to the jar (or classes folder) this class was loaded from. */
    public static Path dataRoot() {
        String override = System.getProperty("wb.bench.data");
        if (override != null && !override.isBlank()) {
            return Path.of(override);
        }
        try {
            Path codeSource = Path.of(BenchData.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            return codeSource.toAbsolutePath().getParent().resolve("data");
        } catch (URISyntaxException | RuntimeException e) {
            return Path.of("bench", "target", "data").toAbsolutePath();
        }
    }

    /** 1,000,000 events: 100 task streams of 10,000, {@link #REPLAY_TASK} among them. */
    public static Path largeWorkspace() {
        return ensureWorkspace(dataRoot().resolve("ws-1m"), LARGE_STREAMS, EVENTS_PER_STREAM, BATCH);
    }

    /** Only {@link #REPLAY_TASK}, written exactly as in the large workspace. */
    public static Path smallWorkspace() {
        return ensureWorkspace(dataRoot().resolve("ws-10k"), 1, EVENTS_PER_STREAM, BATCH);
    }

    /**
     * The log folder of a workspace made by this recipe: reused when its marker matches, made
     * (again) otherwise. The marker is written last, so an interrupted run is never reused.
     */
    public static Path ensureWorkspace(Path dir, int streams, int eventsPerStream, int batch) {
        if (eventsPerStream % batch != 0) {
            throw new IllegalArgumentException("events per stream must be a multiple of the batch");
        }
        String recipe = "wb-bench workspace recipe " + RECIPE_VERSION + ": streams=" + streams + " eventsPerStream="
                + eventsPerStream + " batch=" + batch + "\n";
        Path marker = dir.resolve(MARKER);
        try {
            if (Files.isRegularFile(marker)
                    && Files.readString(marker, StandardCharsets.UTF_8).equals(recipe)) {
                return dir;
            }
            deleteTree(dir);
            Files.createDirectories(dir);
            long started = System.nanoTime();
            System.err.printf(
                    "wb-bench: writing %,d events (%d streams x %,d, batches of %d) to %s%n",
                    (long) streams * eventsPerStream, streams, eventsPerStream, batch, dir);
            try (EventLog log = EventLogs.chronicle(dir)) {
                for (int round = 0; round < eventsPerStream / batch; round++) {
                    long first = (long) round * batch;
                    for (int s = 1; s <= streams; s++) {
                        log.append(task(s), ExpectedVersion.after(first - 1), batch(first, batch), invocation());
                    }
                }
            }
            Files.writeString(marker, recipe, StandardCharsets.UTF_8);
            System.err.printf("wb-bench: wrote %s in %.1f s%n", dir, (System.nanoTime() - started) / 1e9);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }

    /** A fresh temporary folder for a log that the benchmark throws away. */
    static Path tempLogDir(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
