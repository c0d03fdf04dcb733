package dev.wb.projections.events.verify;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The payload exactly as wb wrote it before the record (issue 15), and read back. */
class VerifyCommandRanTest {

    static VerifyCommandRan exited() {
        return new VerifyCommandRan(
                0,
                "pytest -q",
                List.of("pytest", "-q"),
                "pytest",
                ProcessOutcome.EXITED,
                0,
                true,
                1234,
                "head\n",
                "tail\n",
                7,
                "sha256:def",
                42,
                Optional.empty(),
                Optional.empty());
    }

    static VerifyCommandRan notStarted() {
        return new VerifyCommandRan(
                2,
                "ruff check",
                List.of("ruff", "check"),
                "ruff",
                ProcessOutcome.NOT_STARTED,
                -1,
                false,
                0,
                "",
                "",
                0,
                "sha256:def",
                0,
                Optional.of("pytest: not found on PATH"),
                Optional.empty());
    }

    @Test
    void a_command_that_exited_is_stored_as_before() {
        assertStored(
                exited(),
                "verify.command.ran",
                1,
                "{\"argv\":[\"pytest\",\"-q\"],\"command\":\"pytest -q\",\"durationMs\":1234,\"exitCode\":0,\"head\":\"head\\"
                        + "n\",\"index\":0,\"omittedChars\":7,\"outcome\":\"exited\",\"outputBytes\":42,\"outputDigest\":\"sha256:d"
                        + "ef\",\"passed\":true,\"runner\":\"pytest\",\"tail\":\"tail\\n\"}");
    }

    @Test
    void a_command_that_never_started_is_stored_with_its_start_error_as_before() {
        assertStored(
                notStarted(),
                "verify.command.ran",
                1,
                "{\"argv\":[\"ruff\",\"check\"],\"command\":\"ruff check\",\"durationMs\":0,\"exitCode\":-1,\"head\":\"\",\"in"
                        + "dex\":2,\"omittedChars\":0,\"outcome\":\"not_started\",\"outputBytes\":0,\"outputDigest\":\"sha256:def"
                        + "\",\"passed\":false,\"runner\":\"ruff\",\"startError\":\"pytest: not found on PATH\",\"tail\":\"\"}");
    }

    @Test
    void both_read_back_equal() {
        assertReadsBack(exited());
        assertReadsBack(notStarted());
    }

    @Test
    void an_outcome_this_wb_does_not_know_reads_as_not_started_and_passes_nothing() {
        ObjectNode payload = exited().payload();
        payload.put("outcome", "vanished");
        VerifyCommandRan read = VerifyCommandRan.TYPE.read(payload);
        assertEquals(ProcessOutcome.NOT_STARTED, read.outcome());
        VerifyRegressionRan.Side side = new VerifyRegressionRan.Side(ProcessOutcome.NOT_STARTED, 0, 0, "", "", 0);
        assertEquals(false, side.passed());
    }
}
