package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Decision;
import dev.wb.commands.EventService;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.commands.status.Mark;
import dev.wb.commands.status.Stage;
import dev.wb.commands.status.StatusQuery;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.projections.activity.Activity;
import dev.wb.projections.events.FlowValidated;
import dev.wb.projections.events.SyncSeen;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merged view (docs/adr/0010, step 2) with real git and real logs: two or three clones of one
 * bare remote, each with its own {@code .workflow/local/}; every read folds every chain it holds,
 * in an order every clone computes alike, and decisions are made on that whole view.
 */
class MergedViewTest {

    static final TaskKey KEY = new TaskKey("ABC-1");
    static final StreamId TASK = StreamId.task(KEY);

    @TempDir
    Path tmp;

    Path remote;
    TempGitRepo a;
    TempGitRepo b;
    Map<String, String> env;

    @BeforeEach
    void clones() {
        remote = TempGitRepo.createBare(tmp, "remote.git");
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

    /** The same plan on a clone (as when sdd.json is committed), citing a line its tree holds or not. */
    static void plan(TempGitRepo repo, String value) {
        repo.write("src/app.py", "# app\nvalue = " + value + "\n");
        repo.git("add", "src/app.py");
        repo.git("commit", "-q", "--allow-empty", "-m", "app"); // a plan cites committed code
        PlanFixture.plan(KEY.value())
                .cite("src/app.py", 2, "value = 1")
                .file("src/app.py", "edit")
                .writeTo(repo);
    }

    boolean audit(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return SddAudit.run(s, KEY, false).passed();
        }
    }

    void push(TempGitRepo repo) {
        try (Session s = session(repo)) {
            SyncPush.run(s, "origin");
        }
    }

    long fetch(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return SyncFetch.run(s, "origin").events();
        }
    }

    Mark auditMark(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return new StatusQuery(s)
                    .one(TASK)
                    .task()
                    .orElseThrow()
                    .stage(Stage.AUDIT)
                    .mark();
        }
    }

    List<String> merged(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return new ReplayQuery(s)
                    .storedJson(TASK).stream().map(ObjectNode::toString).toList();
        }
    }

    List<EventEnvelope> own(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return s.log().read(TASK);
        }
    }

    @Test
    void an_audit_that_passed_on_one_clone_opens_the_gate_on_another_only_for_the_same_plan() {
        plan(a, "1");
        plan(b, "1");
        assertTrue(audit(a));
        push(a);
        assertNotEquals(Mark.OK, auditMark(b), "before the fetch, b has no audit");

        assertEquals(1, fetch(b));
        assertEquals(Mark.OK, auditMark(b), "a's passing audit of the same plan opens b's gate");
        assertEquals(List.of(), own(b), "reading appends nothing");

        PlanFixture.plan(KEY.value())
                .cite("src/app.py", 2, "value = 1")
                .file("src/app.py", "edit")
                .file("src/other.py", "add")
                .writeTo(b);
        assertNotEquals(Mark.OK, auditMark(b), "a plan changed since the audit closes it, as locally");
    }

    @Test
    void concurrent_audits_on_two_clones_converge_to_one_history_in_either_order_of_syncs() {
        plan(a, "1");
        plan(b, "2"); // b's tree does not hold the cited line: its audit fails
        assertTrue(audit(a));
        assertTrue(!audit(b));
        assertTrue(audit(a));

        // b syncs first, then a, then b again
        fetch(b);
        push(b);
        fetch(a);
        push(a);
        fetch(b);

        List<String> onA = merged(a);
        assertEquals(onA, merged(b), "both clones hold the same events in the same order");
        assertEquals(3, onA.size());
        TempGitRepo c = TempGitRepo.cloneOf(remote, tmp, "c");
        plan(c, "1");
        fetch(c);
        assertEquals(onA, merged(c), "a fresh clone agrees");
        assertEquals(auditMark(a), auditMark(b));
        assertEquals(auditMark(a), auditMark(c));

        for (TempGitRepo clone : List.of(a, b, c)) {
            try (Session s = session(clone)) {
                assertTrue(
                        new ReplayQuery(s)
                                .verify(TASK).stream().allMatch(r -> r.report().intact()),
                        "every chain still verifies");
            }
        }
    }

    @Test
    void what_a_clone_saw_orders_its_next_events_after_it_and_is_recorded_once() {
        plan(a, "1");
        plan(b, "1");
        for (int i = 0; i < 3; i++) {
            assertTrue(audit(a)); // a: versions 0, 1, 2
        }
        push(a);
        fetch(b);
        assertTrue(audit(b));
        assertTrue(audit(b));

        List<EventEnvelope> bOwn = own(b);
        assertEquals(3, bOwn.size(), "one sync.seen, then b's two audits");
        assertTrue(SyncSeen.TYPE.matches(bOwn.get(0)));
        SyncSeen seen = SyncSeen.TYPE.read(bOwn.get(0));
        List<EventEnvelope> aOwn = own(a);
        String ra = Replica.existing(Workspace.require(a.root())).orElseThrow().id();
        assertEquals(
                List.of(new SyncSeen.Head(ra, 2, aOwn.get(2).hash())),
                seen.heads(),
                "it names the head of a's chain that b had");
        assertEquals(3, seen.lamport(), "the greatest clock b had seen: a's third event");

        // a goes on, unaware of b: its chain stays one segment, ordered before b's
        assertTrue(audit(a));
        push(a);
        push(b);
        fetch(a);
        fetch(b);
        List<String> onA = merged(a);
        assertEquals(onA, merged(b));
        assertEquals(7, onA.size());
        String rb = Replica.existing(Workspace.require(b.root())).orElseThrow().id();
        for (int i = 4; i < 7; i++) {
            assertTrue(onA.get(i).contains("\"replica\":\"" + rb + "\""), "b's events come after all it saw: " + i);
        }
        try (Session s = session(b)) {
            List<EventEnvelope> view = s.reader().read(TASK);
            for (int i = 0; i < view.size(); i++) {
                assertEquals(i, view.get(i).version(), "the view numbers events by their place in it");
            }
        }
    }

    @Test
    void a_decision_made_before_an_import_landed_is_made_again_on_the_whole_view() {
        plan(a, "1");
        assertTrue(audit(a));
        push(a);
        fetch(b);
        assertTrue(audit(a));
        push(a);

        int[] gathered = {0};
        try (Session s = session(b)) {
            EventService.Decided<Activity.State, Long> decided = new EventService(s)
                    .decide(
                            TASK,
                            Activity.INSTANCE,
                            state -> {
                                if (gathered[0]++ == 0) {
                                    // another process imports a's second audit between the fold and the append
                                    assertEquals(1, fetch(b));
                                }
                                return null;
                            },
                            (state, none) -> Decision.of(state.events(), new FlowValidated("--all", List.of(), 0)));
            assertEquals(2, gathered[0], "the import was a conflict: gathered and decided again");
            assertEquals(2L, decided.result(), "decided on both of a's audits");
            assertEquals(1, decided.appended().size(), "the caller sees its own event, not the sync.seen");
        }
        List<EventEnvelope> bOwn = own(b);
        assertEquals(2, bOwn.size());
        assertEquals(1, SyncSeen.TYPE.read(bOwn.get(0)).heads().get(0).version(), "seen: a's second audit");
    }

    @Test
    void three_clones_appending_and_syncing_in_any_order_converge_once_all_have_synced() {
        TempGitRepo c = TempGitRepo.cloneOf(remote, tmp, "c");
        List<TempGitRepo> clones = List.of(a, b, c);
        plan(a, "1");
        plan(b, "2"); // b's audits fail, a's and c's pass
        plan(c, "1");
        java.util.Random random = new java.util.Random(17);
        for (int step = 0; step < 14; step++) {
            TempGitRepo clone = clones.get(random.nextInt(clones.size()));
            switch (random.nextInt(3)) {
                case 0 -> audit(clone);
                case 1 -> fetch(clone);
                default -> push(clone);
            }
        }
        audit(c); // at least one event of its own on every clone taking part
        audit(b);
        for (TempGitRepo clone : clones) {
            fetch(clone);
            push(clone);
        }
        for (TempGitRepo clone : clones) {
            fetch(clone);
        }
        List<String> onA = merged(a);
        assertEquals(onA, merged(b));
        assertEquals(onA, merged(c));
        assertEquals(auditMark(a), auditMark(c), "the same plan on a and c: the same gate");
        long seen = onA.stream()
                .filter(line -> line.contains("\"type\":\"sync.seen\""))
                .count();
        long audits = onA.stream()
                .filter(line -> line.contains("\"type\":\"plan.audited\""))
                .count();
        assertEquals(onA.size(), seen + audits, "nothing but the audits and what each clone had seen");
        for (TempGitRepo clone : clones) {
            try (Session s = session(clone)) {
                assertTrue(new ReplayQuery(s)
                        .verify(TASK).stream().allMatch(r -> r.report().intact()));
            }
        }
    }

    long statusEvents(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return new StatusQuery(s)
                    .all().streams().stream()
                            .filter(st -> st.stream().equals(TASK))
                            .findFirst()
                            .orElseThrow()
                            .activity()
                            .events();
        }
    }

    @Test
    void status_over_merged_tasks_learns_their_heads_from_a_cache_that_a_moved_chain_or_damage_voids()
            throws java.io.IOException {
        plan(a, "1");
        assertTrue(audit(a));
        push(a);
        fetch(b);
        assertEquals(1, statusEvents(b));
        Path cache = b.resolve(".workflow/local/checkpoints/merged-heads.txt");
        assertTrue(java.nio.file.Files.readString(cache).contains(TASK.name() + " "), "the view's head is kept");
        assertEquals(1, statusEvents(b), "and used");

        assertTrue(audit(a));
        push(a);
        fetch(b);
        assertEquals(2, statusEvents(b), "a chain that moved voids its entry");

        plan(b, "1");
        assertTrue(audit(b));
        assertEquals(4, statusEvents(b), "b's own append (a sync.seen, then its audit) too");

        java.nio.file.Files.writeString(cache, "wb merged heads 1\nABC-1 x 0 sha256:00\ncrc32c:0\n");
        assertEquals(4, statusEvents(b), "a damaged cache reads as empty");
    }

    @Test
    void a_fact_recorded_after_an_import_stays_with_the_run_it_belongs_to_and_is_numbered_by_its_place() {
        plan(a, "1");
        assertTrue(audit(a));
        push(a);
        fetch(b);
        try (Session s = session(b)) {
            List<EventEnvelope> recorded = new EventService(s).record(TASK, new FlowValidated("--all", List.of(), 0));
            assertEquals(1, recorded.size());
            List<EventEnvelope> view = s.reader().read(TASK);
            assertEquals(2, view.size());
            assertEquals(
                    recorded.get(0).hash(),
                    view.get((int) recorded.get(0).version()).hash(),
                    "numbered by its place in the merged view");
        }
        assertEquals(1, own(b).size(), "a fact writes no sync.seen: it would cut a run in two");
        plan(b, "1");
        assertTrue(audit(b));
        assertTrue(SyncSeen.TYPE.matches(own(b).get(1)), "the next decision records what b had seen");
    }

    @Test
    void a_clock_no_history_could_reach_is_refused_at_fetch_with_nothing_imported() {
        plan(a, "1");
        assertTrue(audit(a));
        try (Session s = session(a)) {
            s.log()
                    .append(
                            TASK,
                            dev.wb.engine.ExpectedVersion.any(),
                            List.of(new dev.wb.engine.NewEvent(
                                    "sync.seen",
                                    1,
                                    dev.wb.engine.json.CanonicalJson.object(
                                            Map.of("lamport", Long.MAX_VALUE, "heads", List.of())))),
                            s.invocation());
        }
        push(a);
        try (Session s = session(b)) {
            dev.wb.commands.base.Failure f = org.junit.jupiter.api.Assertions.assertThrows(
                    dev.wb.commands.base.Failure.class, () -> SyncFetch.run(s, "origin"));
            assertEquals(dev.wb.commands.base.Failure.Kind.CHECK_FAILED, f.kind());
            assertTrue(f.getMessage().contains("claims a clock"), f.getMessage());
        }
        assertTrue(
                !java.nio.file.Files.exists(b.resolve(".workflow/local/sync/replicas")),
                "nothing imported, no copy made");
    }

    @Test
    void a_copy_removed_by_hand_is_imported_again_by_the_next_fetch() throws java.io.IOException {
        plan(a, "1");
        assertTrue(audit(a));
        push(a);
        assertEquals(1, fetch(b));
        String ra = Replica.existing(Workspace.require(a.root())).orElseThrow().id();
        Path copy = b.resolve(".workflow/local/sync/replicas/" + ra);
        try (java.util.stream.Stream<Path> walk = java.nio.file.Files.walk(copy)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                java.nio.file.Files.delete(p);
            }
        }
        assertEquals(1, fetch(b), "what was imported before, and is gone, comes back");
        assertEquals(1, merged(b).size());
    }
}
