package dev.wb.commands.judge.agents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Failure;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.judge.core.ShellQuote;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Claude Code guard: a {@code PreToolUse} hook in {@code .claude/settings.local.json} (the
 * per-developer settings file, since the command pins this machine's path to wb) that refuses Edit,
 * Write, MultiEdit and NotebookEdit while a validation run holds the workspace's run lock, and tells the
 * agent why. Other hosts, shell writes and people's edits are caught by the run's after-check instead.
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

    /** The tools the guard refuses while a run holds the lock. */
    public static final Set<String> EDIT_TOOLS = Set.of("Edit", "Write", "MultiEdit", "NotebookEdit");

    /** The launcher's path, when the launcher passes it: {@code bin/wb} exports it, or sets the property. */
    public static final String LAUNCHER_ENV = "WB_LAUNCHER";

    public static final String LAUNCHER_PROPERTY = "wb.launcher";

    public static final String SETTINGS = ".claude/settings.local.json";

    /** {@code "…/wb" judge guard}, {@code '…/wb' judge guard} or {@code …/wb judge guard}. */
    private static final Pattern OURS = Pattern.compile("(\"([^\"]*)\"|'((?:[^']|'\\\\'')*)'|(\\S+)) judge guard");

    private JudgeGuardHook() {}

    // ---------------------------------------------------------------- the launcher

    /**
     * This installation's launcher, {@code bin/wb}: {@value #LAUNCHER_ENV} or the {@value #LAUNCHER_PROPERTY}
     * property when the launcher sets one, else the launcher of the installation whose jar this JVM runs
     * ({@code java -jar <home>/cli/target/wb.jar}, as bin/wb starts it → {@code <home>/bin/wb}). Empty when none of them names an
     * existing file.
     */
    public static Optional<Path> launcher(Map<String, String> env) {
        List<String> candidates = new ArrayList<>();
        Optional.ofNullable(env.get(LAUNCHER_ENV)).ifPresent(candidates::add);
        Optional.ofNullable(System.getProperty(LAUNCHER_PROPERTY)).ifPresent(candidates::add);
        besideJar().ifPresent(p -> candidates.add(p.toString()));
        for (String candidate : candidates) {
            if (candidate.isBlank()) {
                continue;
            }
            Path path = Path.of(candidate).toAbsolutePath().normalize();
            if (Files.isRegularFile(path)) {
                return Optional.of(path);
            }
        }
        return Optional.empty();
    }

    /** {@code java -jar <home>/cli/target/wb.jar}, as bin/wb runs it: the class path is that one jar. */
    private static Optional<Path> besideJar() {
        try {
            String classPath = System.getProperty("java.class.path", "");
            if (classPath.isEmpty() || classPath.contains(java.io.File.pathSeparator)) {
                return Optional.empty();
            }
            Path jar = Path.of(classPath).toAbsolutePath().normalize();
            Path target = jar.getParent();
            if (!jar.getFileName().toString().equals("wb.jar")
                    || target == null
                    || !target.getFileName().toString().equals("target")
                    || target.getParent() == null
                    || !target.getParent().getFileName().toString().equals("cli")
                    || target.getParent().getParent() == null) {
                return Optional.empty();
            }
            return Optional.of(target.getParent().getParent().resolve("bin").resolve("wb"));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

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
        byte[] bytes;
        try {
            if (Files.isSymbolicLink(file)) {
                throw unusable(file, "is a symbolic link; wb merges into a regular file only");
            }
            Optional<InputFiles.Content> content = InputFiles.read(ws.root(), file, InputFiles.Kind.CONFIG);
            if (content.isEmpty()) {
                return CanonicalJson.objectNode();
            }
            bytes = content.get().textBytes();
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.CONFIG);
        }
        JsonNode root;
        try {
            root = bytes.length == 0 ? CanonicalJson.objectNode() : CanonicalJson.parse(bytes);
        } catch (RuntimeException e) {
            throw unusable(file, "is not JSON: " + e.getMessage());
        }
        if (root == null || !root.isObject()) {
            throw unusable(file, "is not a JSON object");
        }
        JsonNode hooks = root.get("hooks");
        if (hooks != null && !hooks.isObject()) {
            throw unusable(file, "has a \"hooks\" that is not an object");
        }
        JsonNode pre = hooks == null ? null : hooks.get("PreToolUse");
        if (pre != null && !pre.isArray()) {
            throw unusable(file, "has a \"hooks.PreToolUse\" that is not an array");
        }
        return (ObjectNode) root;
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

    // ---------------------------------------------------------------- the guard

    /** What the guard answers: let the call go, refuse it (with the reason for the agent), or an unusable event. */
    public record Decision(Kind kind, String message) {
        public enum Kind {
            ALLOW,
            DENY,
            MALFORMED
        }

        static Decision allow() {
            return new Decision(Kind.ALLOW, "");
        }
    }

    /**
     * Decides a PreToolUse event: an edit tool, in a workspace whose run lock is held by a live run (the
     * event's {@code cwd}, and the repository of the file it would edit), is refused; everything else is
     * allowed.
     *
     * @param processCwd where the hook runs, for an event without {@code cwd}
     * @param holder the live holder of a workspace's lock ({@link RunLock#current} outside tests)
     */
    public static Decision decide(byte[] event, Path processCwd, Function<Workspace, Optional<RunLock.Holder>> holder) {
        JsonNode doc;
        try {
            doc = CanonicalJson.parse(event);
        } catch (RuntimeException e) {
            return new Decision(
                    Decision.Kind.MALFORMED,
                    "wb judge guard: the hook event on stdin is not JSON (" + e.getMessage()
                            + "); the tool call was not checked");
        }
        if (doc == null || !doc.isObject()) {
            return new Decision(
                    Decision.Kind.MALFORMED,
                    "wb judge guard: the hook event on stdin is not a JSON object;" + " the tool call was not checked");
        }
        String tool = doc.path("tool_name").asText("");
        if (!EDIT_TOOLS.contains(tool)) {
            return Decision.allow();
        }
        Path cwd = processCwd;
        JsonNode eventCwd = doc.get("cwd");
        if (eventCwd != null && eventCwd.isTextual() && !eventCwd.textValue().isBlank()) {
            cwd = processCwd.resolve(eventCwd.textValue());
        }
        Set<Workspace> workspaces = new LinkedHashSet<>();
        Workspace.locate(cwd).ifPresent(workspaces::add);
        JsonNode input = doc.path("tool_input");
        for (String field : List.of("file_path", "notebook_path")) {
            JsonNode path = input.get(field);
            if (path != null && path.isTextual() && !path.textValue().isBlank()) {
                Path file = cwd.resolve(path.textValue()).normalize();
                Path dir = file.getParent();
                while (dir != null && !Files.isDirectory(dir)) {
                    dir = dir.getParent();
                }
                if (dir != null) {
                    Workspace.locate(dir).ifPresent(workspaces::add);
                }
            }
        }
        for (Workspace ws : workspaces) {
            Optional<RunLock.Holder> run = holder.apply(ws);
            if (run.isPresent()) {
                return new Decision(Decision.Kind.DENY, reason(tool, ws, run.get()));
            }
        }
        return Decision.allow();
    }

    static String reason(String tool, Workspace ws, RunLock.Holder holder) {
        return "wb judge guard: " + tool + " is refused while a judge validation run is in progress in " + ws.root()
                + " (" + holder.describe() + "). The run compares the working tree with its snapshot before, during"
                + " and after every command, so an edit now would invalidate it. Do not edit files until the run"
                + " ends: wait for it (wb status shows it while it runs), then retry this edit. If no run is going"
                + " on, a person can check the lock " + ws.root().relativize(RunLock.lockFile(ws)) + ".";
    }

    /** The guard's decision for one event, against the live locks. */
    public static Decision decide(byte[] event, Path processCwd) {
        return decide(event, processCwd, RunLock::current);
    }

    /** For the status line: the command of the first wb guard entry. */
    public static Optional<String> first(ObjectNode settings) {
        Iterator<String> it = installed(settings).iterator();
        return it.hasNext() ? Optional.of(it.next()) : Optional.empty();
    }
}
