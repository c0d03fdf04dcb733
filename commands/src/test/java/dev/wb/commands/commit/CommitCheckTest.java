package dev.wb.commands.commit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.engine.Digests;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.draft.CommitChecked;
import dev.wb.projections.events.draft.CommitStyle;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb commit check} and {@code wb commit convention} on a real repository, its log and its files. */
class CommitCheckTest {

    static final TaskKey KEY = TaskKey.parse("ABC-1").orElseThrow();

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        for (String subject : List.of("feat: add the cart", "fix: total rounding", "docs: the readme")) {
            repo.write("notes.txt", subject + "\n");
            repo.commitAll(subject);
        }
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    CommitCheck.Result check(String draft, Optional<TaskKey> key) {
        try (Session session = session()) {
            return CommitCheck.run(session, repo.resolve(draft), key);
        }
    }

    CommitChecked lastEvent(StreamId stream) {
        try (Session session = session()) {
            List<EventEnvelope> events = session.reader().read(stream);
            return CommitChecked.TYPE.read(events.get(events.size() - 1));
        }
    }

    Path saved() {
        return repo.resolve(".workflow/ABC-1/commit.txt");
    }

    @Test
    void a_passing_message_with_a_key_is_saved_as_commit_txt_and_recorded_with_its_digest() throws IOException {
        repo.write("drafts/m.txt", "fix: keep the cart total\n\nIt was rounded twice.");

        CommitCheck.Result result = check("drafts/m.txt", Optional.of(KEY));

        assertTrue(result.passed(), result.reasons()::toString);
        assertEquals(Optional.of(".workflow/ABC-1/commit.txt"), result.saved());
        assertEquals("fix: keep the cart total\n\nIt was rounded twice.\n", Files.readString(saved()));
        CommitChecked event = lastEvent(StreamId.task(KEY));
        assertTrue(event.passed() && event.saved());
        assertEquals(CommitStyle.CONVENTIONAL, event.convention());
        assertEquals(Digests.hex(Digests.sha256(Files.readAllBytes(saved()))), event.sha256());
    }

    @Test
    void a_failing_message_saves_nothing_and_records_every_reason() throws IOException {
        repo.write(".workflow/ABC-1/commit.txt", "fix: the earlier message\n");
        repo.write("drafts/m.txt", "Updated stuff.\nmore\n");

        CommitCheck.Result result = check("drafts/m.txt", Optional.of(KEY));

        assertFalse(result.passed());
        assertEquals(4, result.reasons().size(), result.reasons()::toString);
        assertEquals("fix: the earlier message\n", Files.readString(saved()), "the earlier message stays");
        CommitChecked event = lastEvent(StreamId.task(KEY));
        assertFalse(event.passed() || event.saved());
        assertEquals(result.reasons(), event.reasons());
    }

    @Test
    void without_a_key_nothing_is_saved_and_the_check_is_the_workspaces() {
        repo.write("drafts/m.txt", "fix: keep the cart total\n");

        CommitCheck.Result result = check("drafts/m.txt", Optional.empty());

        assertTrue(result.passed());
        assertEquals(Optional.empty(), result.saved());
        assertFalse(Files.exists(saved()));
        assertTrue(lastEvent(StreamId.workspace()).passed());
    }

    @Test
    void a_declared_style_wins_over_the_history_and_keeps_the_other_config_keys() throws IOException {
        repo.write(".workflow/config.json", "{\"execute\": false}\n");
        try (Session session = session()) {
            CommitConvention.declare(session, CommitStyle.TICKET_PREFIXED);
            Convention convention = CommitConvention.resolve(session);
            assertEquals(CommitStyle.TICKET_PREFIXED, convention.style());
            assertTrue(convention.declared() && convention.ticketPrefix());
        }
        String config = Files.readString(repo.resolve(".workflow/config.json"));
        assertTrue(
                config.contains("\"execute\": false") && config.contains("\"commit_style\": \"ticket-prefixed\""),
                config);

        repo.write("drafts/m.txt", "fix: keep the cart total\n");
        assertEquals(
                List.of(
                        "this repo prefixes subjects with the ticket key",
                        "the ticket key ABC-1 does not appear in the message"),
                check("drafts/m.txt", Optional.of(KEY)).reasons());
    }

    @Test
    void the_convention_is_read_from_the_repositorys_own_history_and_free_form_before_any_commit() {
        try (Session session = session()) {
            Convention convention = CommitConvention.resolve(session);
            assertEquals(CommitStyle.CONVENTIONAL, convention.style());
            assertEquals(
                    List.of("docs: the readme", "fix: total rounding", "feat: add the cart"), convention.examples());
        }
        TempGitRepo empty = TempGitRepo.create(tmp, "empty");
        try (Session session = new Session(Workspace.require(empty.root()), System.getenv(), TestEvents.invocation())) {
            assertEquals(
                    CommitStyle.FREE_FORM, CommitConvention.resolve(session).style());
        }
    }

    @Test
    void a_missing_draft_is_exit_6_naming_the_command_to_run() {
        Failure failure = assertThrows(Failure.class, () -> check("drafts/none.txt", Optional.of(KEY)));

        assertEquals(Failure.Kind.MISSING, failure.kind());
        assertEquals("no such file: drafts/none.txt", failure.getMessage());
        assertEquals(
                List.of(
                        "write the drafted message to drafts/none.txt first, then: wb commit check ABC-1 --file drafts/none.txt"),
                failure.fixes());
    }

    @Test
    void a_ten_megabyte_message_a_fifo_and_a_link_out_of_the_repository_are_refused_unread() throws Exception {
        Files.write(repo.resolve("big.txt"), "a".repeat(10 * 1024 * 1024).getBytes(StandardCharsets.UTF_8));
        Files.createSymbolicLink(repo.resolve("link.txt"), tmp.resolve("outside.txt"));
        Files.writeString(tmp.resolve("outside.txt"), "fix: a message from outside\n");
        new ProcessBuilder("mkfifo", repo.resolve("pipe").toString()).start().waitFor();

        for (String draft : List.of("big.txt", "link.txt", "pipe")) {
            Failure failure = assertThrows(Failure.class, () -> check(draft, Optional.of(KEY)), draft);
            assertEquals(Failure.Kind.USAGE, failure.kind(), draft);
            assertTrue(failure.getMessage().startsWith(draft + " "), failure.getMessage());
            assertFalse(failure.fixes().isEmpty());
        }
        assertFalse(Files.exists(saved()));
    }
}
