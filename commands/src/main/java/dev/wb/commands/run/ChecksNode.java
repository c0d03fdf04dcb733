package dev.wb.commands.run;

import dev.wb.commands.base.Failure;
import dev.wb.commands.checks.ChecksRun;
import dev.wb.commands.checks.ChecksVerdict;
import dev.wb.commands.process.NodeProcess;

/**
 * A {@code checks} node: the command sets the task's diff selects, run by {@code wb checks}' engine, which
 * records its own {@code checks.ran}. Pass, fail, or incomplete (a toolchain missing, every check skipped, a
 * check that changed the tree, or no passing audit to take the diff from): a person's turn. Checks that
 * SIGTERM or Ctrl-C cut short record their {@code checks.ran} (interrupted) but no outcome of the node.
 */
final class ChecksNode {

    private ChecksNode() {}

    static NodeResult run(RunContext ctx, RunLog log) {
        ChecksRun.Report report;
        try {
            report = ChecksRun.run(ctx.session(), ctx.key(), ctx.env(), ChecksRun.Progress.NONE);
        } catch (Failure f) {
            NodeProcess.awaitHaltIfStopping();
            return NodeResult.of(NodeResult.INCOMPLETE, "the checks could not run: " + f.getMessage());
        }
        // SIGTERM or Ctrl-C stopped the checks: the node stays in flight for the resume, as after a crash
        NodeProcess.awaitHaltIfStopping();
        log.recorded(report.event());
        ChecksVerdict verdict = report.verdict();
        String ran =
                report.results().size() + " command(s) in " + report.selected().size() + " set(s)";
        return switch (verdict) {
            case PASS -> NodeResult.of("pass", ran + " passed");
            case FAIL -> NodeResult.of("fail", ran + ": a quality failure");
            case INCOMPLETE ->
                NodeResult.of(
                        NodeResult.INCOMPLETE,
                        "the quality gate could not fully run (" + ran + "): wb checks " + ctx.key());
        };
    }
}
