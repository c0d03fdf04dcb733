package dev.wb.projections.catalog;

import dev.wb.engine.EventEnvelope;
import dev.wb.projections.events.ChecksRan;
import dev.wb.projections.events.FlowValidated;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.ImportVerdictRecorded;
import dev.wb.projections.events.PreflightCompleted;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.projections.events.draft.CommitChecked;
import dev.wb.projections.events.draft.PrChecked;
import dev.wb.projections.events.judge.BoundaryStatus;
import dev.wb.projections.events.judge.JudgeCurrentClassified;
import dev.wb.projections.events.judge.JudgeReceiptWritten;
import dev.wb.projections.events.judge.JudgeRecordRead;
import dev.wb.projections.events.judge.JudgeRecordVerified;
import dev.wb.projections.events.judge.JudgeReproduced;
import dev.wb.projections.events.judge.JudgeRunFinished;
import dev.wb.projections.events.judge.JudgeRunRefused;
import dev.wb.projections.events.judge.ReviewGated;
import dev.wb.projections.events.run.NodeFinished;
import dev.wb.projections.events.run.RunBudgetExhausted;
import dev.wb.projections.events.run.RunFinished;
import dev.wb.projections.events.run.RunParked;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyFinished;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import dev.wb.projections.events.verify.VerifyStarted;

/**
 * How an event reads, one vocabulary for {@code wb show}'s colours and the page's: {@code GOOD} (passed),
 * {@code BAD} (failed, refused, a deviation), {@code WARN} (a warning, something pending or unverified),
 * {@code PLAIN} (an event that decides nothing). Read from the typed event, never from its JSON.
 */
public enum Outcome {
    GOOD("ok"),
    BAD("bad"),
    WARN("warn"),
    PLAIN("neutral");

    private final String word;

    Outcome(String word) {
        this.word = word;
    }

    /** The page's word for it (its CSS class {@code tone-WORD}). */
    public String word() {
        return word;
    }

    /** How one event reads, from its outcome; {@code PLAIN} for an event that decides nothing. */
    public static Outcome of(EventEnvelope e) {
        if (PlanAudited.TYPE.matches(e)) {
            return pass(PlanAudited.TYPE.read(e).passed());
        }
        if (ImportVerdictRecorded.TYPE.matches(e)) {
            return WARN; // imported, unverified
        }
        if (ScopeChecked.TYPE.matches(e)) {
            return pass(!ScopeChecked.TYPE.read(e).deviates());
        }
        if (VerifyStarted.TYPE.matches(e)) {
            VerifyStarted started = VerifyStarted.TYPE.read(e);
            return started.refused().isEmpty() && started.refusedEnv().isEmpty() ? PLAIN : BAD;
        }
        if (VerifyCommandRan.TYPE.matches(e)) {
            return pass(VerifyCommandRan.TYPE.read(e).passed());
        }
        if (VerifyRegressionRan.TYPE.matches(e)) {
            return pass(VerifyRegressionRan.TYPE.read(e).passed());
        }
        if (VerifyFinished.TYPE.matches(e)) {
            Verdict verdict = VerifyFinished.TYPE.read(e).verdict();
            return verdict == Verdict.PASS ? GOOD : verdict == Verdict.INTERRUPTED ? WARN : BAD;
        }
        if (ChecksRan.TYPE.matches(e)) {
            Verdict verdict = ChecksRan.TYPE.read(e).verdict();
            return verdict == Verdict.PASS ? GOOD : verdict == Verdict.FAIL ? BAD : WARN;
        }
        if (PreflightCompleted.TYPE.matches(e)) {
            PreflightCompleted preflight = PreflightCompleted.TYPE.read(e);
            return preflight.failures() > 0 ? BAD : preflight.warnings() > 0 ? WARN : GOOD;
        }
        if (FlowValidated.TYPE.matches(e)) {
            return pass(FlowValidated.TYPE.read(e).exitCode() == 0);
        }
        if (GitStepRan.TYPE.matches(e)) {
            return pass(GitStepRan.TYPE.read(e).status() == GitStatus.OK);
        }
        if (GitSeriesFinished.TYPE.matches(e)) {
            return pass(GitSeriesFinished.TYPE.read(e).status() == GitStatus.OK);
        }
        return run(e);
    }

    /** A flow run's events: its nodes' ends, its budgets and parks, its own end; else the review's. */
    private static Outcome run(EventEnvelope e) {
        if (NodeFinished.TYPE.matches(e)) {
            String outcome = NodeFinished.TYPE.read(e).outcome();
            return switch (outcome) {
                case "pass", "accept", "done" -> GOOD;
                case "fail", "crashed" -> BAD;
                default -> outcome.startsWith("route:") ? PLAIN : WARN;
            };
        }
        if (RunBudgetExhausted.TYPE.matches(e) || RunParked.TYPE.matches(e)) {
            return WARN;
        }
        if (RunFinished.TYPE.matches(e)) {
            return switch (RunFinished.TYPE.read(e).status()) {
                case DONE -> GOOD;
                case FAILED -> BAD;
                case MANUAL -> WARN;
            };
        }
        return review(e);
    }

    private static Outcome review(EventEnvelope e) {
        if (JudgeRunFinished.TYPE.matches(e)) {
            return switch (JudgeRunFinished.TYPE.read(e).outcome()) {
                case PASSED -> GOOD;
                case NO_RUNTIME_VALIDATION -> WARN;
                default -> BAD;
            };
        }
        if (JudgeRunRefused.TYPE.matches(e)) {
            return BAD;
        }
        if (JudgeReceiptWritten.TYPE.matches(e)) {
            return pass(JudgeReceiptWritten.TYPE.read(e).passed());
        }
        if (JudgeRecordRead.TYPE.matches(e)) {
            String verdict = JudgeRecordRead.TYPE.read(e).verdict().orElse("");
            return verdict.equals("APPROVED") ? GOOD : verdict.equals("BLOCKED") ? BAD : WARN;
        }
        if (JudgeRecordVerified.TYPE.matches(e)) {
            JudgeRecordVerified verified = JudgeRecordVerified.TYPE.read(e);
            return verified.approved() ? GOOD : verified.valid() ? WARN : BAD;
        }
        if (JudgeCurrentClassified.TYPE.matches(e)) {
            return JudgeCurrentClassified.TYPE.read(e).status() == BoundaryStatus.CURRENT ? GOOD : WARN;
        }
        if (JudgeReproduced.TYPE.matches(e)) {
            return pass(JudgeReproduced.TYPE.read(e).passed());
        }
        return drafts(e);
    }

    private static Outcome drafts(EventEnvelope e) {
        if (ReviewGated.TYPE.matches(e)) {
            return pass(ReviewGated.TYPE.read(e).passed());
        }
        if (CommitChecked.TYPE.matches(e)) {
            return pass(CommitChecked.TYPE.read(e).passed());
        }
        if (PrChecked.TYPE.matches(e)) {
            return pass(PrChecked.TYPE.read(e).passed());
        }
        return PLAIN;
    }

    private static Outcome pass(boolean passed) {
        return passed ? GOOD : BAD;
    }
}
