package dev.wb.cli.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.JudgeAgentTarget;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.judge.agents.JudgeAgents;
import dev.wb.commands.judge.agents.JudgeGuardHook;
import dev.wb.commands.judge.agents.SettingsIgnore;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb judge enable|disable|status}: the judge's switch, its agent files for Claude Code, Copilot and
 * Codex, the review record schema and the Claude Code guard hook (docs/JUDGE.md).
 */
public final class JudgeAgentsCmd {

    private JudgeAgentsCmd() {}

    public static CommandSpec enable(WbCommand root) {
        Enable cmd = new Enable(root);
        CommandSpec spec = Specs.command(
                cmd,
                "enable",
                "Enable the judge: set agents.judge.enabled in"
                        + " .workflow/config.json, write the judge's agent files from configuration (Claude Code"
                        + " .claude/agents/wb-judge.md, Copilot .github/agents/wb-judge.agent.md, Codex"
                        + " .codex/agents/wb-judge.toml; Pi has no native subagent API), install the review record schema"
                        + " in .workflow/judge/schemas/ and, for Claude Code, the guard hook in .claude/settings.local.json"
                        + " that refuses edits while a validation run holds the lock, keeping that per-developer file out of"
                        + " git with a rule in this clone's .git/info/exclude.");
        spec.addOption(
                Specs.flag("--dry-run", "Print what would be written, and write nothing.", on -> cmd.dryRun = on));
        spec.addOption(Specs.flag("--force", "Overwrite agent files that were edited by hand.", on -> cmd.force = on));
        spec.addOption(Specs.json(root));
        spec.usageMessage()
                .footer(
                        "",
                        "Files wb generated are regenerated from configuration without --force; a file"
                                + " edited by hand is kept and reported unless --force. Set a model with"
                                + " wb config set agents.judge.model.<claude|copilot|codex> <id>.",
                        "",
                        "Exit codes: 0 enabled (or planned, with --dry-run), 3 unusable config.json or"
                                + " settings.local.json.");
        return spec;
    }

    public static CommandSpec disable(WbCommand root) {
        Disable cmd = new Disable(root);
        CommandSpec spec = Specs.command(
                cmd,
                "disable",
                "Disable the judge: set agents.judge.enabled to false,"
                        + " remove wb's guard hook from .claude/settings.local.json (only wb's own entry; the file goes when"
                        + " it held nothing else) and then wb's rule for that file in .git/info/exclude. The generated"
                        + " agent files are kept.");
        spec.addOption(Specs.flag("--dry-run", "Print what would change, and write nothing.", on -> cmd.dryRun = on));
        spec.addOption(Specs.flag(
                "--force",
                "Disable even when .claude/settings.local.json cannot be read: the"
                        + " file is left as it is, with a warning.",
                on -> cmd.force = on));
        spec.addOption(Specs.json(root));
        spec.usageMessage()
                .footer(
                        "",
                        "Exit codes: 0 disabled, 3 unusable config.json, or settings.local.json" + " without --force.");
        return spec;
    }

    public static CommandSpec status(WbCommand root) {
        StatusView cmd = new StatusView(root);
        CommandSpec spec = Specs.command(
                cmd,
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
        spec.addOption(Specs.json(root));
        spec.usageMessage().footer("", "Exit codes: 0 shown, 3 unusable config.json.");
        return spec;
    }

    /** {@code wb judge enable [--dry-run] [--force]}. */
    static final class Enable implements Callable<Integer> {
        private final WbCommand root;
        boolean dryRun;
        boolean force;

        Enable(WbCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            Workspace ws = Workspace.require(root.context().cwd());
            Optional<Path> launcher = JudgeGuardHook.launcher(root.context().env());
            JudgeAgents.Result result = JudgeAgents.enable(ws, dryRun, force, launcher);
            Console console = root.context().console();
            result.warnings().forEach(w -> console.warning(w.message(), w.fix()));
            Optional<EventEnvelope> event = Optional.empty();
            if (!dryRun) {
                try (Session session = root.context().session()) {
                    event = Optional.of(JudgeAgents.record(session, result));
                }
            }
            print(root, result, event);
            return ExitCodes.OK;
        }
    }

    /** {@code wb judge disable [--dry-run] [--force]}. */
    static final class Disable implements Callable<Integer> {
        private final WbCommand root;
        boolean dryRun;
        boolean force;

        Disable(WbCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            Workspace ws = Workspace.require(root.context().cwd());
            JudgeAgents.Result result = JudgeAgents.disable(ws, dryRun, force);
            result.warnings().forEach(w -> root.context().console().warning(w.message(), w.fix()));
            Optional<EventEnvelope> event = Optional.empty();
            if (!dryRun) {
                try (Session session = root.context().session()) {
                    event = Optional.of(JudgeAgents.record(session, result));
                }
            }
            print(root, result, event);
            return ExitCodes.OK;
        }
    }

    private static void print(WbCommand root, JudgeAgents.Result result, Optional<EventEnvelope> event) {
        Console console = root.context().console();
        boolean enable = result.action().equals("enable");
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("action", result.action());
            doc.put("dryRun", result.dryRun());
            doc.put("enabled", result.enabled());
            ObjectNode config = doc.putObject("config");
            config.put("path", ".workflow/config.json");
            config.put("changed", result.configChanged());
            ArrayNode files = doc.putArray("files");
            for (JudgeAgents.FileResult file : result.files()) {
                ObjectNode f = files.addObject();
                JudgeAgentTarget target = file.target().orElseThrow();
                f.put("target", target.id());
                f.put("host", target.host());
                f.put("path", file.path());
                f.put("action", enable ? file.action().id() : "kept");
                file.model().ifPresentOrElse(m -> f.put("model", m), () -> f.putNull("model"));
                if (result.dryRun() && file.action().writes()) {
                    f.put("content", file.content());
                }
            }
            result.schema().ifPresent(schema -> {
                ObjectNode s = doc.putObject("schema");
                s.put("path", schema.path());
                s.put("action", schema.action().id());
            });
            ObjectNode hook = doc.putObject("hook");
            hook.put("action", result.hook().id());
            hook.put("path", JudgeGuardHook.SETTINGS);
            result.hookCommand().ifPresentOrElse(c -> hook.put("command", c), () -> hook.putNull("command"));
            hook.put("note", result.hookNote());
            ObjectNode ignore = doc.putObject("ignore");
            ignore.put(
                    "path",
                    SettingsIgnore.display(Workspace.require(root.context().cwd())));
            ignore.put("rule", SettingsIgnore.RULE);
            ignore.put("action", result.ignore().id());
            ObjectNode models = doc.putObject("models");
            result.models()
                    .forEach((target, model) ->
                            model.ifPresentOrElse(m -> models.put(target.id(), m), () -> models.putNull(target.id())));
            ObjectNode pi = doc.putObject("pi");
            pi.put("supported", false);
            pi.put("listed", result.piListed());
            pi.put("reason", JudgeAgentTarget.PI_NOT_SUPPORTED);
            ArrayNode warnings = doc.putArray("warnings");
            result.warnings()
                    .forEach(w ->
                            warnings.addObject().put("message", w.message()).put("fix", w.fix()));
            event.ifPresentOrElse(
                    e -> {
                        doc.put("event", e.eventId());
                        doc.put("version", e.version());
                    },
                    () -> doc.putNull("event"));
            console.json(doc);
            return;
        }
        String would = result.dryRun() ? "would be " : "";
        console.line((result.dryRun() ? "dry run: nothing written. " : "") + "judge "
                + (enable ? "enabled" : "disabled") + " in .workflow/config.json (agents.judge.enabled: "
                + result.enabled() + (result.configChanged() ? ", " + would + "changed)" : ", already)"));
        for (JudgeAgents.FileResult file : result.files()) {
            JudgeAgentTarget target = file.target().orElseThrow();
            String what = enable
                    ? (result.dryRun() && file.action().writes()
                            ? "would be " + file.action().label()
                            : file.action().label())
                    : "kept";
            console.line("  " + Columns.left(target.id(), 9) + Columns.left(file.path(), 44) + what + " (model: "
                    + file.model().orElse("host default") + ")");
        }
        console.line("  " + Columns.left("pi", 9) + "not supported: no native subagent API"
                + (result.piListed() ? " (listed in agents.judge.targets, skipped)" : ""));
        result.schema()
                .ifPresent(schema -> console.line("  " + Columns.left("schema", 9) + Columns.left(schema.path(), 44)
                        + (result.dryRun() && schema.action().writes() ? "would be " : "")
                        + schema.action().label()));
        console.line("  " + Columns.left("hook", 9)
                + (result.dryRun() && result.hook() != JudgeAgents.HookAction.UNCHANGED
                        ? "would be " + result.hook().id() + " in " + JudgeGuardHook.SETTINGS
                        : result.hookNote())
                + result.hookCommand()
                        .map(c -> ": PreToolUse " + JudgeGuardHook.MATCHER + " runs " + c)
                        .orElse(""));
        console.line("  " + Columns.left("ignore", 9) + ignoreLine(root, result));
        if (result.dryRun()) {
            for (JudgeAgents.FileResult file : result.files()) {
                if (file.action().writes()) {
                    console.line("");
                    console.line("--- " + file.path());
                    console.out().print(file.content());
                }
            }
            return;
        }
        event.ifPresent(e -> console.line("recorded as event " + e.version() + " of the workspace"));
        if (!enable) {
            console.line("the agent files are kept; wb judge enable writes them again from configuration");
        }
    }

    private static String ignoreLine(WbCommand root, JudgeAgents.Result result) {
        String where = SettingsIgnore.RULE + " in "
                + SettingsIgnore.display(Workspace.require(root.context().cwd()));
        String would = result.dryRun() ? "would be " : "";
        return switch (result.ignore()) {
            case ADDED -> where + ": " + would + "added (this clone only)";
            case PRESENT -> where + ": already there";
            case REMOVED -> where + ": " + would + "removed";
            case KEPT -> where + ": kept, since " + JudgeGuardHook.SETTINGS + " stays with settings of your own";
            case NONE ->
                "no rule of wb's for " + JudgeGuardHook.SETTINGS + " in "
                        + SettingsIgnore.display(
                                Workspace.require(root.context().cwd()));
        };
    }

    /** {@code wb judge status [--dry-run] [--force]}. */
    static final class StatusView implements Callable<Integer> {
        private final WbCommand root;

        StatusView(WbCommand root) {
            this.root = root;
        }

        @Override
        public Integer call() {
            Workspace ws = Workspace.require(root.context().cwd());
            JudgeAgents.Status status = JudgeAgents.status(
                    ws, JudgeGuardHook.launcher(root.context().env()));
            Console console = root.context().console();
            if (root.json()) {
                console.json(json(ws, status));
                return ExitCodes.OK;
            }
            console.line("judge: " + (status.enabled() ? "enabled" : "disabled") + " (agents.judge.enabled in "
                    + ws.root().relativize(JudgeAgentsConfig.file(ws)) + ")");
            for (JudgeAgents.TargetStatus t : status.targets()) {
                String state = t.state().label().replace('-', ' ');
                if (t.state() == dev.wb.commands.judge.agents.JudgeAgentTemplates.FileState.GENERATED && !t.current()) {
                    state += ", outdated (wb judge enable regenerates it)";
                } else if (t.state() == dev.wb.commands.judge.agents.JudgeAgentTemplates.FileState.EDITED) {
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
            return ExitCodes.OK;
        }

        private static ObjectNode json(Workspace ws, JudgeAgents.Status status) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("enabled", status.enabled());
            doc.put("config", ws.root().relativize(JudgeAgentsConfig.file(ws)).toString());
            ArrayNode targets = doc.putArray("targets");
            for (JudgeAgents.TargetStatus t : status.targets()) {
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
    }
}
