package dev.wb.commands.verify;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.checks.EventFit;
import dev.wb.commands.process.Outcome;
import dev.wb.commands.process.RunResult;
import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvents;
import java.util.List;

/**
 * The verify run's rules as pure functions from what happened to the events that record it. The
 * verdict is pass only when at least one command ran, every command that ran exited 0, nothing was
 * refused and nothing was interrupted: claiming verification for a command that never ran is
 * exactly what the evidence exists to prevent.
 */
public final class VerifyDecider {

    private VerifyDecider() {}

    public static NewEvent started(VerifyPlan plan, String planDigest, int timeoutSeconds) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put("planDigest", planDigest);
        p.put("timeoutSeconds", timeoutSeconds);
        ArrayNode commands = p.putArray("commands");
        plan.runnable()
                .forEach(r -> commands.addObject()
                        .put("index", r.index())
                        .put("command", r.command())
                        .put("runner", r.runner()));
        ArrayNode refused = p.putArray("refused");
        plan.refused()
                .forEach(r -> refused.addObject()
                        .put("index", r.index())
                        .put("command", r.subject())
                        .put("reason", r.reason()));
        plan.env().keySet().forEach(p.putArray("env")::add);
        ArrayNode refusedEnv = p.putArray("refusedEnv");
        plan.refusedEnv()
                .forEach(r -> refusedEnv.addObject().put("name", r.subject()).put("reason", r.reason()));
        return new NewEvent(WbEvents.VERIFY_STARTED, WbEvents.VERIFY_STARTED_VERSION, EventFit.fit(p));
    }

    public static NewEvent commandRan(VerifyPlan.Runnable command, RunResult result, String outputDigest) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put("index", command.index());
        p.put("command", command.command());
        command.argv().forEach(p.putArray("argv")::add);
        p.put("runner", command.runner());
        p.put("outcome", result.outcome().name().toLowerCase(java.util.Locale.ROOT));
        p.put("exitCode", result.exitCode());
        p.put("durationMs", result.duration().toMillis());
        p.put("passed", passed(result));
        p.put("outputDigest", outputDigest);
        p.put("outputBytes", result.outputBytes());
        p.put("head", result.output().head());
        p.put("tail", result.output().tail());
        p.put("omittedChars", result.output().omittedChars());
        if (!result.startError().isEmpty()) {
            p.put("startError", result.startError());
        }
        return new NewEvent(WbEvents.VERIFY_COMMAND_RAN, WbEvents.VERIFY_COMMAND_RAN_VERSION, EventFit.fit(p));
    }

    /** The verdict: {@code interrupted}, else {@code pass} or {@code fail} by the rule above. */
    public static String verdict(VerifyPlan plan, List<RunResult> results, boolean interrupted) {
        if (interrupted) {
            return "interrupted";
        }
        boolean allPassed = !results.isEmpty() && results.stream().allMatch(VerifyDecider::passed);
        boolean nothingRefused = plan.refused().isEmpty() && plan.refusedEnv().isEmpty();
        return allPassed && nothingRefused && results.size() == plan.runnable().size() ? "pass" : "fail";
    }

    public static NewEvent finished(VerifyPlan plan, List<RunResult> results, boolean interrupted, long durationMs) {
        ObjectNode p = CanonicalJson.objectNode();
        p.put("verdict", verdict(plan, results, interrupted));
        p.put("ran", results.size());
        p.put("passed", results.stream().filter(VerifyDecider::passed).count());
        p.put("failed", results.stream().filter(r -> !passed(r)).count());
        p.put("refused", plan.refused().size() + plan.refusedEnv().size());
        p.put("notRun", plan.runnable().size() - results.size());
        p.put("durationMs", durationMs);
        return new NewEvent(WbEvents.VERIFY_FINISHED, WbEvents.VERIFY_FINISHED_VERSION, p);
    }

    static boolean passed(RunResult result) {
        return result.outcome() == Outcome.EXITED && result.exitCode() == 0;
    }
}
