package dev.wb.bench;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.Invocation;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
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
 * Append throughput of the Chronicle log, one process, one thread, one task stream in a temporary
 * folder. Each operation is one {@code append} of a batch of {@code batchSize} events of ~200 bytes
 * of JSON, synced to disk before it returns (as {@code ChronicleEventLog.append} always does).
 *
 * <p>How to read the summary table (both rows are "ops/s"):
 * <ul>
 *   <li>{@code AppendBenchmark.append} — <b>appends (batches) per second</b>;
 *   <li>{@code AppendBenchmark.append:events} — <b>events per second</b> (an
 *       {@link AuxCounters} counter: batches × batchSize). This is the figure to quote.
 * </ul>
 * {@code expected=any} appends with {@link ExpectedVersion#any()}; {@code expected=exactly} with
 * {@link ExpectedVersion#exactly(long)} of the version the previous append returned, the way a
 * command appends after folding.
 *
 * <p>Run, from the project root:
 * <pre>
 * mvn -q -Pbench -pl bench -am package -DskipTests &amp;&amp; java -jar bench/target/benchmarks.jar AppendBenchmark
 * </pre>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
public class AppendBenchmark extends ChronicleFork {

    @Param({"1", "10", "100"})
    public int batchSize;

    @Param({"any", "exactly"})
    public String expected;

    private Path dir;
    private EventLog log;
    private final StreamId stream = BenchData.task(1);
    private List<NewEvent> batch;
    private Invocation invocation;
    private boolean exactly;
    private long known;

    /** Events appended in the iteration; JMH divides by time, so the row reads events/s. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Events {
        public long events;

        @Setup(Level.Iteration)
        public void reset() {
            events = 0;
        }
    }

    @Setup(Level.Trial)
    public void open() {
        dir = BenchData.tempLogDir("wb-bench-append-");
        log = EventLogs.chronicle(dir);
        batch = BenchData.batch(0, batchSize);
        invocation = BenchData.invocation();
        exactly = switch (expected) {
            case "any" -> false;
            case "exactly" -> true;
            default -> throw new IllegalArgumentException("expected must be any or exactly: " + expected);
        };
        // A first append outside the measurement: the queue's first cycle file is created here.
        List<EventEnvelope> first = log.append(stream, ExpectedVersion.noStream(), batch, invocation);
        known = first.get(first.size() - 1).version();
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        log.close();
        BenchData.deleteTree(dir);
    }

    /**
     * The ceiling this disk sets: the bytes a batch takes in the log (~630 per event) appended to a
     * plain file and fdatasync'd, with no log at all. Same counter: events per second.
     */
    @Benchmark
    public long diskSyncFloor(Events counter) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(630 * batchSize);
        floorPosition += floor.write(bytes, floorPosition);
        if (floorPosition > 256L * 1024 * 1024) {
            floorPosition = 0;
        }
        floor.force(false);
        counter.events += batchSize;
        return floorPosition;
    }

    private FileChannel floor;
    private long floorPosition;

    @Setup(Level.Trial)
    public void openFloor() throws IOException {
        floor = FileChannel.open(dir.resolve("sync-floor"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    }

    @TearDown(Level.Trial)
    public void closeFloor() throws IOException {
        floor.close();
    }

    @Benchmark
    public List<EventEnvelope> append(Events counter) {
        ExpectedVersion condition = exactly ? ExpectedVersion.exactly(known) : ExpectedVersion.any();
        List<EventEnvelope> sealed = log.append(stream, condition, batch, invocation);
        known = sealed.get(sealed.size() - 1).version();
        counter.events += sealed.size();
        return sealed;
    }
}
