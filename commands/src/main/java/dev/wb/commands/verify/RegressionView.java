package dev.wb.commands.verify;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.verify.VerifyRegressionRan;
import java.util.List;
import java.util.Optional;

/**
 * The evidence's part for the branch's tests: {@code tests_missing} (the plan's test targets the
 * branch does not change) and {@code regression} (each regression target at the merge base and in the
 * checkout), as evidence.json and evidence.md show them.
 */
final class RegressionView {

    private RegressionView() {}

    /**
     * One target: {@code {target, base: {commit, exit, verdict}, head: {exit, verdict}}}, a side's exit
     * and verdict left out when it did not run; then wb's {@code passed}, {@code command},
     * {@code reason} and each side's outcome and output digest.
     */
    static ObjectNode json(VerifyRegressionRan r) {
        ObjectNode t = CanonicalJson.objectNode();
        t.put("target", r.target());
        ObjectNode base = t.putObject("base");
        base.put("commit", r.baseCommit());
        r.base().ifPresent(s -> side(base, s));
        r.head().ifPresent(s -> side(t.putObject("head"), s));
        t.put("passed", r.passed());
        t.put("command", r.command());
        r.reason().ifPresent(reason -> t.put("reason", reason));
        return t;
    }

    private static void side(ObjectNode node, VerifyRegressionRan.Side s) {
        node.put("exit", exitCode(s));
        node.put("verdict", s.passed() ? "pass" : "fail");
        node.put("outcome", s.outcome().wireName());
        node.put("outputDigest", s.outputDigest());
    }

    /** As a verify command's: 124 timed out, 127 not started, 130 interrupted. */
    static int exitCode(VerifyRegressionRan.Side s) {
        return switch (s.outcome()) {
            case TIMED_OUT -> EvidenceView.TIMED_OUT;
            case NOT_STARTED -> EvidenceView.NOT_STARTED;
            case INTERRUPTED -> EvidenceView.INTERRUPTED;
            case EXITED -> s.exitCode();
        };
    }

    static void markdown(StringBuilder md, List<String> testsMissing, List<VerifyRegressionRan> regression) {
        if (!testsMissing.isEmpty()) {
            md.append("## Tests the branch does not change\n\n")
                    .append("The plan names these test targets, and none is among the branch's changed paths:\n\n");
            testsMissing.forEach(t -> md.append("- `").append(t).append("`\n"));
            md.append("\n");
        }
        for (VerifyRegressionRan r : regression) {
            md.append("## Regression `")
                    .append(r.target())
                    .append("` — ")
                    .append(r.passed() ? "pass" : "FAIL")
                    .append("\n\n");
            if (!r.command().isEmpty()) {
                md.append("Run as `").append(r.command()).append("`.\n\n");
            }
            md.append("- at the merge base `")
                    .append(RegressionRun.abbrev(r.baseCommit()))
                    .append("`: ")
                    .append(shown(r.base()))
                    .append(" (it must fail: the test reproduces the bug)\n");
            md.append("- in the checkout: ").append(shown(r.head())).append(" (it must pass)\n");
            r.reason().ifPresent(reason -> md.append("\n").append(reason).append("\n"));
            md.append("\n");
        }
    }

    private static String shown(Optional<VerifyRegressionRan.Side> side) {
        return side.map(s -> (s.passed() ? "pass" : "fail") + " (exit " + exitCode(s) + ")")
                .orElse("not run");
    }
}
