package dev.wb.commands.judge.agents;

import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.JudgeAgentTarget;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.projections.events.judge.JudgeAgentsConfigured;
import dev.wb.projections.events.judge.JudgeHookAction;
import dev.wb.projections.events.judge.JudgeSwitch;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb judge enable|disable}: the judge's switch in {@code .workflow/config.json}, its agent
 * files (Claude Code, Copilot, Codex; Pi has no native subagent API; planned and written by
 * {@link AgentFiles}), the review record schema in {@code .workflow/judge/schemas/}, and the Claude Code
 * guard hook. {@code wb judge status} reads the same files ({@link JudgeStatus}).
 *
 * <p>Enabling regenerates every file from configuration, without {@code --force}: a file wb wrote and
 * nobody changed is replaced when configuration changed it; a file edited by hand (its
 * {@code wb-generated} line missing or not matching) is kept and reported, unless {@code --force}. A dry
 * run computes the same plan and writes nothing.
 */
public final class JudgeAgents {

    public static final String SCHEMA_PATH = ".workflow/judge/schemas/review.schema.json";

    private JudgeAgents() {}

    /** What happens to one file. */
    public enum FileAction {
        WRITTEN("written"),
        UPDATED("updated"),
        UNCHANGED("unchanged"),
        KEPT_EDITED("kept: edited by hand"),
        OVERWRITTEN("overwritten");

        private final String label;

        FileAction(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The action as JSON spells it: {@code written}, {@code kept-edited} … */
        public String id() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        public boolean writes() {
            return this == WRITTEN || this == UPDATED || this == OVERWRITTEN;
        }
    }

    /** One file: a target's agent file, or the schema ({@code target} empty). */
    public record FileResult(
            Optional<JudgeAgentTarget> target,
            String path,
            FileAction action,
            Optional<String> model,
            String content) {}

    /** Something the user should know that did not stop the command. */
    public record Warning(String message, String fix) {}

    /** What enable or disable did (or, in a dry run, would do). */
    public record Result(
            JudgeSwitch action,
            boolean dryRun,
            boolean enabled,
            boolean configChanged,
            List<FileResult> files,
            Optional<FileResult> schema,
            JudgeHookAction hook,
            Optional<String> hookCommand,
            String hookNote,
            Map<JudgeAgentTarget, Optional<String>> models,
            boolean piListed,
            List<Warning> warnings,
            SettingsIgnore.Action ignore) {

        /** The files that were (or would be) written. */
        public List<String> written() {
            List<String> paths = new ArrayList<>();
            files.stream().filter(f -> f.action().writes()).forEach(f -> paths.add(f.path()));
            schema.filter(f -> f.action().writes()).ifPresent(f -> paths.add(f.path()));
            return paths;
        }
    }

    // ------------------------------------------------------------------ enable

    /** {@code agents.judge.enabled} set to a value: the new root, the config it reads as, whether it changed. */
    private record ConfigChange(ObjectNode updated, JudgeAgentsConfig config, boolean changed) {
        static ConfigChange of(Workspace ws, BooleanNode enabled) {
            ObjectNode root = JudgeAgentsConfig.readRoot(ws);
            JudgeAgentsConfig.of(root);
            ObjectNode updated = JudgeAgentsConfig.with(root, JudgeAgentsConfig.ENABLED, enabled);
            return new ConfigChange(
                    updated,
                    JudgeAgentsConfig.of(updated),
                    !updated.equals(root) || !Files.exists(JudgeAgentsConfig.file(ws)));
        }
    }

    /** What enabling does to the guard hook: its action, the command it runs, the note shown, the settings to write. */
    private record HookPlan(JudgeHookAction action, Optional<String> command, String note, ObjectNode merged) {}

    public static Result enable(Workspace ws, boolean dryRun, boolean force, Optional<Path> launcher) {
        ConfigChange change = ConfigChange.of(ws, BooleanNode.TRUE);
        JudgeAgentsConfig config = change.config();
        List<Warning> warnings = new ArrayList<>();

        List<FileResult> files = new ArrayList<>();
        for (JudgeAgentTarget target : config.targets()) {
            files.add(AgentFiles.plan(ws, target, config.model(target), force, warnings));
        }
        FileResult schema = AgentFiles.planSchema(ws);
        HookPlan hook = planHook(ws, config, launcher, warnings);
        // The hook names this machine's wb: its settings file is kept out of git before it is written.
        SettingsIgnore.Action ignore =
                hook.command().isPresent() ? SettingsIgnore.planAdd(ws) : SettingsIgnore.Action.NONE;
        if (config.piListed()) {
            warnings.add(
                    new Warning(
                            "agents.judge.targets lists pi, which is skipped: " + JudgeAgentTarget.PI_NOT_SUPPORTED,
                            "run the judge from Claude Code, Copilot or Codex, or a separate session, for an independent review"));
        }

        if (!dryRun) {
            if (ignore == SettingsIgnore.Action.ADDED) {
                SettingsIgnore.add(ws);
            }
            if (change.changed()) {
                JudgeAgentsConfig.write(ws, change.updated());
            }
            for (FileResult file : files) {
                if (file.action().writes()) {
                    AgentFiles.write(ws, file.path(), file.content());
                }
            }
            if (schema.action().writes()) {
                AgentFiles.write(ws, schema.path(), schema.content());
            }
            if (hook.action() == JudgeHookAction.INSTALLED) {
                JudgeGuardHook.writeSettings(ws, hook.merged());
            }
        }
        return new Result(
                JudgeSwitch.ENABLE,
                dryRun,
                true,
                change.changed(),
                files,
                Optional.of(schema),
                hook.action(),
                hook.command(),
                hook.note(),
                models(config),
                config.piListed(),
                warnings,
                ignore);
    }

    // install returns the very same object when the entry is already there: identity is the test.
    @SuppressWarnings("ReferenceEquality")
    private static HookPlan planHook(
            Workspace ws, JudgeAgentsConfig config, Optional<Path> launcher, List<Warning> warnings) {
        if (!config.targets().contains(JudgeAgentTarget.CLAUDE)) {
            return new HookPlan(
                    JudgeHookAction.UNCHANGED,
                    Optional.empty(),
                    "not installed: claude is not among agents.judge.targets",
                    null);
        }
        if (launcher.isEmpty()) {
            warnings.add(new Warning(
                    "the Claude Code guard hook was not installed: wb does not know the path of its"
                            + " launcher (bin/wb)",
                    "run wb through bin/wb, or set " + JudgeGuardHook.LAUNCHER_ENV
                            + " to its absolute path, then run wb judge enable again"));
            return new HookPlan(
                    JudgeHookAction.UNCHANGED,
                    Optional.empty(),
                    "not installed: wb cannot tell where its launcher is",
                    null);
        }
        String command = JudgeGuardHook.command(launcher.get());
        ObjectNode settings = JudgeGuardHook.readSettings(ws);
        ObjectNode merged = JudgeGuardHook.install(settings, command);
        JudgeHookAction hook = merged == settings ? JudgeHookAction.UNCHANGED : JudgeHookAction.INSTALLED;
        String note = (hook == JudgeHookAction.INSTALLED ? "installed" : "already installed") + " in "
                + JudgeGuardHook.SETTINGS;
        return new HookPlan(hook, Optional.of(command), note, merged);
    }

    /**
     * Regenerates one target's file after its model changed ({@code wb config set}): only when the judge is
     * enabled and the target is among its targets; a file edited by hand is kept, with a warning.
     */
    public static Optional<FileResult> regenerate(Workspace ws, JudgeAgentTarget target, List<Warning> warnings) {
        JudgeAgentsConfig config = JudgeAgentsConfig.load(ws);
        if (!config.enabled() || !config.targets().contains(target)) {
            return Optional.empty();
        }
        FileResult file = AgentFiles.plan(ws, target, config.model(target), false, warnings);
        if (file.action().writes()) {
            AgentFiles.write(ws, file.path(), file.content());
        }
        return Optional.of(file);
    }

    // ------------------------------------------------------------------ disable

    /**
     * Sets {@code agents.judge.enabled: false}, removes wb's guard hook (and the settings file when the
     * hook was all it held) and then wb's rule that kept the file out of git; the agent files are kept.
     * An unusable settings file stops it with exit 3 and nothing written, unless {@code force}: then the
     * judge is disabled, the file is left as it is, and a warning says what to remove by hand.
     */
    public static Result disable(Workspace ws, boolean dryRun, boolean force) {
        ConfigChange change = ConfigChange.of(ws, BooleanNode.FALSE);
        JudgeAgentsConfig config = change.config();
        List<Warning> warnings = new ArrayList<>();
        HookRemoval hook = planRemoval(ws, force, warnings);
        SettingsIgnore.Action ignore = SettingsIgnore.planRemove(ws, hook.settingsStay());

        List<FileResult> kept = new ArrayList<>();
        for (JudgeAgentTarget target : JudgeAgentTarget.values()) {
            Path file = ws.root().resolve(target.path());
            if (JudgeAgentTemplates.state(file) != JudgeAgentTemplates.FileState.ABSENT) {
                kept.add(new FileResult(
                        Optional.of(target), target.path(), FileAction.UNCHANGED, config.model(target), ""));
            }
        }
        if (!dryRun) {
            if (change.changed()) {
                JudgeAgentsConfig.write(ws, change.updated());
            }
            if (hook.action() == JudgeHookAction.REMOVED && hook.settingsStay()) {
                JudgeGuardHook.writeSettings(ws, hook.without());
            } else if (hook.action() == JudgeHookAction.REMOVED) {
                JudgeGuardHook.deleteSettings(ws);
            }
            if (ignore == SettingsIgnore.Action.REMOVED) {
                SettingsIgnore.remove(ws);
            }
        }
        return new Result(
                JudgeSwitch.DISABLE,
                dryRun,
                false,
                change.changed(),
                kept,
                Optional.empty(),
                hook.action(),
                hook.removedCommand(),
                hook.note(),
                models(config),
                config.piListed(),
                warnings,
                ignore);
    }

    /**
     * What disabling does to the guard hook: its action, the settings without it, the command it ran,
     * the note shown, and whether the settings file stays.
     */
    private record HookRemoval(
            JudgeHookAction action,
            ObjectNode without,
            Optional<String> removedCommand,
            String note,
            boolean settingsStay) {}

    private static HookRemoval planRemoval(Workspace ws, boolean force, List<Warning> warnings) {
        if (!Files.exists(JudgeGuardHook.settingsFile(ws), LinkOption.NOFOLLOW_LINKS)) {
            return new HookRemoval(JudgeHookAction.UNCHANGED, null, Optional.empty(), "not installed", false);
        }
        try {
            ObjectNode settings = JudgeGuardHook.readSettings(ws);
            Optional<String> removedCommand = JudgeGuardHook.first(settings);
            ObjectNode without = JudgeGuardHook.without(settings);
            JudgeHookAction hook = without.equals(settings) ? JudgeHookAction.UNCHANGED : JudgeHookAction.REMOVED;
            boolean settingsStay = hook == JudgeHookAction.UNCHANGED || !without.isEmpty();
            String note = hook == JudgeHookAction.REMOVED
                    ? "removed from " + JudgeGuardHook.SETTINGS
                            + (settingsStay ? "" : ", which held nothing else and is deleted")
                    : "not installed";
            return new HookRemoval(hook, without, removedCommand, note, settingsStay);
        } catch (Failure unusable) {
            if (!force) {
                throw unusable;
            }
            warnings.add(new Warning(
                    "the judge is disabled, but " + JudgeGuardHook.SETTINGS + " could not be"
                            + " read, so wb's guard hook in it (if any) is still there: " + unusable.getMessage(),
                    "remove the PreToolUse entry that runs \"… judge guard\" from " + JudgeGuardHook.SETTINGS
                            + " by hand"));
            return new HookRemoval(
                    JudgeHookAction.UNCHANGED, null, Optional.empty(), "left in place: " + unusable.getMessage(), true);
        }
    }

    // ------------------------------------------------------------------ the event

    /** {@code judge.agents.configured} (docs/EVENTS.md): action, files written, hook, model per target. */
    public static JudgeAgentsConfigured event(Result result) {
        Map<String, Optional<String>> models = new LinkedHashMap<>();
        result.models().forEach((target, model) -> models.put(target.id(), model));
        return new JudgeAgentsConfigured(result.action(), result.written(), result.hook(), models);
    }

    /** Records the event in the workspace's stream. */
    public static EventEnvelope record(Session session, Result result) {
        return new EventService(session)
                .record(StreamId.workspace(), event(result))
                .get(0);
    }

    // ------------------------------------------------------------------ helpers

    private static Map<JudgeAgentTarget, Optional<String>> models(JudgeAgentsConfig config) {
        Map<JudgeAgentTarget, Optional<String>> models = new LinkedHashMap<>();
        for (JudgeAgentTarget target : config.targets()) {
            models.put(target, config.model(target));
        }
        return models;
    }
}
