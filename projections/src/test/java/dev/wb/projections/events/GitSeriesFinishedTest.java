package dev.wb.projections.events;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The payload exactly as wb wrote it before the record (issue 15), and read back. */
class GitSeriesFinishedTest {

    static GitSeriesFinished refused() {
        return new GitSeriesFinished(
                "commit", GitStatus.REFUSED, 1, List.of(List.of("push", "origin", "wb/ABC-12")), Optional.empty());
    }

    @Test
    void a_stopped_series_is_stored_as_before() {
        assertStored(
                refused(),
                "git.series.finished",
                1,
                "{\"notRun\":[[\"push\",\"origin\",\"wb/ABC-12\"]],\"ran\":1,\"series\":\"commit\",\"status\":\"refused\"}");
        assertStored(
                new GitSeriesFinished(
                        "commit",
                        GitStatus.FAILED,
                        2,
                        List.of(List.of("push", "origin", "wb/ABC-12")),
                        Optional.empty()),
                "git.series.finished",
                1,
                "{\"notRun\":[[\"push\",\"origin\",\"wb/ABC-12\"]],\"ran\":2,\"series\":\"commit\",\"status\":\"failed\"}");
    }

    @Test
    void a_series_reads_back_equal() {
        assertReadsBack(refused());
        assertReadsBack(new GitSeriesFinished("push", GitStatus.OK, 2, List.of(), Optional.empty()));
    }
}
