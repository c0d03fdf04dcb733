package dev.wb.projections.events.verify;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;

import dev.wb.projections.events.Verdict;
import org.junit.jupiter.api.Test;

/** The payload exactly as wb wrote it before the record (issue 15), and read back. */
class VerifyFinishedTest {

    @Test
    void a_run_end_is_stored_as_before() {
        assertStored(
                new VerifyFinished(Verdict.FAIL, 2, 1, 1, 2, 0, 5000),
                "verify.finished",
                1,
                "{\"durationMs\":5000,\"failed\":1,\"notRun\":0,\"passed\":1,\"ran\":2,\"refused\":2,\"verdict\":\"fail\"}");
    }

    @Test
    void a_run_end_reads_back_equal() {
        assertReadsBack(new VerifyFinished(Verdict.PASS, 3, 3, 0, 0, 0, 12));
    }
}
