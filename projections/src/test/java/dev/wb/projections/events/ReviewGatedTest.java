package dev.wb.projections.events;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;

import dev.wb.projections.events.judge.FindingKind;
import dev.wb.projections.events.judge.ReviewGated;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code review.gated}: where and which rule, never a line's text; stored in canonical form and read back. */
class ReviewGatedTest {

    static ReviewGated failed() {
        return new ReviewGated(
                ReviewGated.Mode.BRANCH,
                "main",
                "0123456789abcdef0123456789abcdef01234567",
                Map.of(
                        FindingKind.SECRET,
                        1,
                        FindingKind.SWALLOWED_ERROR,
                        0,
                        FindingKind.DEPENDENCY,
                        0,
                        FindingKind.REGRESSION_TEST,
                        0),
                false,
                List.of(new ReviewGated.Finding("src/a.py", 2, FindingKind.SECRET, "github-token")),
                0);
    }

    @Test
    void a_run_is_stored_with_its_counts_and_findings_and_no_quote() {
        assertStored(
                failed(),
                "review.gated",
                1,
                "{\"base\":\"main\",\"baseCommit\":\"0123456789abcdef0123456789abcdef01234567\",\"counts\":"
                        + "{\"dependency\":0,\"regression-test\":0,\"secret\":1,\"swallowed-error\":0},\"findings\":"
                        + "[{\"kind\":\"secret\",\"line\":2,\"path\":\"src/a.py\",\"rule\":\"github-token\"}],"
                        + "\"mode\":\"branch\",\"passed\":false,\"unlisted\":0}");
    }

    @Test
    void a_run_reads_back_equal() {
        assertReadsBack(failed());
        assertReadsBack(new ReviewGated(
                ReviewGated.Mode.STAGED, "HEAD", "", Map.of(FindingKind.SECRET, 0), true, List.of(), 0));
    }
}
