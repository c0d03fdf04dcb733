package dev.wb.commands.judge.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.config.SettingsObject;
import dev.wb.commands.judge.core.ShellQuote;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Claude Code guard: a {@code PreToolUse} hook in {@code .claude/settings.local.json} (the
 * per-developer settings file, since the command pins this machine's path to wb) that refuses Edit,
 * Write, MultiEdit and NotebookEdit while a validation run holds the workspace's run lock, and tells the
 * agent why. Other hosts, shell writes and people's edits are caught by the run's after-check instead.
 * This class writes and reads wb's entry there; what the hook answers is {@link JudgeGuard}, and the
 * launcher its command pins is found by {@link WbLauncher}.
 *
 * <p>The entry wb installs:
 *
 * <pre>{"hooks": {"PreToolUse": [{"matcher": "Edit|Write|MultiEdit|NotebookEdit",
 *                                "hooks": [{"type": "command", "command": "\"/…/bin/wb\" judge guard"}]}]}}</pre>
 *
 * <p>wb's entry is recognised by its command alone (a launcher named {@code wb}, then {@code judge guard}),
 * so installing replaces an entry that names an older launcher, and removing takes out wb's entries and
 * nothing else.
 *
 * <p>The hook contract (Claude Code hooks reference, https://code.claude.com/docs/en/hooks, "Exit code 2
 * behavior" and "PreToolUse decision control"): the hook gets the event as JSON on stdin ({@code tool_name},
 * {@code tool_input}, {@code cwd} …); exit 0 lets the call proceed; exit 2 is a blocking error: for
 * PreToolUse it blocks the tool call, stdout is ignored and stderr is fed back to Claude as the reason.
 * Any other exit code is a non-blocking error shown to the user, and the tool call goes ahead. (The JSON
 * form, {@code hookSpecificOutput.permissionDecision: "deny"} with exit 0, would do the same; wb uses the
 * exit code, the form every Claude Code version with hooks reads.)
 */
public final class JudgeGuardHook {

    public static final String MATCHER = "Edit|Write|MultiEdit|NotebookEdit";

    /** The variable naming the launcher ({@link WbLauncher}), for messages that tell the user to set it. */
    public static final String LAUNCHER_ENV = WbLauncher.ENV;

    public static final String SETTINGS = ".claude/settings.local.json";

    /** {@code "…/wb" judge guard}, {@code '…/wb' judge guard} or {@code …/wb judge guard}. */
    private static final Pattern OURS = Pattern.compile("(\"([^\"]*)\"|'((?:[^']|'\\\\'')*)'|(\\S+)) judge guard");

    private JudgeGuardHook() {}

    /** The hook's command: the launcher, quoted for the shell Claude Code runs it with, then {@code judge guard}. */
    public static String command(Path launcher) {
        return ShellQuote.quote(launcher.toString()) + " judge guard";
    }

    // ---------------------------------------------------------------- settings.local.json

    public static Path settingsFile(Workspace ws) {
        return ws.root().resolve(SETTINGS);
    }

    /** The settings file's object, or an empty one when there is none; exit 3 when it is not a JSON object. */
    public static ObjectNode readSettings(Workspace ws) {
        Path file = settingsFile(ws);
        if (Files.isSymbolicLink(file)) {
            throw unusable(file, "is a symbolic link; wb merges into a regular file only");
        }
        ObjectNode root = SettingsObject.read(ws, file, what -> unusable(file, what));
        JsonNode hooks = root.get("hooks");
        JsonNode pre = hooks == null ? null : hooks.get("PreToolUse");
        if (pre != null && !pre.isArray()) {
            throw unusable(file, "has a \"hooks.PreToolUse\" that is not an array");
        }
        return root;
    }

    public static void writeSettings(Workspace ws, ObjectNode settings) {
        Path file = settingsFile(ws);
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, JudgeAgentsConfig.pretty(settings).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + SETTINGS + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }

    /** Deletes the settings file, once wb's hook was all it held. */
    public static void deleteSettings(Workspace ws) {
        Path file = settingsFile(ws);
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot delete " + SETTINGS + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }

    /** The commands of wb's guard entries in the settings (normally none or one). */
    public static List<String> installed(ObjectNode settings) {
        List<String> found = new ArrayList<>();
        for (JsonNode group : preToolUse(settings)) {
            for (JsonNode hook : group.path("hooks")) {
                if (ours(hook)) {
                    found.add(hook.get("command").textValue());
                }
            }
        }
        return found;
    }

    /** Whether the settings hold exactly this entry: this command, under wb's matcher. */
    public static boolean current(ObjectNode settings, String command) {
        int ours = 0;
        boolean exact = false;
        for (JsonNode group : preToolUse(settings)) {
            for (JsonNode hook : group.path("hooks")) {
                if (ours(hook)) {
                    ours++;
                    exact |= hook.get("command").textValue().equals(command)
                            && MATCHER.equals(group.path("matcher").asText(null));
                }
            }
        }
        return ours == 1 && exact;
    }

    /**
     * The settings with wb's guard entry for this command, and no other wb entry; every other setting, hook
     * and group kept as it was. Returns the same object (unchanged) when the entry is already there.
     */
    public static ObjectNode install(ObjectNode settings, String command) {
        if (current(settings, command)) {
            return settings;
        }
        ObjectNode merged = without(settings);
        ObjectNode hooks = merged.has("hooks") ? (ObjectNode) merged.get("hooks") : merged.putObject("hooks");
        ArrayNode pre = hooks.has("PreToolUse") ? (ArrayNode) hooks.get("PreToolUse") : hooks.putArray("PreToolUse");
        ObjectNode group = pre.addObject();
        group.put("matcher", MATCHER);
        ObjectNode hook = group.putArray("hooks").addObject();
        hook.put("type", "command");
        hook.put("command", command);
        return merged;
    }

    /**
     * The settings without wb's guard entries: a group left with no hook goes, and so do a
     * {@code PreToolUse} and a {@code hooks} left empty by that. Everything else stays.
     */
    public static ObjectNode without(ObjectNode settings) {
        ObjectNode copy = settings.deepCopy();
        JsonNode hooksNode = copy.get("hooks");
        if (hooksNode == null || !hooksNode.isObject()) {
            return copy;
        }
        ObjectNode hooks = (ObjectNode) hooksNode;
        JsonNode preNode = hooks.get("PreToolUse");
        if (preNode == null || !preNode.isArray()) {
            return copy;
        }
        ArrayNode pre = (ArrayNode) preNode;
        boolean removedAny = false;
        for (int g = pre.size() - 1; g >= 0; g--) {
            JsonNode group = pre.get(g);
            JsonNode list = group.get("hooks");
            if (list == null || !list.isArray()) {
                continue;
            }
            ArrayNode inner = (ArrayNode) list;
            boolean removedHere = false;
            for (int h = inner.size() - 1; h >= 0; h--) {
                if (ours(inner.get(h))) {
                    inner.remove(h);
                    removedHere = true;
                }
            }
            if (removedHere && inner.isEmpty()) {
                pre.remove(g);
            }
            removedAny |= removedHere;
        }
        if (removedAny && pre.isEmpty()) {
            hooks.remove("PreToolUse");
            if (hooks.isEmpty()) {
                copy.remove("hooks");
            }
        }
        return copy;
    }

    private static Iterable<JsonNode> preToolUse(ObjectNode settings) {
        JsonNode pre = settings.path("hooks").path("PreToolUse");
        List<JsonNode> groups = new ArrayList<>();
        if (pre.isArray()) {
            pre.forEach(g -> {
                if (g.isObject()) {
                    groups.add(g);
                }
            });
        }
        return groups;
    }

    /** wb's entry: a command hook running a launcher named {@code wb} with {@code judge guard}. */
    static boolean ours(JsonNode hook) {
        if (!hook.isObject()
                || !"command".equals(hook.path("type").asText(null))
                || !hook.path("command").isTextual()) {
            return false;
        }
        Matcher m = OURS.matcher(hook.get("command").textValue().strip());
        if (!m.matches()) {
            return false;
        }
        String path = m.group(2) != null
                ? m.group(2)
                : m.group(3) != null ? m.group(3).replace("'\\''", "'") : m.group(4);
        return path.equals("wb") || path.endsWith("/wb");
    }

    private static Failure unusable(Path file, String what) {
        return new Failure(
                Failure.Kind.CONFIG,
                SETTINGS + " " + what,
                List.of("fix " + file + " by hand (Claude Code reads it as a JSON object), then run this again"));
    }

    /** For the status line: the command of the first wb guard entry. */
    public static Optional<String> first(ObjectNode settings) {
        Iterator<String> it = installed(settings).iterator();
        return it.hasNext() ? Optional.of(it.next()) : Optional.empty();
    }
}
