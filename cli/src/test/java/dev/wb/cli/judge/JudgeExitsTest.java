package dev.wb.cli.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.commands.judge.reproduce.JudgeReproduce;
import dev.wb.projections.events.judge.JudgeRunOutcome;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The outcomes of judge run and judge reproduce are named in commands; the numbers they exit with
 * are the cli's one table's (core.Exit, docs/JUDGE.md).
 */
class JudgeExitsTest {

    @Test
    void every_outcome_of_judge_run_exits_with_the_code_of_judge_md() {
        Map<JudgeRunOutcome, Integer> codes = new EnumMap<>(JudgeRunOutcome.class);
        codes.put(JudgeRunOutcome.PASSED, 0);
        codes.put(JudgeRunOutcome.FAILED, 1);
        codes.put(JudgeRunOutcome.APPROVAL_MISSING, 3);
        codes.put(JudgeRunOutcome.LOCK_BUSY, 4);
        codes.put(JudgeRunOutcome.INVALIDATED, 5);
        codes.put(JudgeRunOutcome.TREE_MISMATCH, 6);
        codes.put(JudgeRunOutcome.NO_RUNTIME_VALIDATION, 0);
        assertEquals(JudgeRunOutcome.values().length, codes.size());
        codes.forEach(
                (outcome, code) -> assertEquals(code, JudgeRunCmd.exit(outcome).code(), outcome.name()));
    }

    @Test
    void every_outcome_of_judge_reproduce_exits_with_its_code() {
        Map<JudgeReproduce.Outcome, Integer> codes = new EnumMap<>(JudgeReproduce.Outcome.class);
        codes.put(JudgeReproduce.Outcome.REPRODUCED, 0);
        codes.put(JudgeReproduce.Outcome.NOT_REPRODUCED, 7);
        codes.put(JudgeReproduce.Outcome.APPROVAL_MISSING, 3);
        assertEquals(JudgeReproduce.Outcome.values().length, codes.size());
        codes.forEach((outcome, code) ->
                assertEquals(code, JudgeReproduceCmd.exit(outcome).code(), outcome.name()));
    }
}
