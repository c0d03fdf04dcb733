package dev.wb.cli.hooks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.base.Splitter;
import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.AgentSkill;
import dev.wb.commands.config.HookHost;
import dev.wb.commands.hooks.AgentHooks;
import dev.wb.commands.hooks.HookEntries.Entry;
import dev.wb.commands.hooks.HostSkills;
import dev.wb.commands.judge.agents.SettingsIgnore;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb hooks install HOST} and {@code wb hooks uninstall HOST}. */
public final class HooksInstallCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("written (or already so)"),
            Exit.USAGE.as("no such host"),
            Exit.CONFIG.as("the host's settings file is unusable (not a JSON object, a symbolic link…)"));

    private final boolean installing;
    String host;

    private HooksInstallCmd(WbCommand root, boolean installing) {
        super(root, EXITS);
        this.installing = installing;
    }

    public static CommandSpec install(WbCommand root) {
        HooksInstallCmd cmd = new HooksInstallCmd(root, true);
        CommandSpec spec = cmd.command(
                "install",
                "Write wb's hooks into the host's own settings: after an edit wb impl check of the task, before the"
                        + " agent stops wb impl verify (and, for Claude Code while the judge is enabled, the judge's"
                        + " guard). Claude Code: .claude/settings.local.json (kept out of git); Codex:"
                        + " .codex/hooks.json; Copilot: .github/hooks/wb.json. The entries run wb from PATH;"
                        + " everything else in the file is kept.",
                "The task is WB_TASK, else the current branch task/KEY; with neither the hooks do nothing."
                        + " docs/HOOKS.md lists the exact entries.",
                "");
        spec.addPositional(Specs.positional("HOST", "1", HostArg.LIST, value -> cmd.host = value));
        return Specs.withJson(root, spec);
    }

    public static CommandSpec uninstall(WbCommand root) {
        HooksInstallCmd cmd = new HooksInstallCmd(root, false);
        CommandSpec spec = cmd.command(
                "uninstall",
                "Remove wb's hooks from the host's settings, and nothing else; the file is deleted only when"
                        + " nothing else is left in it.");
        spec.addPositional(Specs.positional("HOST", "1", HostArg.LIST, value -> cmd.host = value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        HookHost target = HostArg.parse(host);
        Workspace ws = Workspace.require(root.context().cwd());
        // The skills first: a team's own file where a skill goes stops the install before any hook is written.
        HostSkills.Result skills = installing ? HostSkills.install(ws, target) : HostSkills.uninstall(ws, target);
        AgentHooks.Result result = installing ? AgentHooks.install(ws, target) : AgentHooks.uninstall(ws, target);
        EventEnvelope event;
        try (Session session = root.context().session()) {
            event = AgentHooks.record(session, installing, result);
        }
        Console console = root.context().console();
        boolean onPath = onPath();
        if (installing && !onPath) {
            console.warning(
                    "wb is not on PATH here; " + target.host() + " runs the hooks as \"wb hooks run …\", which fail"
                            + " (command not found) until it is",
                    "put the directory holding bin/wb on PATH (docs/INSTALL.md), then check: command -v wb");
        }
        if (root.json()) {
            ObjectNode doc = json(result, onPath);
            ObjectNode skillsDoc = doc.putObject("skills");
            skillsDoc.put("action", skills.action().wireName());
            skills.paths().forEach(skillsDoc.putArray("files")::add);
            doc.put("event", event.eventId());
            console.json(doc);
            return Exit.OK;
        }
        hookLines(console, target, result, ws);
        skillLines(console, target, skills);
        console.line("recorded as event " + event.version() + " of the workspace");
        return Exit.OK;
    }

    /** What happened to the hooks: in which file, each hook, the judge's guard, and the rule keeping it out of git. */
    private static void hookLines(Console console, HookHost target, AgentHooks.Result result, Workspace ws) {
        String file = target.path();
        String what = switch (result.action()) {
            case INSTALLED -> "installed in " + file;
            case UPDATED -> "updated in " + file;
            case UNCHANGED -> "already installed in " + file;
            case REMOVED ->
                "removed from " + file + (result.deleted() ? ", which held nothing else and is deleted" : "");
            case ABSENT -> "not installed (" + file + " holds no wb hook)";
        };
        console.line(target.id() + ": " + what);
        for (Entry e : result.entries()) {
            console.line("  "
                    + Columns.left(
                            e.event() + e.matcher().map(m -> " [" + m + "]").orElse(""), 48) + e.command());
        }
        switch (result.guard()) {
            case ADDED ->
                console.line("  judge guard added: PreToolUse [" + AgentHooks.CLAUDE_EDIT_TOOLS + "]  "
                        + AgentHooks.GUARD_COMMAND + " (the judge is enabled)");
            case PRESENT -> console.line("  judge guard: already there");
            case KEPT -> console.line("  judge guard kept: the judge is enabled (wb judge disable removes it)");
            case REMOVED -> console.line("  judge guard removed (the judge is not enabled)");
            case NONE -> {}
        }
        if (result.ignore() == SettingsIgnore.Action.ADDED) {
            console.line("  kept out of git: " + SettingsIgnore.RULE + " in " + SettingsIgnore.display(ws));
        } else if (result.ignore() == SettingsIgnore.Action.REMOVED) {
            console.line("  wb's rule " + SettingsIgnore.RULE + " removed from " + SettingsIgnore.display(ws));
        }
    }

    /** What happened to the skills (docs/AGENTS.md): Codex and Copilot only; Claude Code's come with its plugin. */
    private static void skillLines(Console console, HookHost target, HostSkills.Result skills) {
        String where = target == HookHost.CODEX ? AgentSkill.CODEX_FOLDER + "*/SKILL.md" : AgentSkill.COPILOT_FILE;
        switch (skills.action()) {
            case INSTALLED ->
                console.line(
                        "  skills written: " + where + " (" + skills.paths().size() + " file(s))");
            case UPDATED -> console.line("  skills updated: " + where);
            case UNCHANGED -> console.line("  skills: already in " + where);
            case REMOVED -> console.line("  skills removed: " + skills.paths().size() + " file(s) of " + where);
            case ABSENT -> {}
        }
    }

    private static ObjectNode json(AgentHooks.Result result, boolean onPath) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("host", result.host().id());
        doc.put("file", result.host().path());
        doc.put("action", result.action().wireName());
        doc.set("entries", entries(result.entries()));
        doc.put("guard", result.guard().wireName());
        doc.put("ignore", result.ignore().id());
        doc.put("deleted", result.deleted());
        doc.put("wbOnPath", onPath);
        return doc;
    }

    static ArrayNode entries(List<Entry> entries) {
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        for (Entry e : entries) {
            ObjectNode item = list.addObject();
            item.put("event", e.event());
            e.matcher().ifPresent(m -> item.put("matcher", m));
            item.put("command", e.command());
            item.put("timeout", e.timeoutSeconds());
        }
        return list;
    }

    /**
     * Whether an executable named wb is on the run's PATH, where the host will look for it too; a relative
     * entry is taken from the run's folder, as the caller's shell takes it (never the JVM's: a warm
     * server's is {@code /}).
     */
    private boolean onPath() {
        String path = root.context().env().getOrDefault("PATH", "");
        for (String dir : Splitter.on(File.pathSeparatorChar).split(path)) {
            try {
                if (!dir.isEmpty()
                        && Files.isExecutable(root.context().cwd().resolve(dir).resolve("wb"))) {
                    return true;
                }
            } catch (InvalidPathException e) {
                // not a directory name: the shell would not find wb there either
            }
        }
        return false;
    }
}
