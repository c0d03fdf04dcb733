package dev.wb.commands.handover;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.Digests;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.events.draft.HandoverWritten;
import dev.wb.projections.events.draft.PlanRendered;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb sdd render} and {@code wb sdd handover} on a real repository and a real log, refusals included. */
class TaskNotesTest {

    static final TaskKey KEY = new TaskKey("ABC-1");

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "x = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    private <T> T with(BiFunction<Session, TaskKey, T> call) {
        try (Session session = new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation())) {
            return call.apply(session, KEY);
        }
    }

    private List<EventEnvelope> history() {
        return with((session, key) -> session.reader().read(StreamId.task(key)));
    }

    private Path folder() {
        return repo.root().resolve(".workflow/ABC-1");
    }

    @Test
    void renderWritesSddMdAndRecordsItsDigest() throws IOException {
        plan("ABC-1").cite("src/app.py", 1, "x = 1").file("src/app.py", "edit").writeTo(repo);
        TaskNotes.Written written = with(TaskNotes::render);
        byte[] bytes = Files.readAllBytes(folder().resolve("sdd.md"));
        assertEquals(".workflow/ABC-1/sdd.md", written.file());
        assertEquals(Digests.sha256(bytes), written.sha256());
        assertTrue(new String(bytes, StandardCharsets.UTF_8).startsWith("# ABC-1 — implementation spec\n"));
        List<EventEnvelope> events = history();
        assertEquals(1, events.size());
        PlanRendered recorded = PlanRendered.TYPE.read(events.get(0));
        assertEquals(new PlanRendered(".workflow/ABC-1/sdd.md", written.sha256()), recorded);
    }

    @Test
    void handoverWritesTheNoteAndRecordsHandoverWritten() throws IOException {
        plan("ABC-1").handover("Login fails", "log in", "see the dashboard").writeTo(repo);
        TaskNotes.Written written = with(TaskNotes::handover);
        String note = Files.readString(folder().resolve("handover.md"));
        assertEquals("""
                # ABC-1 — what changed, and how to confirm it

                ## What was happening

                Login fails

                ## How to confirm it

                1. log in
                2. see the dashboard
                """, note);
        HandoverWritten recorded = HandoverWritten.TYPE.read(history().get(0));
        assertEquals(Digests.sha256(Files.readAllBytes(folder().resolve("handover.md"))), recorded.sha256());
        assertEquals(written.file(), recorded.path());
    }

    @Test
    void aPlanWithoutAHandoverSectionIsRefusedWithExitTwoAndNothingWritten() {
        plan("ABC-1").writeTo(repo);
        Failure failure = assertThrows(Failure.class, () -> with(TaskNotes::handover));
        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertEquals("ABC-1 has no handover section", failure.getMessage());
        assertTrue(failure.fixes().get(0).contains(".workflow/ABC-1/sdd.json: symptom_plain"));
        assertFalse(Files.exists(folder().resolve("handover.md")));
        assertTrue(history().isEmpty());
    }

    @Test
    void noPlanIsMissingForBoth() {
        assertEquals(
                Failure.Kind.MISSING,
                assertThrows(Failure.class, () -> with(TaskNotes::render)).kind());
        assertEquals(
                Failure.Kind.MISSING,
                assertThrows(Failure.class, () -> with(TaskNotes::handover)).kind());
    }

    @Test
    void aTaskFolderLinkedOutOfTheRepositoryIsRefusedAndNothingIsWrittenThere() throws IOException {
        Path elsewhere = tmp.resolve("elsewhere");
        plan("ABC-1").handover("Login fails", "log in").writeTo(elsewhere);
        Path outside = elsewhere.resolve(".workflow/ABC-1");
        Files.createDirectories(repo.root().resolve(".workflow"));
        Files.createSymbolicLink(folder(), outside);
        Failure failure = assertThrows(Failure.class, () -> with(TaskNotes::render));
        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertTrue(failure.getMessage().contains("resolves outside the repository"), failure.getMessage());
        assertThrows(Failure.class, () -> with(TaskNotes::handover));
        assertFalse(Files.exists(outside.resolve("sdd.md")));
        assertFalse(Files.exists(outside.resolve("handover.md")));
    }

    @Test
    void aLinkInPlaceOfTheNoteIsRefused() throws IOException {
        plan("ABC-1").handover("Login fails", "log in").writeTo(repo);
        Path target = Files.writeString(tmp.resolve("elsewhere.md"), "mine\n");
        Files.createSymbolicLink(folder().resolve("handover.md"), target);
        assertEquals(
                Failure.Kind.USAGE,
                assertThrows(Failure.class, () -> with(TaskNotes::handover)).kind());
        assertEquals("mine\n", Files.readString(target));
    }
}
