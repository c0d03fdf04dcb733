package dev.wb.commands.judge.record;

import static dev.wb.commands.judge.snapshot.JudgeFixture.ENV;
import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeFixture;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.engine.Digests;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Catch-up capture: the parent verified strongly, only the delta captured, every ancestor required. */
class CatchUpCaptureTest {

    @TempDir
    Path tmp;

    JudgeFixture fx;
    Snapshot parent;
    String receiptDigest;
    Path record;

    @BeforeEach
    void approvedParent() throws IOException {
        fx = JudgeFixture.create(tmp).capsule(TASK, "true\n");
        fx.repo.write("src/App.java", "class App { int x; }\n");
        parent = fx.snapshot("main", false).snapshot();
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            receiptDigest = JudgeRun.run(
                            session,
                            new JudgeRun.Request(TASK, parent.id(), List.of("true"), false, false, Optional.empty()),
                            ENV,
                            Clock.systemUTC(),
                            Timings.OFF,
                            JudgeRun.Progress.NONE)
                    .receipt()
                    .orElseThrow()
                    .digest();
        }
        record = writeRecord("APPROVED", receiptDigest);
        fx.repo.write("src/App.java", "class App { int x; int y; }\n");
    }

    Path writeRecord(String verdict, String digest) throws IOException {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schemaVersion", 6);
        doc.put("taskId", TASK.value());
        doc.set(
                "scope",
                fx.scope(parent.base(), new Candidate.Snapshot(parent.id())).toJson());
        doc.put("verdict", verdict);
        ArrayNode tests = doc.putArray("tests");
        tests.addObject().put("command", "true").put("status", "passed");
        doc.putArray("criteria")
                .addObject()
                .put("id", "AC-1")
                .put("status", "pass")
                .put("evidence", "App has x");
        doc.putArray("observations");
        doc.put("reviewedAt", "2026-11-30T10:00:00Z");
        doc.put("receiptDigest", digest);
        Path file = fx.repo.resolve(".workflow/local/judge/TASK-1/review.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, CanonicalJson.text(doc, true));
        return file;
    }

    Snapshot catchUp(Optional<String> digest, List<String> approvals) {
        return CatchUpCapture.capture(
                        fx.workspace(),
                        new CatchUpCapture.Request(TASK, record, digest, approvals, false, Optional.empty()),
                        ENV,
                        Clock.systemUTC(),
                        Timings.OFF)
                .snapshot();
    }

    @Test
    void with_the_pinned_receipt_only_the_delta_is_captured_on_top_of_the_parent() {
        Snapshot child = catchUp(Optional.of(receiptDigest), List.of());

        assertEquals(Optional.of(parent.id()), child.parent());
        assertEquals(parent.candidateCommit(), child.base());
        assertEquals(List.of("src/App.java"), child.scope().changedFiles());
        assertTrue(child.parentRecordDigest().orElseThrow().startsWith("sha256:"));
        assertEquals(child, Snapshots.load(fx.workspace(), child.id(), ENV).withDir(child.dir()));
    }

    @Test
    void re_running_the_parents_commands_after_approval_captures_the_same_delta() {
        Snapshot pinned = catchUp(Optional.of(receiptDigest), List.of());
        Snapshot rerun = catchUp(Optional.empty(), List.of("true"));

        assertEquals(pinned.scope().changeDigest(), rerun.scope().changeDigest());
        assertEquals(pinned.scope().changedFiles(), rerun.scope().changedFiles());
        assertEquals(pinned.parent(), rerun.parent());
    }

    @Test
    void a_receipt_of_an_invalidated_run_is_no_evidence() throws IOException {
        JudgeFixture other =
                JudgeFixture.create(tmp.resolve("other")).capsule(TASK, "sh -c 'echo x >> src/Util.java'\n");
        other.repo.write("src/App.java", "class App { int q; }\n");
        fx = other;
        parent = other.snapshot("main", false).snapshot();
        String digest;
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            JudgeRun.Result run = JudgeRun.run(
                    session,
                    new JudgeRun.Request(
                            TASK,
                            parent.id(),
                            List.of("sh -c 'echo x >> src/Util.java'"),
                            false,
                            false,
                            Optional.empty()),
                    ENV,
                    Clock.systemUTC(),
                    Timings.OFF,
                    JudgeRun.Progress.NONE);
            assertEquals(JudgeRunOutcome.INVALIDATED, run.outcome());
            assertEquals("passed", run.results().get(0).status().wireName(), "the command itself exited 0");
            digest = run.receipt().orElseThrow().digest();
        }
        // The record lives in the repository it reviews (a record outside it is refused unread: GUARANTEES.md).
        record = writeRecord("APPROVED", digest);
        ObjectNode doc = (ObjectNode) CanonicalJson.parse(Files.readAllBytes(record));
        ((ObjectNode) doc.get("tests").get(0)).put("command", "sh -c 'echo x >> src/Util.java'");
        Files.writeString(record, CanonicalJson.text(doc, true));
        fx.repo.git("checkout", "--", "src/Util.java");

        Failure failure = assertThrows(Failure.class, () -> catchUp(Optional.of(digest), List.of()));

        assertTrue(failure.getMessage().contains("did not pass (outcome invalidated)"), failure.getMessage());
    }

    @Test
    void a_parent_that_was_not_approved_is_refused() throws IOException {
        record = writeRecord("NEEDS_CHANGES", receiptDigest);

        Failure failure = assertThrows(Failure.class, () -> catchUp(Optional.of(receiptDigest), List.of()));

        assertEquals(Failure.Kind.CHECK_FAILED, failure.kind());
        assertTrue(failure.getMessage().contains("NEEDS_CHANGES"), failure.getMessage());
    }

    @Test
    void a_receipt_changed_after_the_run_fails_its_pinned_digest() throws IOException {
        Path receipt = parent.receipts().resolve(Digests.hex(receiptDigest) + ".json");
        Files.writeString(receipt, Files.readString(receipt).replace("\"passed\" : true", "\"passed\" : true "));

        Failure failure = assertThrows(Failure.class, () -> catchUp(Optional.of(receiptDigest), List.of()));

        assertTrue(failure.getMessage().contains("no longer hash to the pinned digest"), failure.getMessage());
    }

    @Test
    void a_catch_up_snapshot_needs_every_ancestor_intact() throws IOException {
        Snapshot child = catchUp(Optional.of(receiptDigest), List.of());
        Files.writeString(parent.worktree().resolve("src/Util.java"), "changed\n");

        Failure failure = assertThrows(Failure.class, () -> Snapshots.load(fx.workspace(), child.id(), ENV));

        assertTrue(failure.getMessage().contains(parent.id()), failure.getMessage());
    }

    @Test
    void receipt_digest_and_approvals_cannot_be_combined() {
        Failure failure = assertThrows(Failure.class, () -> catchUp(Optional.of(receiptDigest), List.of("true")));

        assertEquals(Failure.Kind.USAGE, failure.kind());
    }

    @Test
    void verify_refuses_approvals_without_a_re_run_and_a_receipt_with_one() {
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            Failure approvals = assertThrows(
                    Failure.class,
                    () -> JudgeVerify.run(
                            session,
                            new JudgeVerify.Request(record, Optional.empty(), false, List.of("true"), Optional.empty()),
                            ENV,
                            Timings.OFF));
            Failure both = assertThrows(
                    Failure.class,
                    () -> JudgeVerify.run(
                            session,
                            new JudgeVerify.Request(
                                    record, Optional.of(receiptDigest), true, List.of("true"), Optional.empty()),
                            ENV,
                            Timings.OFF));

            assertEquals(Failure.Kind.USAGE, approvals.kind());
            assertTrue(approvals.getMessage().contains("--run-tests"), approvals.getMessage());
            assertEquals(Failure.Kind.USAGE, both.kind());
        }
    }
}
