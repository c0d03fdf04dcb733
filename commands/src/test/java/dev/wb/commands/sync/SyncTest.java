package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Failure;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Replica;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventLog;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.HashChain;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.logs.EventLogs;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb sync} with real git: a bare remote on disk, clones in temporary folders, each with its own
 * Chronicle log; tampered, rewritten and hostile refs made with git as an attacker would.
 */
class SyncTest {

    static final StreamId TASK = new StreamId("ABC-1");

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
        seed.git("push", "-q", remote.toString(), "main");
        a = TempGitRepo.cloneOf(remote, tmp, "a");
        b = TempGitRepo.cloneOf(remote, tmp, "b");
        env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
    }

    Session session(TempGitRepo repo) {
        return Session.open(Workspace.require(repo.root()), env, Clock.systemUTC());
    }

    void record(TempGitRepo repo, StreamId stream, int count, String text) {
        try (Session s = session(repo)) {
            List<NewEvent> batch = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                batch.add(new NewEvent("test.noted", 1, CanonicalJson.object(Map.of("text", text + " " + i))));
            }
            s.log().append(stream, ExpectedVersion.any(), batch, s.invocation());
        }
    }

    SyncPush.Result push(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return SyncPush.run(s, "origin");
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

    static List<String> hashes(Path logDir, StreamId stream) {
        try (EventLog log = EventLogs.chronicle(logDir)) {
            return Copies.hashesOf(log, stream);
        }
    }

    List<String> own(TempGitRepo repo, StreamId stream) {
        return hashes(repo.resolve(".workflow/local/log"), stream);
    }

    Path copyOf(TempGitRepo holder, String replica) {
        return holder.resolve(".workflow/local/sync/replicas/" + replica + "/log");
    }

    @Test
    void a_pushed_history_arrives_byte_for_byte_verified_once_and_incrementally() {
        record(a, TASK, 3, "audit");
        record(a, StreamId.workspace(), 2, "init");

        String config = read(a.resolve(".git/config"));
        SyncPush.Result pushed = push(a);
        assertEquals(5, pushed.events());
        String ra = replica(a);
        String refs = TempGitRepo.Processes.run(
                        remote, List.of("git", "for-each-ref", "--format=%(refname)", "refs/wb/"), env, 60)
                .stdout();
        assertEquals("refs/wb/tasks/ABC-1/" + ra + "\nrefs/wb/workspace/" + ra + "\n", refs);
        assertEquals(config, read(a.resolve(".git/config")), "nothing written to git's configuration");

        SyncFetch.Result fetched = fetch(b);
        assertEquals(5, fetched.events());
        assertEquals(own(a, TASK), hashes(copyOf(b, ra), TASK));
        assertEquals(own(a, StreamId.workspace()), hashes(copyOf(b, ra), StreamId.workspace()));
        try (EventLog copy = EventLogs.chronicle(copyOf(b, ra))) {
            assertTrue(HashChain.verify(copy, TASK).intact());
        }
        assertEquals(List.of(), own(b, TASK), "nothing lands in b's own log");

        assertEquals(0, fetch(b).events(), "fetching twice imports nothing");
        assertEquals(0, push(a).events(), "pushing twice exports nothing");

        record(a, TASK, 1, "verify");
        assertEquals(1, push(a).events());
        SyncFetch.Result incremental = fetch(b);
        assertEquals(1, incremental.events());
        assertEquals(1, incremental.changed());
        assertEquals(own(a, TASK), hashes(copyOf(b, ra), TASK));
        assertEquals(4, own(a, TASK).size());
    }

    @Test
    void two_clones_appending_to_one_task_keep_their_own_chains_and_each_holds_the_others() {
        record(a, TASK, 2, "a");
        record(b, TASK, 3, "b");
        push(a);
        push(b);
        fetch(a);
        fetch(b);
        push(a);
        fetch(b);

        String ra = replica(a);
        String rb = replica(b);
        assertFalse(ra.equals(rb));
        assertEquals(own(a, TASK), hashes(copyOf(b, ra), TASK));
        assertEquals(own(b, TASK), hashes(copyOf(a, rb), TASK));
        assertEquals(2, own(a, TASK).size());
        assertEquals(3, own(b, TASK).size());
        assertFalse(Files.exists(copyOf(a, ra)), "a replica never imports its own refs");
    }

    @Test
    void an_edited_event_is_refused_whole_and_nothing_is_imported() {
        record(a, TASK, 3, "audit");
        record(a, StreamId.workspace(), 1, "init");
        push(a);
        String ra = replica(a);
        attack("tasks/ABC-1/" + ra, events -> events.replace("audit 1", "audit 7"));

        Failure refused = assertThrows(Failure.class, () -> fetch(b));
        assertEquals(Failure.Kind.CHECK_FAILED, refused.kind());
        assertTrue(refused.getMessage().contains("refs/wb-fetch/origin/tasks/ABC-1/" + ra), refused.getMessage());
        assertTrue(refused.getMessage().contains("nothing was imported"), refused.getMessage());
        assertFalse(Files.exists(copyOf(b, ra)), "not even the workspace history, which verified, is imported");
        assertFalse(Files.exists(b.resolve(".workflow/local/sync/replicas/imported.origin")));
    }

    @Test
    void a_dropped_event_is_refused() {
        record(a, TASK, 3, "audit");
        push(a);
        String ra = replica(a);
        attack("tasks/ABC-1/" + ra, events -> {
            List<String> lines = new ArrayList<>(events.lines().toList());
            lines.remove(2);
            lines.remove(2);
            return String.join("\n", lines) + "\n";
        });

        Failure refused = assertThrows(Failure.class, () -> fetch(b));
        assertTrue(refused.getMessage().contains("holds 2 events"), refused.getMessage());
        assertFalse(Files.exists(copyOf(b, ra)));
    }

    @Test
    void a_force_pushed_rewrite_or_cut_of_an_imported_history_is_refused_and_the_copy_kept() {
        record(a, TASK, 2, "first");
        push(a);
        String ra = replica(a);
        String firstCommit = a.git("rev-parse", "refs/wb/tasks/ABC-1/" + ra).strip();
        record(a, TASK, 1, "second");
        push(a);
        fetch(b);
        List<String> imported = hashes(copyOf(b, ra), TASK);
        assertEquals(3, imported.size());

        // cut back: the ref forced to its first commit
        a.git("push", "-q", "-f", "origin", firstCommit + ":refs/wb/tasks/ABC-1/" + ra);
        Failure cut = assertThrows(Failure.class, () -> fetch(b));
        assertTrue(cut.getMessage().contains("cut back"), cut.getMessage());
        assertEquals(imported, hashes(copyOf(b, ra), TASK));

        // rewritten: a whole other history under the same replica, valid in itself
        TempGitRepo forger = TempGitRepo.cloneOf(remote, tmp, "forger");
        writeReplica(forger, ra);
        record(forger, TASK, 4, "forged");
        forger(forger);
        push(forger);
        forger.git("push", "-q", "-f", remote.toString(), "refs/wb/tasks/ABC-1/" + ra + ":refs/wb/tasks/ABC-1/" + ra);
        Failure rewritten = assertThrows(Failure.class, () -> fetch(b));
        assertTrue(rewritten.getMessage().contains("rewritten"), rewritten.getMessage());
        assertEquals(imported, hashes(copyOf(b, ra), TASK));
    }

    @Test
    void a_mirror_that_is_behind_adds_nothing_and_is_not_taken_for_a_force_push() {
        Path mirror = TempGitRepo.createBare(tmp, "mirror.git");
        a.git("remote", "add", "mirror", mirror.toString());
        b.git("remote", "add", "mirror", mirror.toString());
        record(a, TASK, 2, "first");
        push(a);
        try (Session s = session(a)) {
            SyncPush.run(s, "mirror");
        }
        record(a, TASK, 1, "second");
        push(a); // origin has 3 events of ABC-1, the mirror 2
        String ra = replica(a);

        fetch(b);
        SyncFetch.Result fromMirror;
        try (Session s = session(b)) {
            fromMirror = SyncFetch.run(s, "mirror");
        }

        assertTrue(fromMirror.imported().isEmpty(), fromMirror.toString());
        assertEquals(own(a, TASK), hashes(copyOf(b, ra), TASK));
        // Cut back on the mirror itself, after b imported from it: that is refused.
        try (Session s = session(a)) {
            SyncPush.run(s, "mirror");
        }
        try (Session s = session(b)) {
            SyncFetch.run(s, "mirror");
        }
        String first = a.git("rev-parse", "refs/wb/tasks/ABC-1/" + ra + "~1").strip();
        a.git("push", "-q", "-f", mirror.toString(), first + ":refs/wb/tasks/ABC-1/" + ra);
        try (Session s = session(b)) {
            Failure cut = assertThrows(Failure.class, () -> SyncFetch.run(s, "mirror"));
            assertTrue(cut.getMessage().contains("no longer in its history"), cut.getMessage());
        }
        assertEquals(own(a, TASK), hashes(copyOf(b, ra), TASK));
    }

    @Test
    void a_push_of_more_events_than_one_blob_should_hold_is_split_into_commits_a_fetch_takes() {
        String big = "y".repeat(110_000);
        int count = (int) (SyncPush.CHUNK / 110_000) + 5;
        for (int i = 0; i < count; i++) {
            record(a, TASK, 1, big + i);
        }

        push(a);

        String ref = "refs/wb/tasks/ABC-1/" + replica(a);
        assertEquals("2", a.git("rev-list", "--count", ref).strip(), "two commits, each blob under the chunk");
        for (String commit : a.git("rev-list", ref).strip().split("\n", -1)) {
            long size =
                    Long.parseLong(a.git("cat-file", "-s", commit + ":events").strip());
            assertTrue(size <= SyncPush.CHUNK, commit + " holds " + size + " bytes");
        }
        fetch(b);
        assertEquals(own(a, TASK), hashes(copyOf(b, replica(a)), TASK));
        assertEquals(count, own(a, TASK).size());
    }

    @Test
    void a_ref_that_is_not_a_task_key_refuses_the_fetch() {
        record(a, TASK, 1, "audit");
        push(a);
        String tip = a.git("rev-parse", "refs/wb/tasks/ABC-1/" + replica(a)).strip();
        a.git("push", "-q", "origin", tip + ":refs/wb/tasks/not_a_key/0123456789abcdef");

        Failure refused = assertThrows(Failure.class, () -> fetch(b));
        assertTrue(
                refused.getMessage().contains("tasks/not_a_key/0123456789abcdef: not one of wb's refs"),
                refused.getMessage());
        assertFalse(Files.exists(copyOf(b, replica(a))));
    }

    @Test
    void a_huge_blob_is_named_never_read() {
        record(a, TASK, 1, "audit");
        push(a);
        String ra = replica(a);
        attack("tasks/ABC-1/" + ra, events -> events + "x".repeat(17 * 1024 * 1024) + "\n");

        Failure refused = assertThrows(Failure.class, () -> fetch(b));
        assertTrue(refused.getMessage().contains("over the limit"), refused.getMessage());
    }

    @Test
    void a_well_linked_event_too_big_for_the_log_is_refused_before_anything_is_imported() {
        record(a, TASK, 1, "audit");
        record(a, StreamId.workspace(), 1, "init");
        push(a);
        String ra = replica(a);
        // The forger keeps the event's header and gives it a payload no wb could have written (130 KB):
        // the hash it computes over the new bytes is right, and the commit's trailer says so.
        TempGitRepo attacker = TempGitRepo.cloneOf(remote, tmp, "attacker");
        attacker.git("fetch", "-q", "origin", "refs/wb/tasks/ABC-1/" + ra + ":refs/attack");
        attacker.git("checkout", "-q", "refs/attack");
        String header = read(attacker.resolve("events")).lines().findFirst().orElseThrow();
        String payload = "{\"text\":\"" + "x".repeat(130_000) + "\"}";
        String hash =
                EnvelopeCodec.digest(header.getBytes(StandardCharsets.UTF_8), payload.getBytes(StandardCharsets.UTF_8));
        attacker.write("events", header + "\n" + payload + "\n");
        String message = attacker.git("log", "-1", "--format=%B").replaceAll("Wb-Head: \\S+", "Wb-Head: " + hash);
        attacker.write("message.txt", message);
        attacker.git("add", "events");
        attacker.git("commit", "-q", "--amend", "-F", "message.txt");
        attacker.git("push", "-q", "-f", "origin", "HEAD:refs/wb/tasks/ABC-1/" + ra);

        Failure refused = assertThrows(Failure.class, () -> fetch(b));

        assertEquals(Failure.Kind.CHECK_FAILED, refused.kind());
        assertTrue(refused.getMessage().contains("one event may take in the log"), refused.getMessage());
        assertFalse(Files.exists(copyOf(b, ra)), "the workspace history, which verifies, is not imported either");
    }

    @Test
    void a_tree_with_more_than_the_events_file_or_a_merge_commit_is_refused() {
        record(a, TASK, 1, "audit");
        record(a, StreamId.workspace(), 1, "init");
        push(a);
        String ra = replica(a);
        TempGitRepo attacker = TempGitRepo.cloneOf(remote, tmp, "attacker");
        attacker.git("fetch", "-q", "origin", "refs/wb/tasks/ABC-1/" + ra + ":refs/attack");
        attacker.git("checkout", "-q", "refs/attack");
        attacker.write("payload.sh", "echo hi\n");
        attacker.git("add", "payload.sh");
        attacker.git("commit", "-q", "--amend", "--no-edit");
        attacker.git("push", "-q", "-f", "origin", "HEAD:refs/wb/tasks/ABC-1/" + ra);
        String workspaceTip =
                attacker.git("ls-remote", "origin", "refs/wb/workspace/" + ra).split("\t", -1)[0];
        attacker.git("fetch", "-q", "origin", "refs/wb/workspace/" + ra + ":refs/ws");
        String merge = attacker.git(
                        "commit-tree",
                        "refs/ws^{tree}",
                        "-p",
                        "refs/ws",
                        "-p",
                        "refs/attack",
                        "-m",
                        "Wb-Stream: workspace")
                .strip();
        attacker.git("push", "-q", "-f", "origin", merge + ":refs/wb/workspace/" + ra);

        Failure refused = assertThrows(Failure.class, () -> fetch(b));
        assertTrue(refused.getMessage().contains("2 histories"), refused.getMessage());
        assertTrue(refused.getMessage().contains("is not one file named events"), refused.getMessage());
        assertTrue(refused.getMessage().contains("has 2 parents"), refused.getMessage());
        assertFalse(workspaceTip.isEmpty());
        assertFalse(Files.exists(copyOf(b, ra)));
    }

    @Test
    void an_event_of_a_newer_schema_than_this_wb_reads_is_refused() {
        try (Session s = session(a)) {
            s.log()
                    .append(
                            StreamId.workspace(),
                            ExpectedVersion.any(),
                            List.of(new NewEvent("workspace.initialized", 99, CanonicalJson.object(Map.of()))),
                            s.invocation());
        }
        push(a);
        Failure refused = assertThrows(Failure.class, () -> fetch(b));
        assertTrue(
                refused.getMessage().contains("has schema version 99, newer than this wb reads"), refused.getMessage());
    }

    @Test
    void a_fetch_never_moves_this_clones_own_chain_so_its_decisions_keep_their_expected_versions() {
        for (TempGitRepo clone : List.of(a, b)) {
            clone.write("src/app.py", "# app\nvalue = 1\n");
            PlanFixture.plan("ABC-1")
                    .cite("src/app.py", 2, "value = 1")
                    .file("src/app.py", "edit")
                    .writeTo(clone);
        }
        try (Session s = session(a)) {
            assertTrue(SddAudit.run(s, new TaskKey("ABC-1"), false).passed());
        }
        push(a);
        assertEquals(1, fetch(b).events());
        try (Session s = session(b)) {
            assertEquals(List.of(), s.log().read(TASK), "a's audit is in b's copy of a, not in b's own chain");
            assertTrue(SddAudit.run(s, new TaskKey("ABC-1"), false).passed());
            assertEquals(
                    0, s.log().read(TASK).get(0).version(), "b decided at its own version, untouched by the fetch");
        }
        assertEquals(1, own(a, TASK).size());
    }

    @Test
    void an_unknown_remote_is_a_usage_error() {
        try (Session s = session(a)) {
            Failure f = assertThrows(Failure.class, () -> SyncFetch.run(s, "upstream"));
            assertEquals(Failure.Kind.USAGE, f.kind());
            Failure g = assertThrows(Failure.class, () -> SyncPush.run(s, "--upload-pack=x"));
            assertEquals(Failure.Kind.USAGE, g.kind());
        }
    }

    @Test
    void a_fifo_or_a_link_where_the_replica_id_belongs_is_refused_never_read() throws Exception {
        record(a, TASK, 1, "a");
        Path file = a.resolve(".workflow/local/sync/replica");
        Files.createDirectories(file.getParent());
        Path outside = tmp.resolve("outside-id");
        Files.writeString(outside, "0123456789abcdef\n");
        Files.createSymbolicLink(file, outside);
        try (Session s = session(a)) {
            Failure f = assertThrows(Failure.class, () -> SyncPush.run(s, "origin"));
            assertEquals(Failure.Kind.CONFIG, f.kind());
            assertTrue(f.getMessage().contains("not a regular file"), f.getMessage());
        }
        Files.delete(file);
        Process mkfifo = new ProcessBuilder("mkfifo", file.toString()).start();
        assertEquals(0, mkfifo.waitFor());
        try (Session s = session(a)) {
            Failure f = assertThrows(Failure.class, () -> SyncPush.run(s, "origin"));
            assertEquals(Failure.Kind.CONFIG, f.kind());
        }
        assertTrue(a.git("for-each-ref", "refs/wb/").isBlank(), "nothing exported under a name wb could not read");
    }

    // --- the attacker's tools: plain git ------------------------------------------------------------

    /** Rewrites the last commit of a remote ref with edited events, keeping its message, and force-pushes it. */
    void attack(String ref, UnaryOperator<String> edit) {
        TempGitRepo attacker = TempGitRepo.cloneOf(remote, tmp, "attacker-" + System.nanoTime());
        attacker.git("fetch", "-q", "origin", "refs/wb/" + ref + ":refs/attack");
        attacker.git("checkout", "-q", "refs/attack");
        Path events = attacker.resolve("events");
        try {
            Files.writeString(events, edit.apply(Files.readString(events, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        attacker.git("commit", "-q", "-a", "--amend", "--no-edit");
        attacker.git("push", "-q", "-f", "origin", "HEAD:refs/wb/" + ref);
    }

    static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    void writeReplica(TempGitRepo repo, String id) {
        try {
            Path file = repo.resolve(".workflow/local/sync/replica");
            Files.createDirectories(file.getParent());
            Files.writeString(file, id + "\n");
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** The forger pushes its history to a remote of its own first (wb never forces a push). */
    void forger(TempGitRepo forger) {
        Path own = TempGitRepo.createBare(tmp, "forger-remote.git");
        forger.git("remote", "set-url", "origin", own.toString());
    }

    @Test
    void stored_bytes_are_what_the_hash_covers() {
        record(a, TASK, 2, "audit");
        push(a);
        String blob = a.git("cat-file", "blob", "refs/wb/tasks/ABC-1/" + replica(a) + ":events");
        List<String> lines = blob.lines().toList();
        assertEquals(4, lines.size());
        byte[] header = lines.get(0).getBytes(StandardCharsets.UTF_8);
        byte[] payload = lines.get(1).getBytes(StandardCharsets.UTF_8);
        assertEquals(own(a, TASK).get(0), EnvelopeCodec.digest(header, payload));
    }
}
