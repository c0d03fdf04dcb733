package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.merged.Replica;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.logs.EventLogs;
import dev.wb.projections.events.SyncSeen;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fetched chain's Lamport clock may run ahead of every other chain of the task by at most its own
 * number of events: with real clones of a real bare remote, an attacker's replica whose {@code
 * sync.seen} claims a clock no history reached is refused, named, and kept out, while the honest
 * replicas fetched with it are imported.
 */
class ClockJumpTest {

    static final StreamId TASK = new StreamId("T-2");

    @TempDir
    Path tmp;

    Path remote;
    TempGitRepo honest;
    TempGitRepo victim;
    TempGitRepo attacker;
    Map<String, String> env;

    @BeforeEach
    void clones() {
        remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        seed.git("push", "-q", remote.toString(), "main");
        honest = TempGitRepo.cloneOf(remote, tmp, "honest");
        victim = TempGitRepo.cloneOf(remote, tmp, "victim");
        attacker = TempGitRepo.cloneOf(remote, tmp, "attacker");
        env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
    }

    Session session(TempGitRepo repo) {
        return Session.open(Workspace.require(repo.root()), env, Clock.systemUTC());
    }

    /** Appends {@code seen} (when not null) and then {@code count} plain events to the clone's own chain. */
    void record(TempGitRepo repo, SyncSeen seen, int count) {
        try (Session s = session(repo)) {
            List<NewEvent> batch = new ArrayList<>();
            if (seen != null) {
                batch.add(new NewEvent(SyncSeen.TYPE.name(), 1, seen.payload()));
            }
            for (int i = 0; i < count; i++) {
                batch.add(new NewEvent("test.noted", 1, CanonicalJson.object(Map.of("text", "event " + i))));
            }
            s.log().append(TASK, ExpectedVersion.any(), batch, s.invocation());
        }
    }

    void push(TempGitRepo repo) {
        try (Session s = session(repo)) {
            SyncPush.run(s, "origin");
        }
    }

    SyncFetch.Result fetch(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return SyncFetch.run(s, "origin");
        }
    }

    String replica(TempGitRepo repo) {
        return Replica.existing(Workspace.require(repo.root())).orElseThrow().id();
    }

    Path copyOf(TempGitRepo holder, String replica) {
        return holder.resolve(".workflow/local/sync/replicas/" + replica + "/log");
    }

    int held(TempGitRepo holder, String replica) {
        if (!Files.isDirectory(copyOf(holder, replica))) {
            return 0;
        }
        try (EventLog log = EventLogs.chronicle(copyOf(holder, replica))) {
            return Copies.hashesOf(log, TASK).size();
        }
    }

    @Test
    void a_replica_claiming_a_clock_no_history_reached_is_refused_by_name_and_the_honest_ones_still_import() {
        record(honest, null, 3);
        push(honest);
        assertEquals(3, fetch(victim).events());

        record(honest, null, 1);
        push(honest);
        record(attacker, new SyncSeen((1L << 52) - 10, List.of()), 1);
        push(attacker);
        String forged = replica(attacker);

        Failure refused = assertThrows(Failure.class, () -> fetch(victim));
        assertEquals(Failure.Kind.CHECK_FAILED, refused.kind());
        assertTrue(refused.getMessage().contains("replica " + forged), refused.getMessage());
        assertTrue(refused.getMessage().contains("1 events of other replicas were"), refused.getMessage());
        assertFalse(refused.fixes().isEmpty(), "a refusal says what to do");
        assertEquals(0, held(victim, forged), "nothing of the jumped replica is imported");
        assertEquals(4, held(victim, replica(honest)), "the honest replica's new event is imported");

        Failure again = assertThrows(Failure.class, () -> fetch(victim), "a refused chain is checked again");
        assertTrue(again.getMessage().contains("replica " + forged), again.getMessage());
        assertEquals(0, held(victim, forged));
    }

    @Test
    void a_clock_ahead_by_no_more_than_its_own_events_is_honest_and_imported() {
        record(honest, null, 3);
        push(honest);
        record(attacker, new SyncSeen(3, List.of()), 2);
        push(attacker);

        SyncFetch.Result fetched = fetch(victim);

        assertEquals(6, fetched.events(), "the honest chain's 3 and the other's sync.seen and 2 events");
        assertEquals(3, held(victim, replica(attacker)));
    }

    @Test
    void a_clock_one_past_what_its_events_allow_is_refused() {
        record(honest, null, 3);
        push(honest);
        record(attacker, new SyncSeen(4, List.of()), 2);
        push(attacker);

        Failure refused = assertThrows(Failure.class, () -> fetch(victim));

        assertTrue(refused.getMessage().contains("reaches 7"), refused.getMessage());
        assertEquals(3, held(victim, replica(honest)));
    }
}
