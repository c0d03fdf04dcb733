package dev.wb.commands.judge.agents;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.judge.lock.RunLock;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * {@code wb judge guard}, the hook {@link JudgeGuardHook} installs: decides one Claude Code
 * PreToolUse event, refusing an edit tool while a validation run holds the run lock of the workspace
 * the edit would touch (the hook contract is described on {@link JudgeGuardHook}).
 */
public final class JudgeGuard {

    /** The tools the guard refuses while a run holds the lock. */
    public static final Set<String> EDIT_TOOLS = Set.of("Edit", "Write", "MultiEdit", "NotebookEdit");

    private JudgeGuard() {}

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
}
