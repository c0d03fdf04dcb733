package dev.wb.commands.verify;

import dev.wb.commands.process.RunResult;
import dev.wb.projections.events.VerifyFinished;
import java.util.List;

/**
 * The verify run's rule. The verdict is pass only when at least one command ran, every command that ran
 * exited 0, nothing was refused and nothing was interrupted: claiming verification for a command that
 * never ran is exactly what the evidence exists to prevent.
 */
public final class VerifyVerdict {

    private VerifyVerdict() {}

    /** The verdict: {@code interrupted}, else {@code pass} or {@code fail} by the rule above. */
    public static String of(VerifyPlan plan, List<RunResult> results, boolean interrupted) {
        if (interrupted) {
            return VerifyFinished.INTERRUPTED;
        }
        boolean allPassed = !results.isEmpty() && results.stream().allMatch(RunResult::passed);
        boolean nothingRefused = plan.refused().isEmpty() && plan.refusedEnv().isEmpty();
        return allPassed && nothingRefused && results.size() == plan.runnable().size()
                ? VerifyFinished.PASS
                : VerifyFinished.FAIL;
    }

    /** The run's end: the verdict, and how many ran, passed, failed, were refused and were never reached. */
    static VerifyFinished finished(VerifyPlan plan, List<RunResult> results, boolean interrupted, long durationMs) {
        return new VerifyFinished(
                of(plan, results, interrupted),
                results.size(),
                results.stream().filter(RunResult::passed).count(),
                results.stream().filter(r -> !r.passed()).count(),
                plan.refused().size() + plan.refusedEnv().size(),
                plan.runnable().size() - results.size(),
                durationMs);
    }
}
