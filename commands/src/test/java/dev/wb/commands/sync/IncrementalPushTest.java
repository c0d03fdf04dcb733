package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.NewEvent;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An incremental push reads only the streams the log's journal names since the last push to that
 * remote completed, and pushes only their refs; what a failed push moved locally still goes out, and a
 * changed remote gets everything.
 */
class IncrementalPushTest {

    static final StreamId TASK = new StreamId("ABC-1");
    static final StreamId OTHER = new StreamId("XYZ-7");

    @TempDir
    Path tmp;

    Path remote;
    TempGitRepo a;
    Map<String, String> env;

    @BeforeEach
    void clones() {
        remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        seed.git("push", "-q", remote.toString(), "main");
        a = TempGitRepo.cloneOf(remote, tmp, "a");
        env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
    }

    Session session(TempGitRepo repo) {
        return Session.open(Workspace.require(repo.root()), env, Clock.systemUTC());
    }

    void record(StreamId stream, int count) {
        try (Session s = session(a)) {
            List<NewEvent> batch = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                batch.add(new NewEvent("test.noted", 1, CanonicalJson.object(Map.of("text", "event " + i))));
            }
            s.log().append(stream, ExpectedVersion.any(), batch, s.invocation());
        }
    }

    SyncPush.Result push() {
        try (Session s = session(a)) {
            return SyncPush.run(s, "origin");
        }
    }

    String ref(StreamId stream) {
        String replica =
                Replica.existing(Workspace.require(a.root())).orElseThrow().id();
        return "refs/wb/" + new SyncRef(stream, replica).name();
    }

    String remoteTip(Path bare, StreamId stream) {
        return a.git("--git-dir", bare.toString(), "rev-parse", "--verify", "-q", ref(stream))
                .strip();
    }

    String localTip(StreamId stream) {
        return a.git("rev-parse", ref(stream)).strip();
    }

    @Test
    void a_push_after_a_push_names_only_the_refs_of_the_streams_appended_since() {
        record(TASK, 2);
        record(OTHER, 1);
        SyncPush.Result first = push();
        assertTrue(first.gitOutput().contains(ref(TASK)) && first.gitOutput().contains(ref(OTHER)), first.gitOutput());

        record(OTHER, 1);
        SyncPush.Result second = push();
        assertEquals(1, second.events());
        assertTrue(second.gitOutput().contains(ref(OTHER)), second.gitOutput());
        assertFalse(
                second.gitOutput().contains(ref(TASK)),
                "an unchanged stream's ref is not pushed: " + second.gitOutput());
        assertEquals(localTip(OTHER), remoteTip(remote, OTHER));

        SyncPush.Result nothing = push();
        assertEquals(0, nothing.events());
        assertTrue(nothing.pushed());
        assertEquals("", nothing.gitOutput(), "nothing appended since: git is not even asked");
    }

    @Test
    void what_a_failed_push_moved_locally_goes_out_with_the_next_push() throws IOException {
        record(TASK, 1);
        record(OTHER, 1);
        push();
        Path hook = remote.resolve("hooks/pre-receive");
        Files.writeString(hook, "#!/bin/sh\necho refused by the test >&2\nexit 1\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        record(TASK, 1);
        String before = remoteTip(remote, TASK);
        Failure failure = assertThrows(Failure.class, this::push);
        assertEquals(Failure.Kind.NOT_COMPLETED, failure.kind());
        assertEquals(before, remoteTip(remote, TASK), "refused by the remote");
        assertTrue(!localTip(TASK).equals(before), "the ref moved locally");

        Files.delete(hook);
        SyncPush.Result retried = push();
        assertEquals(0, retried.events(), "exported already, by the failed push");
        assertEquals(localTip(TASK), remoteTip(remote, TASK), "and pushed now");
    }

    @Test
    void a_remote_changed_under_the_same_name_gets_every_ref() {
        record(TASK, 1);
        record(OTHER, 1);
        push();
        Path moved = TempGitRepo.createBare(tmp, "moved.git");
        a.git("remote", "set-url", "origin", moved.toString());
        record(OTHER, 1);
        push();
        assertEquals(localTip(TASK), remoteTip(moved, TASK), "the unchanged stream's ref too");
        assertEquals(localTip(OTHER), remoteTip(moved, OTHER));
    }

    @Test
    void a_mark_that_is_not_this_boots_or_this_journals_costs_a_full_push_never_a_missed_ref() throws IOException {
        record(TASK, 1);
        push();
        Path mark = a.resolve(".workflow/local/sync/pushed-origin");
        assertTrue(Files.isRegularFile(mark));
        Files.writeString(mark, Files.readString(mark).replaceFirst("boot \\S+", "boot another-boot"));
        record(OTHER, 1);
        // the remote lost TASK's ref (a mark this push cannot trust must not hide that)
        a.git("--git-dir", remote.toString(), "update-ref", "-d", ref(TASK));
        SyncPush.Result pushed = push();
        assertTrue(pushed.gitOutput().contains(ref(TASK)), pushed.gitOutput());
        assertEquals(localTip(TASK), remoteTip(remote, TASK));
    }

    @Test
    void a_stream_named_before_the_mark_whose_batch_lands_after_the_push_read_it_is_read_again() throws IOException {
        record(TASK, 1);
        push();
        Path journal = a.resolve(".workflow/local/log/appended");
        StreamId late = new StreamId("NEW-1");
        // An appender named its stream and has not committed yet when the push reads the journal.
        Files.writeString(journal, late.name() + "\n", StandardOpenOption.APPEND);
        assertEquals(0, push().events());
        assertTrue(
                Files.readString(a.resolve(".workflow/local/sync/pushed-origin"))
                        .contains("carried NEW-1"),
                "not settled: read again next time");
        // Its batch lands now; the only line naming it is the one before the mark.
        long size = Files.size(journal);
        record(late, 1);
        try (FileChannel channel = FileChannel.open(journal, StandardOpenOption.WRITE)) {
            channel.truncate(size);
        }
        SyncPush.Result pushed = push();
        assertEquals(1, pushed.events(), "the batch is pushed, never missed");
        assertEquals(localTip(late), remoteTip(remote, late));
        assertFalse(Files.readString(a.resolve(".workflow/local/sync/pushed-origin"))
                .contains("carried"));
    }
}
