package dev.wb.projections.events.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.NewEvent;
import dev.wb.projections.events.judge.JudgeRunFinished.CommandStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The events of {@code wb task approve-commands} and {@code wb judge run}, byte for byte as before. */
class JudgeRunEventsTest {

    @Test
    void an_approval_of_the_commands_is_stored_with_its_list_digest() {
        TaskCommandsApproved approved =
                new TaskCommandsApproved(List.of("npm test", "npm run lint"), "sha256:l", CommandsApproval.STORED);
        NewEvent event = approved.toNewEvent();

        assertEquals("task.commands.approved", event.type());
        assertEquals(1, event.schemaVersion());
        assertEquals(
                "{\"commands\":[\"npm test\",\"npm run lint\"],\"listDigest\":\"sha256:l\",\"how\":\"stored\"}",
                approved.payload().toString());
        assertEquals(approved, TaskCommandsApproved.TYPE.read(approved.payload()));
    }

    @Test
    void a_run_starts_with_its_commands_and_how_they_were_approved() {
        JudgeRunStarted started = new JudgeRunStarted(
                "0123456789abcdef0123",
                JudgeRunMode.IN_PLACE,
                List.of(new JudgeRunStarted.Command("npm test", false), new JudgeRunStarted.Command("lint", true)),
                CommandsApproval.FLAGS,
                "sha256:l");

        assertEquals("judge.run.started", started.toNewEvent().type());
        assertEquals(
                "{\"snapshot\":\"0123456789abcdef0123\",\"mode\":\"in-place\",\"commands\":["
                        + "{\"command\":\"npm test\",\"optional\":false},{\"command\":\"lint\",\"optional\":true}],"
                        + "\"approval\":\"flags\",\"listDigest\":\"sha256:l\"}",
                started.payload().toString());
        assertEquals(started, JudgeRunStarted.TYPE.read(started.payload()));
    }

    @Test
    void a_run_finishes_with_each_command_status_and_its_receipt() {
        JudgeRunFinished finished = new JudgeRunFinished(
                "0123456789abcdef0123",
                JudgeRunMode.ISOLATED,
                JudgeRunOutcome.FAILED,
                List.of(
                        new JudgeRunFinished.Result(1, "npm test", false, CommandStatus.FAILED, 1, 1234L),
                        new JudgeRunFinished.Result(2, "lint", true, CommandStatus.NOT_RUN, -1, 0L)),
                List.of("dist/out.js"),
                "sha256:r");

        assertEquals("judge.run.finished", finished.toNewEvent().type());
        assertEquals(
                "{\"snapshot\":\"0123456789abcdef0123\",\"mode\":\"isolated\",\"outcome\":\"failed\",\"results\":["
                        + "{\"index\":1,\"command\":\"npm test\",\"optional\":false,\"status\":\"failed\","
                        + "\"exitCode\":1,\"durationMs\":1234},"
                        + "{\"index\":2,\"command\":\"lint\",\"optional\":true,\"status\":\"not-run\","
                        + "\"exitCode\":-1,\"durationMs\":0}],"
                        + "\"changedPaths\":[\"dist/out.js\"],\"receiptDigest\":\"sha256:r\"}",
                finished.payload().toString());
        assertEquals(finished, JudgeRunFinished.TYPE.read(finished.payload()));
    }

    @Test
    void a_refused_run_says_why_and_which_paths_differ() {
        JudgeRunRefused refused = new JudgeRunRefused(
                "0123456789abcdef0123",
                JudgeRunMode.IN_PLACE,
                JudgeRunOutcome.TREE_MISMATCH,
                "the live tree is not the snapshot's",
                List.of("a"));

        assertEquals("judge.run.refused", refused.toNewEvent().type());
        assertEquals(
                "{\"snapshot\":\"0123456789abcdef0123\",\"outcome\":\"tree-mismatch\",\"mode\":\"in-place\","
                        + "\"reason\":\"the live tree is not the snapshot's\",\"changedPaths\":[\"a\"]}",
                refused.payload().toString());
        assertEquals(refused, JudgeRunRefused.TYPE.read(refused.payload()));
    }

    @Test
    void a_receipt_is_recorded_with_its_digest_and_path() {
        JudgeReceiptWritten receipt = new JudgeReceiptWritten(
                "0123456789abcdef0123",
                "sha256:r",
                ".workflow/local/judge/snapshots/0123456789abcdef0123/receipts/ab.json",
                JudgeRunMode.DOCUMENTATION,
                true,
                JudgeRunOutcome.NO_RUNTIME_VALIDATION);

        assertEquals("judge.receipt.written", receipt.toNewEvent().type());
        assertEquals(
                "{\"snapshot\":\"0123456789abcdef0123\",\"receiptDigest\":\"sha256:r\","
                        + "\"path\":\".workflow/local/judge/snapshots/0123456789abcdef0123/receipts/ab.json\","
                        + "\"mode\":\"documentation\",\"passed\":true,\"outcome\":\"no-runtime-validation\"}",
                receipt.payload().toString());
        assertEquals(receipt, JudgeReceiptWritten.TYPE.read(receipt.payload()));
    }
}
