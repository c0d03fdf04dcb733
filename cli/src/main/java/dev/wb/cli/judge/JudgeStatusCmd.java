package dev.wb.cli.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.JudgeAgentTarget;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.judge.agents.JudgeAgentTemplates;
import dev.wb.commands.judge.agents.JudgeAgents;
import dev.wb.commands.judge.agents.JudgeGuardHook;
import dev.wb.commands.judge.agents.JudgeStatus;
import dev.wb.commands.judge.agents.WbLauncher;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.json.CanonicalJson;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb judge status}: whether the judge is enabled, its agent files, the guard hook, a run in progress. */
public final class JudgeStatusCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(Exit.OK.as("shown"), Exit.CONFIG.as("unusable config.json"));

    private JudgeStatusCmd(WbCommand root) {
        super(root, EXITS);
    }

    @Override
    protected Exit run() {
        Workspace ws = Workspace.require(root.context().cwd());
        JudgeStatus status = JudgeStatus.read(
                ws, WbLauncher.find(root.context().env(), root.context().cwd()));
        Console console = root.context().console();
        if (root.json()) {
            console.json(json(ws, status));
            return Exit.OK;
        }
        console.line("judge: " + (status.enabled() ? "enabled" : "disabled") + " (agents.judge.enabled in "
                + ws.root().relativize(JudgeAgentsConfig.file(ws)) + ")");
        for (JudgeStatus.Target t : status.targets()) {
            String state = t.state().label().replace('-', ' ');
            if (t.state() == JudgeAgentTemplates.FileState.GENERATED && !t.current()) {
                state += ", outdated (wb judge enable regenerates it)";
            } else if (t.state() == JudgeAgentTemplates.FileState.EDITED) {
                state += " (wb judge enable --force regenerates it)";
            }
            console.line("  " + Columns.left(t.target().id(), 9) + Columns.left(t.path(), 44) + state + "; model: "
                    + t.model().orElse("host default") + (t.selected() ? "" : "; not among agents.judge.targets"));
        }
        console.line("  " + Columns.left("pi", 9) + "not supported: no native subagent API");
        console.line("  " + Columns.left("hook", 9)
                + status.hookProblem()
                        .orElse(
                                status.hookInstalled()
                                        ? "installed in " + JudgeGuardHook.SETTINGS + ": "
                                                + status.hookCommand().orElse("")
                                                + (status.hookCurrent()
                                                        ? ""
                                                        : " (another launcher; wb judge enable replaces it)")
                                        : "not installed"));
        console.line("  " + Columns.left("schema", 9) + Columns.left(JudgeAgents.SCHEMA_PATH, 44)
                + (status.schemaPresent() ? status.schemaCurrent() ? "present" : "present, outdated" : "absent"));
        console.line("  " + Columns.left("run", 9)
                + status.run().map(h -> "in progress: " + h.describe()).orElse("none in progress"));
        return Exit.OK;
    }

    private static ObjectNode json(Workspace ws, JudgeStatus status) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("enabled", status.enabled());
        doc.put("config", ws.root().relativize(JudgeAgentsConfig.file(ws)).toString());
        ArrayNode targets = doc.putArray("targets");
        for (JudgeStatus.Target t : status.targets()) {
            ObjectNode o = targets.addObject();
            o.put("target", t.target().id());
            o.put("host", t.target().host());
            o.put("path", t.path());
            o.put("selected", t.selected());
            o.put("state", t.state().label());
            o.put("current", t.current());
            t.model().ifPresentOrElse(m -> o.put("model", m), () -> o.putNull("model"));
            o.put("modelInEffect", t.model().orElse("host default"));
        }
        ObjectNode pi = doc.putObject("pi");
        pi.put("supported", false);
        pi.put("listed", status.piListed());
        pi.put("reason", JudgeAgentTarget.PI_NOT_SUPPORTED);
        ObjectNode hook = doc.putObject("hook");
        hook.put("path", JudgeGuardHook.SETTINGS);
        hook.put("installed", status.hookInstalled());
        hook.put("current", status.hookCurrent());
        status.hookCommand().ifPresentOrElse(c -> hook.put("command", c), () -> hook.putNull("command"));
        status.hookProblem().ifPresent(p -> hook.put("problem", p));
        ObjectNode schema = doc.putObject("schema");
        schema.put("path", JudgeAgents.SCHEMA_PATH);
        schema.put("present", status.schemaPresent());
        schema.put("current", status.schemaCurrent());
        status.run().ifPresentOrElse(h -> run(doc.putObject("run"), h), () -> doc.putNull("run"));
        return doc;
    }

    private static void run(ObjectNode o, RunLock.Holder h) {
        o.put("pid", h.pid());
        o.put("host", h.host());
        o.put("started", h.started().toString());
        o.put("task", h.task());
        o.put("snapshot", h.snapshot());
        o.put("description", h.describe());
    }

    public static CommandSpec spec(WbCommand root) {
        JudgeStatusCmd cmd = new JudgeStatusCmd(root);
        CommandSpec spec = cmd.command(
                "status",
                "Show whether the judge is enabled, each target's agent"
                        + " file (present, absent or edited by hand) and the model in effect, whether the Claude Code guard"
                        + " hook is installed, and a validation run in progress.");
        spec.addOption(Specs.flag(
                "--dry-run", "Accepted as by enable and disable; status writes nothing" + " either way.", on -> {}));
        spec.addOption(Specs.flag(
                "--force",
                "Accepted as by enable and disable; status overrides nothing," + " so it changes nothing.",
                on -> {}));
        return Specs.withJson(root, spec);
    }
}
