package dev.wb.cli.judge;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.JudgeAgentTarget;
import dev.wb.commands.judge.agents.JudgeAgents;
import dev.wb.commands.judge.agents.JudgeGuardHook;
import dev.wb.commands.judge.agents.SettingsIgnore;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.JudgeHookAction;
import dev.wb.projections.events.judge.JudgeSwitch;
import java.util.Optional;

/** What {@code wb judge enable} and {@code disable} print: each file they wrote or would write (docs/JUDGE.md). */
final class JudgeAgentsOutput {

    private JudgeAgentsOutput() {}

    /** Warns, records what enable or disable did (not on a dry run) as judge.agents.configured, and prints it. */
    static void finish(WbCommand root, JudgeAgents.Result result, boolean dryRun) {
        result.warnings().forEach(w -> root.context().console().warning(w.message(), w.fix()));
        Optional<EventEnvelope> event = Optional.empty();
        if (!dryRun) {
            try (Session session = root.context().session()) {
                event = Optional.of(JudgeAgents.record(session, result));
            }
        }
        print(root, result, event);
    }

    static void print(WbCommand root, JudgeAgents.Result result, Optional<EventEnvelope> event) {
        if (root.json()) {
            root.context().console().json(json(root, result, event));
        } else {
            text(root, result, event);
        }
    }

    /** The {@code --json} document: the config, each file, the schema, the hook, the ignore rule, models, pi. */
    private static ObjectNode json(WbCommand root, JudgeAgents.Result result, Optional<EventEnvelope> event) {
        boolean enable = result.action() == JudgeSwitch.ENABLE;
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("action", result.action().wireName());
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
        hook.put("action", result.hook().wireName());
        hook.put("path", JudgeGuardHook.SETTINGS);
        result.hookCommand().ifPresentOrElse(c -> hook.put("command", c), () -> hook.putNull("command"));
        hook.put("note", result.hookNote());
        ObjectNode ignore = doc.putObject("ignore");
        ignore.put(
                "path", SettingsIgnore.display(Workspace.require(root.context().cwd())));
        ignore.put("rule", SettingsIgnore.RULE);
        ignore.put("action", result.ignore().id());
        putRest(doc, result, event);
        return doc;
    }

    /** The document's models, pi, warnings and event. */
    private static void putRest(ObjectNode doc, JudgeAgents.Result result, Optional<EventEnvelope> event) {
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
                .forEach(w -> warnings.addObject().put("message", w.message()).put("fix", w.fix()));
        event.ifPresentOrElse(
                e -> {
                    doc.put("event", e.eventId());
                    doc.put("version", e.version());
                },
                () -> doc.putNull("event"));
    }

    /** The text: the config line, a line a file, pi, the schema, the hook and the ignore rule, then what follows. */
    private static void text(WbCommand root, JudgeAgents.Result result, Optional<EventEnvelope> event) {
        Console console = root.context().console();
        boolean enable = result.action() == JudgeSwitch.ENABLE;
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
                + (result.dryRun() && result.hook() != JudgeHookAction.UNCHANGED
                        ? "would be " + result.hook().wireName() + " in " + JudgeGuardHook.SETTINGS
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
}
