package dev.wb.commands.verify;

import dev.wb.commands.process.RunResult;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import java.util.List;

/**
 * The verify run's rule. The verdict is pass only when at least one command ran, every command that ran
 * exited 0, nothing was refused, nothing was interrupted, every test target of the plan is among the
 * branch's changes and, with {@code --regression}, every regression target failed at the merge base and
 * passed in the checkout: claiming verification for a command that
 * never ran is exactly what the evidence exists to prevent.
 */
public final class VerifyVerdict {

    private VerifyVerdict() {}

    /** The verdict: {@code interrupted}, else {@code pass} or {@code fail} by the rule above. */
    public static Verdict of(VerifyPlan plan, List<RunResult> results, boolean interrupted) {
        return of(plan, results, interrupted, Checked.NONE);
    }

    /**
     * What a run checked beside the plan's commands: the test targets not among the branch's changes,
     * and the regression targets run ({@code --regression}).
     */
    public record Checked(List<String> testsMissing, List<VerifyRegressionRan> regression) {
        public static final Checked NONE = new Checked(List.of(), List.of());

        public Checked {
            testsMissing = List.copyOf(testsMissing);
            regression = List.copyOf(regression);
        }

        /** Nothing missing, and every regression target failed at the base and passed in the checkout. */
        boolean clean() {
            return testsMissing.isEmpty() && regression.stream().allMatch(VerifyRegressionRan::passed);
        }
    }

    /**
     * The verdict with the branch's tests checked: a test target the branch does not change, or a
     * regression target that passes at the merge base or fails in the checkout, is a fail.
     */
    public static Verdict of(VerifyPlan plan, List<RunResult> results, boolean interrupted, Checked checked) {
        if (interrupted) {
            return Verdict.INTERRUPTED;
        }
        boolean allPassed = !results.isEmpty() && results.stream().allMatch(RunResult::passed);
        boolean nothingRefused = plan.refused().isEmpty() && plan.refusedEnv().isEmpty();
        return allPassed && nothingRefused && results.size() == plan.runnable().size() && checked.clean()
                ? Verdict.PASS
                : Verdict.FAIL;
    }

    /** The run's end: the verdict, and how many ran, passed, failed, were refused and were never reached. */
    static VerifyFinished finished(
            VerifyPlan plan, List<RunResult> results, boolean interrupted, Checked checked, long durationMs) {
        return new VerifyFinished(
                of(plan, results, interrupted, checked),
                results.size(),
                results.stream().filter(RunResult::passed).count(),
                results.stream().filter(r -> !r.passed()).count(),
                plan.refused().size() + plan.refusedEnv().size(),
                plan.runnable().size() - results.size(),
                durationMs);
    }
}
