package dev.wb.projections.status;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.projections.events.ChecksRan;
import dev.wb.projections.events.FlowValidated;
import dev.wb.projections.events.PreflightCompleted;
import dev.wb.projections.events.Verdict;

/**
 * What the operations commands recorded in one stream: {@code wb preflight} verdicts and
 * {@code wb validate-flow} runs (the workspace stream), {@code wb checks} runs (a task's stream). Counts,
 * and the latest preflight and check verdict with its time, for {@code wb status --stats}; each command's
 * part on its own, so that an event of one changes that part alone.
 */
public record Operations(Preflights preflight, FlowValidations flows, CheckRuns checks) {

    public static final Operations NONE = new Operations(Preflights.NONE, FlowValidations.NONE, CheckRuns.NONE);

    /**
     * {@code wb preflight}'s runs.
     *
     * @param latest {@code ready}, {@code not ready}, or {@code ""} when preflight never ran here
     * @param latestTime when the latest ran, or {@code ""}
     */
    public record Preflights(long runs, long ready, String latest, String latestTime) {
        static final Preflights NONE = new Preflights(0, 0, "", "");

        /** Both together: the counts add up and the later preflight is the latest. */
        Preflights plus(Preflights o) {
            boolean later = !o.latestTime.isEmpty() && o.latestTime.compareTo(latestTime) > 0;
            return new Preflights(
                    runs + o.runs, ready + o.ready, later ? o.latest : latest, later ? o.latestTime : latestTime);
        }
    }

    /** {@code wb validate-flow}'s runs, the flows they checked and how many of those were invalid. */
    public record FlowValidations(long runs, long checked, long invalid) {
        static final FlowValidations NONE = new FlowValidations(0, 0, 0);

        FlowValidations plus(FlowValidations o) {
            return new FlowValidations(runs + o.runs, checked + o.checked, invalid + o.invalid);
        }
    }

    /**
     * {@code wb checks}'s runs, by verdict.
     *
     * @param autoMergeBlocked the runs that skipped a set and so blocked auto-merge
     * @param latest the latest verdict ({@code pass}, {@code fail}, {@code incomplete}) or {@code ""}
     */
    public record CheckRuns(
            long runs, long passed, long failed, long incomplete, long autoMergeBlocked, String latest) {
        static final CheckRuns NONE = new CheckRuns(0, 0, 0, 0, 0, "");

        /** Both together: the counts add up; {@code latest} stays this one's, streams' checks having no order. */
        CheckRuns plus(CheckRuns o) {
            return new CheckRuns(
                    runs + o.runs,
                    passed + o.passed,
                    failed + o.failed,
                    incomplete + o.incomplete,
                    autoMergeBlocked + o.autoMergeBlocked,
                    latest);
        }
    }

    Operations withPreflight(PreflightCompleted p, EventEnvelope event) {
        PreflightCompleted.Readiness verdict = p.verdict();
        return new Operations(
                new Preflights(
                        preflight.runs + 1,
                        preflight.ready + (verdict == PreflightCompleted.Readiness.READY ? 1 : 0),
                        verdict.wireName(),
                        event.time().toString()),
                flows,
                checks);
    }

    Operations withFlowValidation(FlowValidated p) {
        long checked = p.flows().size();
        long invalid = p.flows().stream().filter(flow -> !flow.valid()).count();
        return new Operations(preflight, flows.plus(new FlowValidations(1, checked, invalid)), checks);
    }

    Operations withChecks(ChecksRan p) {
        Verdict verdict = p.verdict();
        return new Operations(
                preflight,
                flows,
                new CheckRuns(
                        checks.runs + 1,
                        checks.passed + (verdict == Verdict.PASS ? 1 : 0),
                        checks.failed + (verdict == Verdict.FAIL ? 1 : 0),
                        checks.incomplete + (verdict == Verdict.INCOMPLETE ? 1 : 0),
                        checks.autoMergeBlocked + (p.autoMergeBlocked() ? 1 : 0),
                        verdict.wireName()));
    }

    /**
     * Two streams' operations together ({@code wb status --stats} over the workspace): the counts add up,
     * the later preflight is the latest, and the latest checks stay this one's.
     */
    public Operations plus(Operations o) {
        return new Operations(preflight.plus(o.preflight), flows.plus(o.flows), checks.plus(o.checks));
    }

    void write(ObjectNode node) {
        node.put("preflights", preflight.runs)
                .put("preflightsReady", preflight.ready)
                .put("lastPreflight", preflight.latest)
                .put("lastPreflightTime", preflight.latestTime)
                .put("flowValidations", flows.runs)
                .put("flowsChecked", flows.checked)
                .put("flowsInvalid", flows.invalid)
                .put("checkRuns", checks.runs)
                .put("checksPassed", checks.passed)
                .put("checksFailed", checks.failed)
                .put("checksIncomplete", checks.incomplete)
                .put("autoMergeBlocked", checks.autoMergeBlocked)
                .put("lastChecks", checks.latest);
    }

    static Operations read(JsonNode n) {
        return new Operations(
                new Preflights(
                        n.required("preflights").longValue(),
                        n.required("preflightsReady").longValue(),
                        n.required("lastPreflight").asText(),
                        n.required("lastPreflightTime").asText()),
                new FlowValidations(
                        n.required("flowValidations").longValue(),
                        n.required("flowsChecked").longValue(),
                        n.required("flowsInvalid").longValue()),
                new CheckRuns(
                        n.required("checkRuns").longValue(),
                        n.required("checksPassed").longValue(),
                        n.required("checksFailed").longValue(),
                        n.required("checksIncomplete").longValue(),
                        n.required("autoMergeBlocked").longValue(),
                        n.required("lastChecks").asText()));
    }
}
