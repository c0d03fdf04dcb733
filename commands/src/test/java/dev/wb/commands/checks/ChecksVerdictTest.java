package dev.wb.commands.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.projections.events.CheckOutcome;
import dev.wb.projections.events.ChecksRan;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The seed's aggregation, row by row: outcomes of the selected commands in, the gate's verdict out. */
class ChecksVerdictTest {

    static List<ChecksRan.Command> results(String outcomes) {
        if (outcomes.isBlank()) {
            return List.of();
        }
        return Arrays.stream(outcomes.split(" "))
                .map(o -> new ChecksRan.Command("set", List.of("tool"), CheckOutcome.valueOf(o), -1, 0, ""))
                .toList();
    }

    @ParameterizedTest(name = "[{0}] -> {1}")
    @CsvSource({
        "'', PASS",
        "PASSED, PASS",
        "PASSED PASSED, PASS",
        "PASSED SKIPPED, PASS",
        "PASSED FAILED, FAIL",
        "PASSED TIMED_OUT, FAIL",
        "FAILED SKIPPED, FAIL",
        "UNAVAILABLE, INCOMPLETE",
        "PASSED UNAVAILABLE, INCOMPLETE",
        "FAILED UNAVAILABLE, INCOMPLETE",
        "SKIPPED, INCOMPLETE",
        "SKIPPED SKIPPED, INCOMPLETE",
    })
    void a_missing_toolchain_or_nothing_but_skips_is_incomplete_else_a_failure_fails(
            String outcomes, ChecksVerdict verdict) {
        assertEquals(verdict, ChecksVerdict.of(results(outcomes), false));
    }

    @ParameterizedTest(name = "interrupted [{0}] is incomplete")
    @CsvSource({"''", "PASSED", "FAILED"})
    void a_run_wb_was_stopped_in_is_never_more_than_incomplete(String outcomes) {
        assertEquals(ChecksVerdict.INCOMPLETE, ChecksVerdict.of(results(outcomes), true));
    }
}
