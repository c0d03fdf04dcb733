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
 * and the latest preflight and check verdict with its time, for {@code wb status --stats}.
 *
 * @param lastPreflight {@code ready}, {@code not ready}, or {@code ""} when preflight never ran here
 * @param lastChecks the latest {@code wb checks} verdict ({@code pass}, {@code fail}, {@code incomplete}) or {@code ""}
 */
public record Operations(
        long preflights,
        long preflightsReady,
        String lastPreflight,
        String lastPreflightTime,
        long flowValidations,
        long flowsChecked,
        long flowsInvalid,
        long checkRuns,
        long checksPassed,
        long checksFailed,
        long checksIncomplete,
        long autoMergeBlocked,
        String lastChecks) {

    public static final Operations NONE = new Operations(0, 0, "", "", 0, 0, 0, 0, 0, 0, 0, 0, "");

    Operations withPreflight(PreflightCompleted p, EventEnvelope event) {
        PreflightCompleted.Readiness verdict = p.verdict();
        return new Operations(
                preflights + 1,
                preflightsReady + (verdict == PreflightCompleted.Readiness.READY ? 1 : 0),
                verdict.wireName(),
                event.time().toString(),
                flowValidations,
                flowsChecked,
                flowsInvalid,
                checkRuns,
                checksPassed,
                checksFailed,
                checksIncomplete,
                autoMergeBlocked,
                lastChecks);
    }

    Operations withFlowValidation(FlowValidated p) {
        long checked = p.flows().size();
        long invalid = p.flows().stream().filter(flow -> !flow.valid()).count();
        return new Operations(
                preflights,
                preflightsReady,
                lastPreflight,
                lastPreflightTime,
                flowValidations + 1,
                flowsChecked + checked,
                flowsInvalid + invalid,
                checkRuns,
                checksPassed,
                checksFailed,
                checksIncomplete,
                autoMergeBlocked,
                lastChecks);
    }

    Operations withChecks(ChecksRan p) {
        Verdict verdict = p.verdict();
        return new Operations(
                preflights,
                preflightsReady,
                lastPreflight,
                lastPreflightTime,
                flowValidations,
                flowsChecked,
                flowsInvalid,
                checkRuns + 1,
                checksPassed + (verdict == Verdict.PASS ? 1 : 0),
                checksFailed + (verdict == Verdict.FAIL ? 1 : 0),
                checksIncomplete + (verdict == Verdict.INCOMPLETE ? 1 : 0),
                autoMergeBlocked + (p.autoMergeBlocked() ? 1 : 0),
                verdict.wireName());
    }

    /**
     * Two streams' operations together ({@code wb status --stats} over the workspace): the counts add up and
     * the later preflight is the latest; {@code lastChecks} stays this one's, streams' checks having no
     * order between them.
     */
    public Operations plus(Operations o) {
        boolean later = !o.lastPreflightTime.isEmpty() && o.lastPreflightTime.compareTo(lastPreflightTime) > 0;
        return new Operations(
                preflights + o.preflights,
                preflightsReady + o.preflightsReady,
                later ? o.lastPreflight : lastPreflight,
                later ? o.lastPreflightTime : lastPreflightTime,
                flowValidations + o.flowValidations,
                flowsChecked + o.flowsChecked,
                flowsInvalid + o.flowsInvalid,
                checkRuns + o.checkRuns,
                checksPassed + o.checksPassed,
                checksFailed + o.checksFailed,
                checksIncomplete + o.checksIncomplete,
                autoMergeBlocked + o.autoMergeBlocked,
                lastChecks);
    }

    void write(ObjectNode node) {
        node.put("preflights", preflights)
                .put("preflightsReady", preflightsReady)
                .put("lastPreflight", lastPreflight)
                .put("lastPreflightTime", lastPreflightTime)
                .put("flowValidations", flowValidations)
                .put("flowsChecked", flowsChecked)
                .put("flowsInvalid", flowsInvalid)
                .put("checkRuns", checkRuns)
                .put("checksPassed", checksPassed)
                .put("checksFailed", checksFailed)
                .put("checksIncomplete", checksIncomplete)
                .put("autoMergeBlocked", autoMergeBlocked)
                .put("lastChecks", lastChecks);
    }

    static Operations read(JsonNode n) {
        return new Operations(
                n.required("preflights").longValue(),
                n.required("preflightsReady").longValue(),
                n.required("lastPreflight").asText(),
                n.required("lastPreflightTime").asText(),
                n.required("flowValidations").longValue(),
                n.required("flowsChecked").longValue(),
                n.required("flowsInvalid").longValue(),
                n.required("checkRuns").longValue(),
                n.required("checksPassed").longValue(),
                n.required("checksFailed").longValue(),
                n.required("checksIncomplete").longValue(),
                n.required("autoMergeBlocked").longValue(),
                n.required("lastChecks").asText());
    }
}
