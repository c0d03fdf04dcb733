package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.merged.Replica;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.logs.EventLogs;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** 1,000 tasks x 100 events pushed and fetched whole, then one new event synced incrementally. */
class SyncScaleIT {

    static final int TASKS = 1000;
    static final int EVENTS = 100;

    @TempDir
    Path tmp;

    @Test
    void a_thousand_tasks_travel_whole_then_one_event_alone() {
        Path remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo.create(tmp, "seed").git("push", "-q", remote.toString(), "main");
        TempGitRepo a = TempGitRepo.cloneOf(remote, tmp, "a");
        TempGitRepo b = TempGitRepo.cloneOf(remote, tmp, "b");
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());

        try (Session s = Session.open(Workspace.require(a.root()), env, Clock.systemUTC())) {
            for (int t = 1; t <= TASKS; t++) {
                List<NewEvent> batch = new ArrayList<>(EVENTS);
                for (int e = 0; e < EVENTS; e++) {
                    batch.add(new NewEvent(
                            "test.noted", 1, CanonicalJson.object(Map.of("task", t, "n", e, "text", "event " + e))));
                }
                s.log().append(new StreamId("T-" + t), ExpectedVersion.noStream(), batch, s.invocation());
            }
            assertEquals((long) TASKS * EVENTS, SyncPush.run(s, "origin").events());
        }
        try (Session s = Session.open(Workspace.require(b.root()), env, Clock.systemUTC())) {
            SyncFetch.Result fetched = SyncFetch.run(s, "origin");
            assertEquals((long) TASKS * EVENTS, fetched.events());
            assertEquals(TASKS, fetched.changed());
        }

        try (Session s = Session.open(Workspace.require(a.root()), env, Clock.systemUTC())) {
            s.log()
                    .append(
                            new StreamId("T-500"),
                            ExpectedVersion.exactly(EVENTS - 1),
                            List.of(new NewEvent("test.noted", 1, CanonicalJson.object(Map.of("n", "last")))),
                            s.invocation());
            SyncPush.Result pushed = SyncPush.run(s, "origin");
            assertEquals(1, pushed.events());
            assertEquals(1, pushed.exported().size());
        }
        String replica =
                Replica.existing(Workspace.require(a.root())).orElseThrow().id();
        try (Session s = Session.open(Workspace.require(b.root()), env, Clock.systemUTC())) {
            SyncFetch.Result fetched = SyncFetch.run(s, "origin");
            assertEquals(1, fetched.events());
            assertEquals(1, fetched.changed());
        }
        try (EventLog copy = EventLogs.chronicle(b.resolve(".workflow/local/sync/replicas/" + replica + "/log"));
                EventLog own = EventLogs.chronicle(a.resolve(".workflow/local/log"))) {
            assertEquals(own.head(new StreamId("T-500")), copy.head(new StreamId("T-500")));
            assertEquals(own.head(new StreamId("T-999")), copy.head(new StreamId("T-999")));
            assertEquals(TASKS, copy.streams().size());
        }
    }
}
