package dev.wb.cli.status;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.status.CitationGroup;
import dev.wb.commands.status.Stage;
import dev.wb.commands.status.WorkspaceStats;
import dev.wb.commands.status.WorkspaceStats.CommandStats;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.status.Operations;

/** The {@code --stats} sections as JSON. */
final class StatsJson {

    static ObjectNode of(WorkspaceStats stats) {
        ObjectNode node = CanonicalJson.objectNode();
        ObjectNode waiting = node.putObject("waiting");
        ObjectNode failing = node.putObject("failing");
        for (Stage stage : Stage.values()) {
            waiting.put(stage.word(), stats.waiting().get(stage));
            failing.put(stage.word(), stats.failing().get(stage));
        }
        node.put("done", stats.done());
        ArrayNode commands = node.putArray("commands");
        stats.commands().forEach(c -> commands.add(command(c)));
        stats.mostFailsThenPasses()
                .ifPresentOrElse(
                        c -> node.set("mostFailsThenPasses", command(c)), () -> node.putNull("mostFailsThenPasses"));
        ObjectNode citations = node.putObject("citations");
        stats.citations().forEach(citations::put);
        ObjectNode groups = node.putObject("citationGroups");
        for (CitationGroup group : CitationGroup.values()) {
            groups.put(group.word(), group.count(stats.citations()));
        }
        refusals(node, stats);
        gitAndReviews(node, stats);
        operations(node.putObject("operations"), stats.operations());
        runs(node.putObject("runs"), stats.runs());
        return node;
    }

    private static void refusals(ObjectNode node, WorkspaceStats stats) {
        ArrayNode refused = node.putArray("refusedCommands");
        stats.refusedCommands()
                .forEach((text, r) -> refused.addObject()
                        .put("command", text)
                        .put("count", r.count())
                        .put("reason", r.reason()));
        ArrayNode refusedEnv = node.putArray("refusedEnv");
        stats.refusedEnv()
                .forEach((name, r) -> refusedEnv
                        .addObject()
                        .put("name", name)
                        .put("count", r.count())
                        .put("reason", r.reason()));
    }

    private static void gitAndReviews(ObjectNode node, WorkspaceStats stats) {
        var git = stats.gitSteps();
        node.putObject("gitSteps")
                .put("ran", git.ok() + git.failed())
                .put("ok", git.ok())
                .put("failed", git.failed())
                .put("refused", git.refused());
        ObjectNode reviews = node.putObject("reviewRounds");
        group(reviews.putObject("closed"), stats.reviews().closed());
        group(reviews.putObject("open"), stats.reviews().open());
        reviews.put("unknownTasks", stats.reviews().unknown());
    }

    private static void operations(ObjectNode o, Operations ops) {
        o.putObject("preflight")
                .put("runs", ops.preflight().runs())
                .put("ready", ops.preflight().ready())
                .put(
                        "latest",
                        ops.preflight().latest().isEmpty()
                                ? null
                                : ops.preflight().latest())
                .put(
                        "latestTime",
                        ops.preflight().latestTime().isEmpty()
                                ? null
                                : ops.preflight().latestTime());
        o.putObject("flowValidations")
                .put("runs", ops.flows().runs())
                .put("flowsChecked", ops.flows().checked())
                .put("invalid", ops.flows().invalid());
        o.putObject("checkRuns")
                .put("runs", ops.checks().runs())
                .put("pass", ops.checks().passed())
                .put("fail", ops.checks().failed())
                .put("incomplete", ops.checks().incomplete())
                .put("autoMergeBlocked", ops.checks().autoMergeBlocked());
    }

    private static void runs(ObjectNode r, WorkspaceStats.Runs runs) {
        r.put("total", runs.total());
        r.putObject("byStatus")
                .put("done", runs.done())
                .put("failed", runs.failed())
                .put("manual_action_required", runs.manual())
                .put("parked", runs.parked())
                .put("running", runs.running());
        r.put("nodes", runs.nodes());
        r.putObject("usage")
                .put("tokens", runs.tokens())
                .put("cost", runs.cost().toPlainString());
    }

    private static void group(ObjectNode node, WorkspaceStats.Group g) {
        node.put("taskCount", g.tasks()).put("roundCount", g.rounds());
        g.mean().ifPresentOrElse(m -> node.put("mean", m), () -> node.putNull("mean"));
        g.max().ifPresentOrElse(m -> node.put("max", m), () -> node.putNull("max"));
    }

    private static ObjectNode command(CommandStats c) {
        return CanonicalJson.objectNode()
                .put("command", c.command())
                .put("runs", c.runs())
                .put("failures", c.failures())
                .put("meanMs", c.meanMs())
                .put("failsThenPasses", c.failsThenPasses());
    }
}
