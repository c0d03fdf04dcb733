package dev.wb.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.Actor;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventLogs;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.Invocation;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Fills a repository's log with task streams, for start-up measurements ({@code bench/cold-start}):
 * {@code java -cp bench/target/benchmarks.jar <flags> dev.wb.bench.SeedWorkspace REPO TASKS EVENTS_PER_TASK}.
 */
public final class SeedWorkspace {

    private static final String[] TYPES = {"sdd.audited", "impl.checked", "impl.verified", "git.committed"};

    private SeedWorkspace() {}

    public static void main(String[] args) {
        Path repo = Path.of(args[0]);
        int tasks = Integer.parseInt(args[1]);
        int eventsPerTask = Integer.parseInt(args[2]);
        Invocation invocation = Invocation.start(Actor.current(System.getenv()), Clock.systemUTC());
        try (EventLog log = EventLogs.chronicle(repo.resolve(".workflow/local/log"))) {
            for (int t = 1; t <= tasks; t++) {
                StreamId stream = StreamId.task(new TaskKey("TASK-" + t));
                List<NewEvent> batch = new ArrayList<>();
                for (int e = 0; e < eventsPerTask; e++) {
                    ObjectNode payload = CanonicalJson.object(Map.of("task", t, "n", e, "note", "seeded for a benchmark"));
                    batch.add(new NewEvent(TYPES[e % TYPES.length], 1, payload));
                    if (batch.size() == 10 || e == eventsPerTask - 1) {
                        log.append(stream, ExpectedVersion.any(), batch, invocation);
                        batch = new ArrayList<>();
                    }
                }
            }
        }
        System.out.println("seeded " + tasks + " tasks x " + eventsPerTask + " events in " + repo);
    }
}
