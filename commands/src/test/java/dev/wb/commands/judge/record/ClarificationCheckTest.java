package dev.wb.commands.judge.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.TaskKey;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The experimental clarification signal, row by row: what counts as a contract change, and as a clarification. */
class ClarificationCheckTest {

    static final TaskKey KEY = new TaskKey("TASK-1");
    static final String TASK = ".workflow/TASK-1/task.md";
    static final String CRITERIA = ".workflow/TASK-1/acceptance-criteria.md";

    static String task(String contract, String clarifications) {
        return "# Task\n\n## Contract\n\n" + contract + "\n\n## Clarifications\n\n" + clarifications
                + "\n\n## Validation\n\n" + "```\ntrue\n```\n";
    }

    static Function<String, Optional<byte[]>> files(String task, String criteria) {
        Map<String, byte[]> files = new HashMap<>();
        if (task != null) {
            files.put(TASK, task.getBytes(StandardCharsets.UTF_8));
        }
        files.put(CRITERIA, criteria.getBytes(StandardCharsets.UTF_8));
        return path -> Optional.ofNullable(files.get(path));
    }

    static List<String> notices(String baseTask, String candidateTask, String baseCriteria, String candidateCriteria) {
        return ClarificationCheck.notices(
                ".workflow/" + KEY,
                files(baseTask, baseCriteria),
                files(candidateTask, candidateCriteria),
                "base123",
                "SNAPSHOT:abc");
    }

    static final String CONTRACT = "Totals round to cents,\nhalf away from zero.";
    static final String CLAR = "- 2026-11-01: asked about currency; euros only.";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            reflowed prose and a final full stop are no change | Totals round to cents, half away from zero | 0
            another punctuation mark is a change                | Totals round to cents; half away from zero. | 1
            a new sentence is a change                          | Totals round to cents, half away from zero. Negative totals are refused. | 1
            """)
    void what_counts_as_a_contract_change(String name, String contract, int expected) {
        assertEquals(
                expected,
                notices(task(CONTRACT, CLAR), task(contract, CLAR), "- AC-1: x\n", "- AC-1: x\n")
                        .size(),
                name);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            a new bullet with a decision silences it     | - Negative totals are refused (asked 2026-11-30). | 0
            a No ambiguity bullet with a reason silences  | - No ambiguity: the refusal follows from AC-1.    | 0
            a No ambiguity bullet without a reason does not | - No ambiguity:                                 | 1
            a date alone does not                          | - 2026-11-30                                      | 1
            a None placeholder does not                    | - None                                            | 1
            """)
    void what_counts_as_a_new_clarification(String name, String bullet, int expected) {
        String changed = "Totals round to cents, half away from zero. Negative totals are refused.";
        assertEquals(
                expected,
                notices(task(CONTRACT, CLAR), task(changed, CLAR + "\n" + bullet), "- AC-1: x\n", "- AC-1: x\n")
                        .size(),
                name);
    }

    @Test
    void a_criteria_change_alone_gives_one_notice_naming_the_file_and_its_line_counts() {
        List<String> notices =
                notices(task(CONTRACT, CLAR), task(CONTRACT, CLAR), "- AC-1: x\n", "- AC-1: x\n- AC-2: y\n");

        assertEquals(1, notices.size());
        assertTrue(
                notices.get(0).startsWith("Heuristic notice (experimental): acceptance-criteria.md changed (+1"),
                notices.get(0));
        assertTrue(notices.get(0).contains("base123") && notices.get(0).contains(CRITERIA));
        assertTrue(notices.get(0).length() <= ClarificationCheck.MAX_NOTICE);
    }

    @Test
    void a_capsule_new_in_the_boundary_or_without_clarifications_on_either_side_is_not_comparable() {
        assertEquals(List.of(), notices(null, task("changed", CLAR), "", "- AC-1: x\n"));
        String bare = "# Task\n\n## Contract\n\nold\n";
        assertEquals(List.of(), notices(bare, bare.replace("old", "new"), "", ""));
    }
}
