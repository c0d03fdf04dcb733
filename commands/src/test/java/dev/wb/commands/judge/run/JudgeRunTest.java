package dev.wb.commands.judge.run;

import static dev.wb.commands.judge.snapshot.JudgeFixture.ENV;
import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Session;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.commands.judge.snapshot.JudgeFixture;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.engine.Digests;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.JudgeReceiptWritten;
import dev.wb.projections.events.judge.JudgeRunFinished;
import dev.wb.projections.events.judge.JudgeRunFinished.CommandStatus;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import dev.wb.projections.events.judge.JudgeRunRefused;
import dev.wb.projections.events.judge.JudgeRunStarted;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb judge run}: the seed's outcome table, with real processes in real repositories. */
class JudgeRunTest {

    @TempDir
    Path tmp;

    JudgeFixture fx;

    Snapshot capture(String validation) {
        fx = JudgeFixture.create(tmp).capsule(TASK, validation);
        fx.repo.write("src/App.java", "class App { int x; }\n");
        return fx.snapshot("main", false).snapshot();
    }

    JudgeRun.Result run(Snapshot snapshot, List<String> approvals, boolean isolated) {
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            return JudgeRun.run(
                    session,
                    new JudgeRun.Request(TASK, snapshot.id(), approvals, isolated, false, Optional.empty()),
                    ENV,
                    Clock.systemUTC(),
                    Timings.OFF,
                    JudgeRun.Progress.NONE);
        }
    }

    List<String> eventTypes() {
        List<String> types = new ArrayList<>();
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            session.reader().forEach(StreamId.task(TASK), 0, (EventEnvelope e) -> types.add(e.type()));
        }
        return types;
    }

    static JsonNode receipt(JudgeRun.Result result) throws IOException {
        return CanonicalJson.parse(
                Files.readAllBytes(result.receipt().orElseThrow().path()));
    }

    @Test
    void a_passing_run_in_place_writes_a_receipt_whose_name_is_the_digest_of_its_bytes() throws IOException {
        Snapshot snapshot = capture("true\ntest -f src/App.java\n");

        JudgeRun.Result result = run(snapshot, List.of("true", "test -f src/App.java"), false);

        assertEquals(JudgeRunOutcome.PASSED, result.outcome());
        Receipt.Written written = result.receipt().orElseThrow();
        assertEquals(Digests.sha256(Files.readAllBytes(written.path())), written.digest());
        assertEquals(
                Digests.hex(written.digest()) + ".json",
                written.path().getFileName().toString());
        JsonNode receipt = receipt(result);
        assertEquals(2, receipt.path("receiptVersion").asInt());
        assertEquals("in-place", receipt.path("mode").asText());
        assertEquals(snapshot.id(), receipt.path("snapshot").asText());
        assertEquals(
                snapshot.scope().scopeDigest(),
                receipt.path("reviewDigests").path("scopeDigest").asText());
        assertEquals(List.of("true", "test -f src/App.java"), texts(receipt.path("commands")));
        assertEquals(receipt.path("contentBefore"), receipt.path("contentAfter"));
        assertTrue(receipt.path("lockfileDigest").asText().startsWith("sha256:"));
        assertEquals(
                List.of(JudgeRunStarted.TYPE.name(), JudgeRunFinished.TYPE.name(), JudgeReceiptWritten.TYPE.name()),
                eventTypes());
        assertFalse(RunLock.current(fx.workspace()).isPresent(), "the lock is released");
    }

    @Test
    void without_approval_nothing_runs_and_the_outcome_is_approval_missing() {
        Snapshot snapshot = capture("touch ran.txt\n");

        JudgeRun.Result result = run(snapshot, List.of(), false);

        assertEquals(JudgeRunOutcome.APPROVAL_MISSING, result.outcome());
        assertFalse(Files.exists(fx.repo.resolve("ran.txt")));
        assertEquals(List.of(JudgeRunRefused.TYPE.name()), eventTypes());
    }

    @Test
    void approvals_in_the_wrong_order_name_the_position_the_expected_and_the_received_command() {
        Snapshot snapshot = capture("true\nfalse # optional\n");

        JudgeRun.Result result = run(snapshot, List.of("false", "true"), false);

        assertEquals(JudgeRunOutcome.APPROVAL_MISSING, result.outcome());
        assertTrue(result.message().contains("1"), result.message());
        assertTrue(result.message().contains("true") && result.message().contains("false"), result.message());
    }

    @Test
    void a_stored_approval_of_the_same_list_needs_no_flags() {
        Snapshot snapshot = capture("true\n");
        new CommandApprovals(fx.workspace()).store(TASK, List.of("true"));

        assertEquals(JudgeRunOutcome.PASSED, run(snapshot, List.of(), false).outcome());
    }

    // Held is held for the block's length: taken, never read.
    @SuppressWarnings("try")
    @Test
    void another_run_holding_the_lock_makes_this_one_lock_busy() {
        Snapshot snapshot = capture("true\n");
        try (RunLock held = RunLock.acquire(fx.workspace(), TASK, snapshot.id(), false, Clock.systemUTC())) {
            JudgeRun.Result result = run(snapshot, List.of("true"), false);

            assertEquals(JudgeRunOutcome.LOCK_BUSY, result.outcome());
        }
    }

    @Test
    void a_live_tree_that_no_longer_matches_runs_nothing() {
        Snapshot snapshot = capture("touch ran.txt\n");
        fx.repo.write("src/App.java", "class App { int y; }\n");

        JudgeRun.Result result = run(snapshot, List.of("touch ran.txt"), false);

        assertEquals(JudgeRunOutcome.TREE_MISMATCH, result.outcome());
        assertEquals(List.of("src/App.java"), result.changedPaths());
        assertFalse(Files.exists(fx.repo.resolve("ran.txt")));
    }

    @Test
    void a_tree_edited_during_the_run_invalidates_it_naming_the_paths_and_runs_nothing_more() throws IOException {
        Snapshot snapshot = capture("sh -c 'echo edit >> src/Util.java'\ntrue\n");

        JudgeRun.Result result = run(snapshot, List.of("sh -c 'echo edit >> src/Util.java'", "true"), false);

        assertEquals(JudgeRunOutcome.INVALIDATED, result.outcome());
        assertEquals(List.of("src/Util.java"), result.changedPaths());
        assertEquals(CommandStatus.NOT_RUN, result.results().get(1).status());
        assertFalse(receipt(result).path("passed").asBoolean());
    }

    @Test
    void a_file_removed_from_the_index_but_kept_on_disk_still_counts_when_it_changes() throws IOException {
        fx = JudgeFixture.create(tmp).capsule(TASK, "true\n");
        fx.repo.git("rm", "-q", "--cached", "src/Util.java");
        Snapshot snapshot = fx.snapshot("main", false).snapshot();
        fx.repo.write("src/Util.java", "class Util { changed }\n");

        JudgeRun.Result result = run(snapshot, List.of("true"), false);

        assertEquals(JudgeRunOutcome.TREE_MISMATCH, result.outcome());
        assertEquals(List.of("src/Util.java"), result.changedPaths());
    }

    @Test
    void ignored_build_output_may_change_during_the_run() {
        Snapshot snapshot = capture("sh -c 'mkdir -p build && echo out > build/app.jar'\n");

        JudgeRun.Result result = run(snapshot, List.of("sh -c 'mkdir -p build && echo out > build/app.jar'"), false);

        assertEquals(JudgeRunOutcome.PASSED, result.outcome());
    }

    @Test
    void a_required_failure_fails_the_run_and_an_optional_one_does_not() throws IOException {
        Snapshot snapshot = capture("true\nfalse # optional\n");
        JudgeRun.Result optional = run(snapshot, List.of("true", "false"), false);
        assertEquals(JudgeRunOutcome.PASSED, optional.outcome());
        assertEquals(CommandStatus.FAILED, optional.results().get(1).status());

        JudgeFixture other = JudgeFixture.create(tmp.resolve("other")).capsule(TASK, "false\ntrue\n");
        other.repo.write("src/App.java", "class App { int z; }\n");
        fx = other;
        Snapshot failing = other.snapshot("main", false).snapshot();
        JudgeRun.Result required = run(failing, List.of("false", "true"), false);
        assertEquals(JudgeRunOutcome.FAILED, required.outcome());
        assertTrue(receipt(required)
                .path("results")
                .get(0)
                .path("evidence")
                .asText()
                .startsWith("exit code 1"));
    }

    @Test
    void failure_evidence_is_redacted_of_env_file_values_and_tokens() throws IOException {
        Snapshot snapshot =
                capture("sh -c 'echo value supersecretvalue ghp_abcdefghijklmnopqrstuvwxyz012345; exit 2'\n");
        Files.writeString(fx.repo.resolve(".workflow/.env"), "API_TOKEN=supersecretvalue\n");

        JudgeRun.Result result = run(
                snapshot,
                List.of("sh -c 'echo value supersecretvalue ghp_abcdefghijklmnopqrstuvwxyz012345; exit 2'"),
                false);

        String evidence =
                receipt(result).path("results").get(0).path("evidence").asText();
        assertTrue(evidence.contains("value [redacted] [redacted]"), evidence);
        assertFalse(evidence.contains("supersecretvalue"));
    }

    @Test
    void a_documentation_capsule_runs_nothing_and_gets_a_documentation_receipt() throws IOException {
        Snapshot snapshot = capture("no-runtime-validation: prose changes only\n");

        JudgeRun.Result result = run(snapshot, List.of(), true);

        assertEquals(JudgeRunOutcome.NO_RUNTIME_VALIDATION, result.outcome());
        JsonNode receipt = receipt(result);
        assertEquals("documentation", receipt.path("mode").asText());
        assertEquals("prose changes only", receipt.path("noRuntimeReason").asText());
        assertFalse(receipt.path("passed").asBoolean());
        assertEquals(0, receipt.path("results").size());
    }

    @Test
    void an_isolated_run_works_in_a_copy_and_leaves_the_live_tree_alone() throws IOException {
        Snapshot snapshot = capture("sh -c 'echo built > built.txt'\ntest -f built.txt\n");

        JudgeRun.Result result = run(snapshot, List.of("sh -c 'echo built > built.txt'", "test -f built.txt"), true);

        assertEquals(JudgeRunOutcome.PASSED, result.outcome());
        assertEquals("isolated", receipt(result).path("mode").asText());
        assertFalse(Files.exists(fx.repo.resolve("built.txt")));
        Snapshots.load(fx.workspace(), snapshot.id(), ENV);
    }

    @Test
    void an_isolated_command_that_rewrites_reviewed_content_fails_with_the_drift_recorded() throws IOException {
        Snapshot snapshot = capture("sh -c 'echo reformatted > src/App.java'\n");

        JudgeRun.Result result = run(snapshot, List.of("sh -c 'echo reformatted > src/App.java'"), true);

        assertEquals(JudgeRunOutcome.FAILED, result.outcome());
        assertEquals(List.of("src/App.java"), texts(receipt(result).path("boundaryDrift")));
    }

    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
