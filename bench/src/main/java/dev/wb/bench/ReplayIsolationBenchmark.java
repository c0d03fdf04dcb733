package dev.wb.bench;

import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.activity.Activity;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Reading one task costs what that task holds, not what the workspace holds: all 10,000 events of
 * {@link BenchData#REPLAY_TASK} are read ({@code forEach}) and folded into {@link Activity}, in
 * <ul>
 *   <li>{@code workspace=small} — a workspace holding only that task ({@code bench/target/data/ws-10k});
 *   <li>{@code workspace=large} — the 1,000,000-event workspace of {@link RebuildBenchmark}, where it
 *       is one of the 100 streams ({@code bench/target/data/ws-1m}).
 * </ul>
 * The two figures should be about equal. {@code replay} keeps the log open (reading and folding
 * alone); {@code openAndReplay} opens the log, replays and closes it each time, as a
 * {@code wb replay KEY} process does. Milliseconds per replay.
 *
 * <p>Run, from the project root:
 * <pre>
 * mvn -q -Pbench -pl bench -am package -DskipTests &amp;&amp; java -jar bench/target/benchmarks.jar ReplayIsolationBenchmark
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
public class ReplayIsolationBenchmark extends ChronicleFork {

    @Param({"small", "large"})
    public String workspace;

    private Path dir;
    private EventLog log;
    private final StreamId stream = BenchData.REPLAY_TASK;

    @Setup(Level.Trial)
    public void open() {
        dir = switch (workspace) {
            case "small" -> BenchData.smallWorkspace();
            case "large" -> BenchData.largeWorkspace();
            default -> throw new IllegalArgumentException("workspace must be small or large: " + workspace);
        };
        log = EventLogs.chronicle(dir);
        check(replayAndFold(log));
    }

    @TearDown(Level.Trial)
    public void close() {
        check(openAndReplay());
        log.close();
    }

    @Benchmark
    public Activity.State replay() {
        return replayAndFold(log);
    }

    @Benchmark
    public Activity.State openAndReplay() {
        try (EventLog fresh = EventLogs.chronicle(dir)) {
            return replayAndFold(fresh);
        }
    }

    private Activity.State replayAndFold(EventReader reader) {
        Fold fold = new Fold();
        reader.forEach(stream, 0, event -> fold.state = Activity.INSTANCE.evolve(fold.state, event));
        return fold.state;
    }

    private static void check(Activity.State state) {
        if (state.events() != BenchData.EVENTS_PER_STREAM) {
            throw new IllegalStateException(
                    "replayed " + state.events() + " events, expected " + BenchData.EVENTS_PER_STREAM);
        }
    }

    private static final class Fold {
        Activity.State state = Activity.INSTANCE.initialState();
    }
}
