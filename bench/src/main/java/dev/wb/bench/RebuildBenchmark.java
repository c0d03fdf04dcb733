package dev.wb.bench;

import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamId;
import dev.wb.engine.UpcastingReader;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.catalog.WbEvents;
import dev.wb.projections.checkpoint.StreamCursor;
import dev.wb.projections.checkpoint.WorkspaceProjection;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Rebuilding the workspace's activity projection, {@code WorkspaceProjection.rebuild(Activity.INSTANCE,
 * reader)}, from 1,000,000 events in 100 task streams of 10,000 (see {@link BenchData#largeWorkspace()};
 * made once, ~1 minute, then cached under {@code bench/target/data/ws-1m}). One shot per iteration,
 * milliseconds per rebuild:
 * <ul>
 *   <li>{@code rebuild} — opens the log, rebuilds, closes it: what a command that ignores the
 *       checkpoint pays inside its JVM (100 queues opened);
 *   <li>{@code rebuildUpcasting} — the same through {@code new UpcastingReader(log, WbEvents.SCHEMAS)},
 *       the reader commands use (the benchmark's event types need no upcasting: this is the cost of
 *       the look-up);
 *   <li>{@code rebuildOpenLog} — with every queue already open: reading and folding alone.
 * </ul>
 *
 * <p>Run, from the project root:
 * <pre>
 * mvn -q -Pbench -pl bench -am package -DskipTests &amp;&amp; java -jar bench/target/benchmarks.jar RebuildBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class RebuildBenchmark extends ChronicleFork {

    private Path dir;
    private EventLog openLog;
    private Map<StreamId, StreamCursor<Activity.State>> last;

    @Setup(Level.Trial)
    public void data() {
        dir = BenchData.largeWorkspace();
    }

    @Setup(Level.Iteration)
    public void openLog() {
        openLog = EventLogs.chronicle(dir);
        List<StreamId> streams = openLog.streams();
        if (streams.size() != BenchData.LARGE_STREAMS) {
            throw new IllegalStateException("the workspace in " + dir + " is not the expected one");
        }
        // head() opens (and the log keeps) each stream's queue, so rebuildOpenLog measures reading alone.
        // (streams() alone no longer opens them: a stream with a head hint is listed from its folder.)
        for (StreamId stream : streams) {
            openLog.head(stream);
        }
    }

    @TearDown(Level.Iteration)
    public void check() {
        openLog.close();
        long events = last.values().stream().mapToLong(c -> c.state().events()).sum();
        if (last.size() != BenchData.LARGE_STREAMS
                || events != (long) BenchData.LARGE_STREAMS * BenchData.EVENTS_PER_STREAM) {
            throw new IllegalStateException("rebuilt " + last.size() + " streams, " + events + " events");
        }
        last = null;
    }

    @Benchmark
    public Map<StreamId, StreamCursor<Activity.State>> rebuild() {
        try (EventLog log = EventLogs.chronicle(dir)) {
            last = WorkspaceProjection.rebuild(Activity.INSTANCE, log);
            return last;
        }
    }

    @Benchmark
    public Map<StreamId, StreamCursor<Activity.State>> rebuildUpcasting() {
        try (EventLog log = EventLogs.chronicle(dir)) {
            EventReader reader = new UpcastingReader(log, WbEvents.SCHEMAS);
            last = WorkspaceProjection.rebuild(Activity.INSTANCE, reader);
            return last;
        }
    }

    @Benchmark
    public Map<StreamId, StreamCursor<Activity.State>> rebuildOpenLog() {
        last = WorkspaceProjection.rebuild(Activity.INSTANCE, openLog);
        return last;
    }
}
