package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.ContentStore;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.commands.sync.wire.EventsBlob;
import dev.wb.commands.sync.wire.SyncCommit;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.Digests;
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
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
            clone.git("add", "src/app.py");
            clone.git("commit", "-q", "--allow-empty", "-m", "app"); // a plan cites committed code
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

    // --- the push's record of what it exported (ExportedTips) ------------------------------------------

    Path exportedFile(TempGitRepo repo) {
        return repo.resolve(".workflow/local/sync/exported");
    }

    @Test
    void a_push_keeps_the_commits_it_wrote_and_the_next_push_trusts_only_what_hashes_to_the_refs_tips() {
        record(a, TASK, 2, "audit");
        record(a, StreamId.workspace(), 1, "init");
        push(a); // the first push: no tip yet, nothing kept
        record(a, TASK, 1, "verify");
        push(a); // reads both tips from git, keeps them; writes ABC-1's next commit and keeps the bytes it computed
        String ra = replica(a);
        Map<String, ExportedTips.Kept> kept = new ExportedTips(a.resolve(".workflow/local/sync")).load();
        assertEquals(List.of("tasks/ABC-1/" + ra, "workspace/" + ra), List.copyOf(kept.keySet()));
        for (Map.Entry<String, ExportedTips.Kept> e : kept.entrySet()) {
            String tip = a.git("rev-parse", "refs/wb/" + e.getKey()).strip();
            assertTrue(e.getValue().is(tip), e.getKey() + ": the bytes kept are the very commit git holds");
            assertEquals(
                    a.git("cat-file", "commit", tip), new String(e.getValue().raw(), StandardCharsets.UTF_8));
        }
        assertEquals(3, kept.get("tasks/ABC-1/" + ra).head().orElseThrow().version() + 1);

        record(a, TASK, 1, "again");
        assertEquals(1, push(a).events());
        fetch(b);
        assertEquals(own(a, TASK), hashes(copyOf(b, ra), TASK));
    }

    @Test
    void a_tampered_stale_or_torn_record_of_what_was_exported_is_never_trusted() throws IOException {
        record(a, TASK, 2, "audit");
        push(a);
        record(a, TASK, 1, "second");
        push(a);
        record(a, TASK, 1, "third");
        push(a);
        String ra = replica(a);
        Path file = exportedFile(a);
        String honest = read(file);

        // A lie: the kept commit's bytes edited to say the ref already holds every event the log has
        // (so nothing would be pushed), under the same commit id. Its bytes no longer hash to that id.
        record(a, TASK, 2, "unpushed");
        String lie = honest.lines()
                .map(line -> {
                    String[] w = line.split(" ", -1);
                    if (w.length != 3) {
                        return line;
                    }
                    String raw = new String(Base64.getDecoder().decode(w[2]), StandardCharsets.UTF_8);
                    String forged = raw.replaceAll("Wb-Versions: (\\d+)\\.\\.\\d+", "Wb-Versions: $1..5")
                            .replaceAll(
                                    "Wb-Head: \\S+", "Wb-Head: " + own(a, TASK).get(5));
                    return w[0] + " " + w[1] + " "
                            + Base64.getEncoder().encodeToString(forged.getBytes(StandardCharsets.UTF_8));
                })
                .collect(java.util.stream.Collectors.joining("\n", "", "\n"));
        Files.writeString(file, lie);
        assertEquals(2, push(a).events(), "the events the lie would hide are pushed");
        assertEquals("5", lastVersion(a, ra));

        // Stale: the record of an earlier push put back; its commit is no longer the ref's tip.
        Files.writeString(file, honest);
        record(a, TASK, 1, "after stale");
        assertEquals(1, push(a).events());
        assertEquals("6", lastVersion(a, ra));

        // Torn, and then not even a file: each read costs git reads, never a wrong answer.
        Files.writeString(file, honest.substring(0, honest.length() / 2));
        record(a, TASK, 1, "after torn");
        assertEquals(1, push(a).events());
        Files.delete(file);
        Files.createDirectory(file);
        record(a, TASK, 1, "after folder");
        assertEquals(1, push(a).events());
        assertEquals("8", lastVersion(a, ra));

        fetch(b);
        assertEquals(own(a, TASK), hashes(copyOf(b, ra), TASK));
    }

    @Test
    void a_local_history_cut_back_is_still_refused_when_the_record_vouches_for_the_tip() {
        record(a, TASK, 3, "audit");
        push(a);
        record(a, TASK, 1, "more");
        push(a); // the record now vouches for ABC-1's tip (version 3)
        try {
            Path streams = a.resolve(".workflow/local/log/streams/ABC-1");
            try (var files = Files.list(streams)) {
                for (Path f : files.toList()) {
                    Files.delete(f);
                }
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        record(a, TASK, 5, "rewritten");

        Failure refused = assertThrows(Failure.class, () -> push(a));
        assertEquals(Failure.Kind.CHECK_FAILED, refused.kind());
        assertTrue(refused.getMessage().contains("rewritten or cut back"), refused.getMessage());
    }

    String lastVersion(TempGitRepo repo, String replica) {
        String message = repo.git("log", "-1", "--format=%B", "refs/wb/tasks/ABC-1/" + replica);
        return message.replaceAll("(?s).*Wb-Versions: \\d+\\.\\.(\\d+).*", "$1").strip();
    }

    // --- a long chain of small commits: one walk, a pair of git processes ----------------------------------

    @Test
    void a_chain_of_300_commits_is_walked_by_one_pair_of_cat_file_processes_and_imported_whole() throws Exception {
        for (int i = 0; i < 7; i++) {
            record(a, TASK, 50, "small " + i);
        }
        writeReplica(a, "0123456789abcdef");
        SyncRef ref = new SyncRef(TASK, "0123456789abcdef");
        List<EnvelopeCodec.StoredEvent> events = new ArrayList<>();
        try (Session s = session(a)) {
            s.log().forEachStored(TASK, new dev.wb.engine.EventReader.StoredVisitor() {
                @Override
                public void event(EnvelopeCodec.StoredEvent event) {
                    events.add(event);
                }

                @Override
                public void damaged(String reason) {
                    throw new AssertionError(reason);
                }
            });
        }
        // One commit an event, as 300 pushes of one event each would leave them; written by fast-import.
        chain(a, ref, events, 0, 300);
        a.git("push", "-q", "origin", "refs/wb/*:refs/wb/*");

        Path trace = tmp.resolve("trace.json");
        Map<String, String> traced = new HashMap<>(env);
        traced.put("GIT_TRACE2_EVENT", trace.toString());
        SyncFetch.Result fetched;
        try (Session s = Session.open(Workspace.require(b.root()), traced, Clock.systemUTC())) {
            fetched = SyncFetch.run(s, "origin");
        }
        assertEquals(300, fetched.events());
        assertEquals(
                events.subList(0, 300).stream()
                        .map(EnvelopeCodec.StoredEvent::storedHash)
                        .toList(),
                hashes(copyOf(b, ref.replica()), TASK));
        long catFiles = Files.readAllLines(trace).stream()
                .filter(line -> line.contains("\"event\":\"start\"") && line.contains("\"cat-file\""))
                .count();
        // two for the walk, and one that reads .workflow/allowed_signers to say which replicas count
        assertTrue(catFiles <= 3, catFiles + " cat-file processes for a walk of 300 commits (was two a commit)");

        // fifty more, walked from the tip imported before
        chain(a, ref, events, 300, 350);
        a.git("push", "-q", "origin", "refs/wb/*:refs/wb/*");
        assertEquals(50, fetch(b).events());
        assertEquals(own(a, TASK), hashes(copyOf(b, ref.replica()), TASK));
    }

    /** Writes events {@code from..to-1} as one commit each on the ref, after its tip, with git fast-import. */
    void chain(TempGitRepo repo, SyncRef ref, List<EnvelopeCodec.StoredEvent> events, int from, int to)
            throws IOException {
        java.io.ByteArrayOutputStream commands = new java.io.ByteArrayOutputStream();
        for (int v = from; v < to; v++) {
            EnvelopeCodec.StoredEvent e = events.get(v);
            String who = "wb <" + ref.replica() + "@replica.wb.invalid> " + (1_700_000_000L + v) + " +0000\n";
            commands.writeBytes(("commit refs/wb/" + ref.name() + "\n").getBytes(StandardCharsets.UTF_8));
            commands.writeBytes(("author " + who + "committer " + who).getBytes(StandardCharsets.UTF_8));
            dev.wb.gitrun.SyncGit.data(
                    commands,
                    SyncCommit.message(ref, v, new dev.wb.engine.StreamHead(v, e.storedHash()))
                            .getBytes(StandardCharsets.UTF_8));
            if (v == from && from > 0) {
                commands.writeBytes(("from refs/wb/" + ref.name() + "^0\n").getBytes(StandardCharsets.UTF_8));
            }
            commands.writeBytes("M 100644 inline events\n".getBytes(StandardCharsets.UTF_8));
            dev.wb.gitrun.SyncGit.data(commands, EventsBlob.encode(List.of(e)));
        }
        commands.writeBytes("done\n".getBytes(StandardCharsets.UTF_8));
        new dev.wb.gitrun.SyncGit(repo.root(), env).fastImport(commands.toByteArray());
    }

    // --- the cap on what one fetch reads --------------------------------------------------------------------

    @Test
    void a_fetch_that_would_read_more_than_its_cap_is_refused_whole_and_imports_nothing() {
        record(a, TASK, 3, "audit");
        record(a, StreamId.workspace(), 2, "init");
        push(a);
        long workspaceBytes = Long.parseLong(a.git("cat-file", "-s", "refs/wb/workspace/" + replica(a) + ":events")
                .strip());

        Failure refused;
        try (Session s = session(b)) {
            refused = assertThrows(Failure.class, () -> SyncFetch.run(s, "origin", workspaceBytes + 1));
        }

        assertEquals(Failure.Kind.CHECK_FAILED, refused.kind(), "exit 7");
        assertTrue(
                refused.getMessage()
                        .startsWith("a history fetched from origin did not verify, so nothing was" + " imported:"),
                refused.getMessage());
        assertTrue(
                refused.getMessage().contains("beyond the " + (workspaceBytes + 1) + " bytes one fetch reads in all"),
                refused.getMessage());
        assertTrue(refused.getMessage().contains("sync more often"), refused.getMessage());
        assertFalse(refused.fixes().isEmpty());
        assertFalse(Files.exists(copyOf(b, replica(a))), "not even the history read within the cap");
        assertFalse(Files.exists(b.resolve(".workflow/local/sync/replicas/imported.origin")));

        assertEquals(5, fetch(b).events(), "under the real cap the same fetch imports everything");
    }

    // --- --with-output -------------------------------------------------------------------------------------

    /** A verify run as ImplVerify records it: the output stored by digest, the event naming it. */
    String verifyRan(TempGitRepo repo, byte[] output) {
        try (Session s = session(repo)) {
            String digest = new ContentStore(s.workspace()).put(output);
            recordVerify(s, digest, output.length);
            return digest;
        }
    }

    void recordVerify(Session s, String digest, long bytes) {
        Map<String, Object> payload = new java.util.LinkedHashMap<>();
        payload.put("index", 0);
        payload.put("command", "make test");
        payload.put("argv", List.of("make", "test"));
        payload.put("runner", "make");
        payload.put("outcome", "exited");
        payload.put("exitCode", 0);
        payload.put("passed", true);
        payload.put("durationMs", 12);
        payload.put("head", "ok");
        payload.put("tail", "ok");
        payload.put("omittedChars", 0);
        payload.put("outputDigest", digest);
        payload.put("outputBytes", bytes);
        s.log()
                .append(
                        TASK,
                        ExpectedVersion.any(),
                        List.of(new NewEvent("verify.command.ran", 1, CanonicalJson.object(payload))),
                        s.invocation());
    }

    SyncPush.Result pushWithOutput(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return SyncPush.run(s, "origin", true);
        }
    }

    Optional<byte[]> stored(TempGitRepo repo, String digest) {
        return new ContentStore(Workspace.require(repo.root())).get(digest);
    }

    @Test
    void with_output_the_output_an_event_names_travels_in_its_commit_and_is_stored_once_verified() {
        record(a, StreamId.workspace(), 1, "init");
        push(a); // a tip to learn the repository's object format from: the next push computes its commits
        byte[] output = "PASS all 12 tests\n".repeat(1000).getBytes(StandardCharsets.UTF_8);
        String digest = verifyRan(a, output);

        SyncPush.Result pushed = pushWithOutput(a);

        assertEquals(List.of(), pushed.warnings());
        String ref = "refs/wb/tasks/ABC-1/" + replica(a);
        assertEquals("events\nobjects/" + Digests.hex(digest) + "\n", a.git("ls-tree", "-r", "--name-only", ref));
        SyncFetch.Result fetched = fetch(b);
        assertEquals(1, fetched.objects());
        assertArrayEquals(output, stored(b, digest).orElseThrow());
        assertEquals(0, fetch(b).objects(), "fetching twice stores nothing again");

        // The commit the push computed and kept is the one fast-import wrote, objects and all.
        ExportedTips.Kept kept =
                new ExportedTips(a.resolve(".workflow/local/sync")).load().get("tasks/ABC-1/" + replica(a));
        record(a, TASK, 1, "next");
        push(a);
        assertEquals(
                a.git("rev-parse", ref + "~1").strip(),
                kept.id(),
                "kept before the next push: the tip the first push made");
        assertTrue(kept.is(kept.id()));
    }

    @Test
    void by_default_only_events_travel() {
        byte[] output = "some output\n".getBytes(StandardCharsets.UTF_8);
        String digest = verifyRan(a, output);

        push(a);

        assertEquals("events\n", a.git("ls-tree", "-r", "--name-only", "refs/wb/tasks/ABC-1/" + replica(a)));
        assertEquals(1, fetch(b).events());
        assertTrue(stored(b, digest).isEmpty());
    }

    @Test
    void an_object_whose_bytes_do_not_match_its_name_refuses_the_fetch_whole() {
        String digest = verifyRan(a, "the real output\n".getBytes(StandardCharsets.UTF_8));
        record(a, StreamId.workspace(), 1, "init");
        pushWithOutput(a);
        String ra = replica(a);
        String path = "objects/" + Digests.hex(digest);
        // The attacker's tools: plain git, the object's bytes replaced under the same name.
        TempGitRepo attacker = TempGitRepo.cloneOf(remote, tmp, "attacker");
        attacker.git("fetch", "-q", "origin", "refs/wb/tasks/ABC-1/" + ra + ":refs/attack");
        attacker.git("checkout", "-q", "refs/attack");
        attacker.write(path, "a planted output\n");
        attacker.git("commit", "-q", "-a", "--amend", "--no-edit");
        attacker.git("push", "-q", "-f", "origin", "HEAD:refs/wb/tasks/ABC-1/" + ra);

        Failure refused = assertThrows(Failure.class, () -> fetch(b));

        assertEquals(Failure.Kind.CHECK_FAILED, refused.kind());
        assertTrue(refused.getMessage().contains("whose bytes do not hash to its name"), refused.getMessage());
        assertFalse(Files.exists(copyOf(b, ra)), "nothing imported, not even the workspace history");
        assertTrue(stored(b, digest).isEmpty());
        assertFalse(Files.exists(b.resolve(".workflow/local/objects")), "nothing stored");
    }

    @Test
    void an_object_no_event_names_refuses_the_fetch() {
        verifyRan(a, "the real output\n".getBytes(StandardCharsets.UTF_8));
        pushWithOutput(a);
        String ra = replica(a);
        byte[] planted = "unasked\n".getBytes(StandardCharsets.UTF_8);
        TempGitRepo attacker = TempGitRepo.cloneOf(remote, tmp, "attacker");
        attacker.git("fetch", "-q", "origin", "refs/wb/tasks/ABC-1/" + ra + ":refs/attack");
        attacker.git("checkout", "-q", "refs/attack");
        attacker.write("objects/" + Digests.hex(Digests.sha256(planted)), "unasked\n");
        attacker.git("add", "objects");
        attacker.git("commit", "-q", "--amend", "--no-edit");
        attacker.git("push", "-q", "-f", "origin", "HEAD:refs/wb/tasks/ABC-1/" + ra);

        Failure refused = assertThrows(Failure.class, () -> fetch(b));

        assertTrue(refused.getMessage().contains("which no event of the commit names"), refused.getMessage());
        assertTrue(stored(b, Digests.sha256(planted)).isEmpty());
    }

    @Test
    void an_output_over_16_mib_or_missing_here_is_not_pushed_and_said_so() {
        byte[] huge = new byte[(int) Outputs.MAX_OBJECT + 1];
        java.util.Arrays.fill(huge, (byte) 'x');
        String big = verifyRan(a, huge);
        String absent = "sha256:" + "e".repeat(64);
        try (Session s = session(a)) {
            recordVerify(s, absent, 10);
        }

        SyncPush.Result pushed = pushWithOutput(a);

        assertEquals(2, pushed.warnings().size(), pushed.warnings().toString());
        assertTrue(
                pushed.warnings().get(0).contains(big + " named by task ABC-1 is " + huge.length + " bytes"),
                pushed.warnings().get(0));
        assertTrue(pushed.warnings().get(1).contains(absent), pushed.warnings().get(1));
        assertEquals("events\n", a.git("ls-tree", "-r", "--name-only", "refs/wb/tasks/ABC-1/" + replica(a)));
        assertEquals(2, fetch(b).events());
    }

    @Test
    void a_remote_is_known_from_the_repositorys_own_config_only_when_it_plainly_names_a_url() {
        assertTrue(SyncSetup.inRepositoryConfig(a.root(), env, "origin"));
        assertFalse(SyncSetup.inRepositoryConfig(a.root(), env, "upstream"));
        a.git("config", "remote.half.fetch", "+refs/heads/*:refs/remotes/half/*");
        assertFalse(SyncSetup.inRepositoryConfig(a.root(), env, "half"), "no url: git is asked");
        Map<String, String> elsewhere = new HashMap<>(env);
        elsewhere.put("GIT_DIR", b.resolve(".git").toString());
        assertFalse(SyncSetup.inRepositoryConfig(a.root(), elsewhere, "origin"), "another git dir: git is asked");
        a.git("config", "remote.Mixed.url", remote.toString());
        assertTrue(SyncSetup.inRepositoryConfig(a.root(), env, "Mixed"));
        assertFalse(SyncSetup.inRepositoryConfig(a.root(), env, "mixed"), "a remote's name is case-sensitive");
    }

    @Test
    void one_push_carries_at_most_half_of_what_a_fetch_reads_of_output() {
        int size = 13 * 1024 * 1024;
        List<String> digests = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            byte[] output = new byte[size];
            java.util.Arrays.fill(output, (byte) ('a' + i));
            digests.add(verifyRan(a, output));
        }

        SyncPush.Result pushed = pushWithOutput(a);

        assertEquals(1, pushed.warnings().size(), pushed.warnings().toString());
        assertTrue(
                pushed.warnings()
                        .get(0)
                        .contains(digests.get(4) + " named by task ABC-1 would take this push's" + " output past "
                                + Outputs.MAX_PUSHED + " bytes"),
                pushed.warnings().get(0));
        String tree = a.git("ls-tree", "-r", "--name-only", "refs/wb/tasks/ABC-1/" + replica(a));
        assertEquals(5, tree.lines().count(), tree);
        assertFalse(tree.contains(Digests.hex(digests.get(4))));
        SyncFetch.Result fetched = fetch(b);
        assertEquals(4, fetched.objects());
        assertTrue(stored(b, digests.get(3)).isPresent());
    }
}
