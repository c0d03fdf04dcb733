package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.EventService;
import dev.wb.commands.Followed;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.VersionConflictException;
import dev.wb.projections.events.SyncSeen;
import dev.wb.projections.events.run.NodeKind;
import dev.wb.projections.events.run.NodeStarted;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunStarted;
import dev.wb.projections.run.RunProjection;
import dev.wb.projections.run.RunState;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link EventService#follow} (a run's way into the log) on a task another clone wrote: the fold is the
 * merged view, each append is conditional on this clone's own chain and each copy, led by a {@code
 * sync.seen} after an import, and an import since the fold is a conflict.
 */
class FollowedMergedTest {

    static final StreamId TASK = StreamId.task(new TaskKey("ABC-1"));

    @TempDir
    Path tmp;

    TempGitRepo a;
    TempGitRepo b;
    Map<String, String> env;

    @BeforeEach
    void clones() {
        Path remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        // Unsigned clones: the merged view is what these tests are about, not who may sign (SignedSyncTest).
        seed.write(".workflow/config.json", "{\"sync\": {\"signatures\": \"off\"}}\n");
        seed.git("add", ".workflow/config.json");
        seed.git("commit", "-q", "-m", "unsigned replicas count");
        seed.git("push", "-q", remote.toString(), "main");
        a = TempGitRepo.cloneOf(remote, tmp, "a");
        b = TempGitRepo.cloneOf(remote, tmp, "b");
        env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
    }

    Session session(TempGitRepo repo) {
        return Session.open(Workspace.require(repo.root()), env, Clock.systemUTC());
    }

    /** A run on {@code repo}, started and finished, then pushed. */
    void runAndPush(TempGitRepo repo) {
        try (Session s = session(repo)) {
            Followed<RunState> run = new EventService(s).follow(TASK, RunProjection.INSTANCE);
            run.append(List.of(new RunStarted("f", "d", "c", "f")));
            run.append(List.of(new RunFinished(RunFinished.Status.DONE, "ok")));
            SyncPush.run(s, "origin");
        }
    }

    long fetch(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return SyncFetch.run(s, "origin").events();
        }
    }

    @Test
    void a_task_held_only_through_sync_is_followed_on_its_merged_view_and_written_after_it() {
        runAndPush(a);
        fetch(b);

        try (Session s = session(b)) {
            EventService service = new EventService(s);
            Followed<RunState> run = service.follow(TASK, RunProjection.INSTANCE);
            assertEquals(1, run.state().runs(), "a's run counts here");
            assertEquals(-1, run.ownVersion(), "b's own chain holds nothing of the task");

            List<EventEnvelope> appended = run.append(List.of(new RunStarted("f", "d", "c", "f")));
            assertEquals(1, appended.size(), "the caller sees its own event, not the sync.seen");
            assertEquals(3, appended.get(0).version(), "numbered by its place in the merged view");
            assertEquals(1, run.ownVersion(), "sync.seen and run.started in b's own chain");
            run.append(List.of(new NodeStarted("n", NodeKind.TOOL, 1, 1, Optional.empty())));
            // a fact recorded on the run's behalf through another way is taken as the next event
            run.recorded(service.record(TASK, new RunFinished(RunFinished.Status.DONE, "ok"))
                    .get(0));

            assertEquals(service.read(TASK, RunProjection.INSTANCE), run.state(), "the fold of the merged view");
            assertEquals(2, run.state().runs());
            List<EventEnvelope> own = s.log().read(TASK);
            assertTrue(SyncSeen.TYPE.matches(own.get(0)), own.toString());
            assertEquals(4, own.size());
        }
    }

    @Test
    void an_import_since_the_fold_stops_the_follower_before_it_writes() {
        runAndPush(a);
        fetch(b);
        try (Session s = session(b)) {
            Followed<RunState> run = new EventService(s).follow(TASK, RunProjection.INSTANCE);
            run.append(List.of(new RunStarted("f", "d", "c", "f")));

            runAndPush(a);
            assertEquals(2, fetch(b));

            assertThrows(
                    VersionConflictException.class,
                    () -> run.append(List.of(new RunFinished(RunFinished.Status.DONE, "ok"))));
            assertEquals(2, s.log().read(TASK).size(), "nothing more written: sync.seen and run.started");
        }
    }
}
