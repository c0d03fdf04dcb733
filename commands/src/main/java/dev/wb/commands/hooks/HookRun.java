package dev.wb.commands.hooks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.HookHost;
import dev.wb.commands.git.Repositories;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.git.GitRepository;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code wb hooks run HOST post-edit|stop}: what the hook entries {@link AgentHooks} writes run. Reads the
 * host's event (JSON on stdin), finds the task ({@value #TASK_ENV}, else the current branch
 * {@code task/KEY}; neither: nothing to do), runs {@code wb impl check KEY} after an edit or
 * {@code wb impl verify KEY} before a stop, and answers in the host's own protocol:
 *
 * <ul>
 *   <li>Claude Code (https://code.claude.com/docs/en/hooks "Exit code 2 behavior"): exit 2 with the
 *       reason on stderr. For PostToolUse the edit has happened and stderr is shown to Claude; for Stop it
 *       keeps Claude working with stderr as the reason. A Stop event with {@code stop_hook_active: true}
 *       (Claude is already continuing because of a stop hook) is let through at once, so a check that keeps
 *       failing cannot hold the agent in a loop.
 *   <li>Codex (https://developers.openai.com/codex/hooks): the same contract: PostToolUse exit 2 with
 *       stderr is feedback for the model; Stop exit 2 with stderr is the continuation prompt; the Stop
 *       event carries {@code stop_hook_active} too.
 *   <li>GitHub Copilot (https://docs.github.com/en/copilot/reference/hooks-reference): {@code agentStop}
 *       blocks with {@code {"decision": "block", "reason": …}} on stdout and exit 0, the reason becoming the
 *       next prompt. {@code postToolUse}'s output is not read by the agent: the deviation goes to stderr
 *       with exit 2, which Copilot logs as a hook warning for the person.
 * </ul>
 *
 * Anything else (no plan yet, no passing audit, an unusable event) is a non-blocking error, exit 1 with
 * the reason on stderr: every host then goes on and shows it to the person, not to the agent.
 */
public final class HookRun {

    /** Names the task outright, for a session whose branch is not {@code task/KEY}. */
    public static final String TASK_ENV = "WB_TASK";

    /** Task branches (docs/GIT.md). */
    public static final String BRANCH_PREFIX = "task/";

    /** Copilot runs postToolUse after every tool, with no matcher: these are the ones that edit files. */
    static final Set<String> COPILOT_EDIT_TOOLS =
            Set.of("edit", "create", "write", "str_replace", "str_replace_editor", "apply_patch", "multi_edit");

    /** The two moments a hook runs at. */
    public enum Phase {
        POST_EDIT("post-edit", "check"),
        STOP("stop", "verify");

        private final String id;
        private final String implCommand;

        Phase(String id, String implCommand) {
            this.id = id;
            this.implCommand = implCommand;
        }

        public String id() {
            return id;
        }

        public static Optional<Phase> of(String id) {
            for (Phase phase : values()) {
                if (phase.id.equals(id.trim().toLowerCase(Locale.ROOT))) {
                    return Optional.of(phase);
                }
            }
            return Optional.empty();
        }
    }

    /** Runs a wb command line in a folder, in-process: its exit code and both streams. */
    public interface Wb {
        Outcome run(Path cwd, String... args);
    }

    public record Outcome(int code, String out, String err) {}

    /** What the hook process answers: its exit code, stdout and stderr. */
    public record Answer(int code, String out, String err) {
        static Answer quiet() {
            return new Answer(0, "", "");
        }

        static Answer nonBlocking(String message) {
            return new Answer(1, "", message);
        }
    }

    private HookRun() {}

    public static Answer answer(
            HookHost host, Phase phase, byte[] input, Path processCwd, Map<String, String> env, Wb wb) {
        JsonNode event;
        try {
            event = input.length == 0 ? CanonicalJson.objectNode() : CanonicalJson.parse(input);
        } catch (RuntimeException e) {
            return Answer.nonBlocking(
                    "wb hooks run: the hook event on stdin is not JSON (" + e.getMessage() + "); nothing was checked");
        }
        if (event == null || !event.isObject()) {
            return Answer.nonBlocking(
                    "wb hooks run: the hook event on stdin is not a JSON object; nothing was checked");
        }
        if (passes(host, phase, event)) {
            return Answer.quiet();
        }
        Path cwd = processCwd;
        JsonNode eventCwd = event.get("cwd");
        if (eventCwd != null && eventCwd.isTextual() && !eventCwd.textValue().isBlank()) {
            cwd = processCwd.resolve(eventCwd.textValue());
        }
        Optional<Workspace> ws = Workspace.locate(cwd);
        if (ws.isEmpty()) {
            return Answer.quiet();
        }
        Optional<TaskKey> task;
        String named = env.getOrDefault(TASK_ENV, "").strip();
        if (!named.isEmpty()) {
            task = TaskKey.parse(named);
            if (task.isEmpty()) {
                return Answer.nonBlocking("wb hooks run: " + TASK_ENV + "=" + named
                        + " is not a task key (like ABC-12); nothing was checked");
            }
        } else {
            task = branchTask(ws.get(), env);
        }
        if (task.isEmpty()) {
            return Answer.quiet();
        }
        String key = task.get().value();
        String command = "wb impl " + phase.implCommand + " " + key;
        Outcome outcome = wb.run(ws.get().root(), "impl", phase.implCommand, key);
        if (outcome.code() == 0) {
            return Answer.quiet();
        }
        String output = (outcome.out() + outcome.err()).strip();
        if (outcome.code() != 7) {
            return Answer.nonBlocking("wb hooks run: " + command + " could not " + phase.implCommand + " (exit "
                    + outcome.code() + "):\n" + output);
        }
        return blocking(host, phase, command, output);
    }

    /** Whether the event passes unchecked: a stop the hook already held once, a Copilot tool that edits nothing. */
    private static boolean passes(HookHost host, Phase phase, JsonNode event) {
        if (phase == Phase.STOP
                && (event.path("stop_hook_active").asBoolean(false)
                        || event.path("stopHookActive").asBoolean(false))) {
            return true;
        }
        return host == HookHost.COPILOT
                && phase == Phase.POST_EDIT
                && event.path("toolName").isTextual()
                && !COPILOT_EDIT_TOOLS.contains(event.get("toolName").asText().toLowerCase(Locale.ROOT));
    }

    /** The answer that holds the agent back after COMMAND reported a deviation or a failed verification. */
    private static Answer blocking(HookHost host, Phase phase, String command, String output) {
        String reason = (phase == Phase.POST_EDIT
                        ? "wb: this change has left the task's audited plan (" + command + " reports a deviation)."
                                + " Undo the stray change, or stop and have the plan amended and audited again.\n"
                        : "wb: the task's verification did not pass (" + command + "). Fix what failed, then stop"
                                + " again.\n")
                + output;
        if (host == HookHost.COPILOT && phase == Phase.STOP) {
            ObjectNode block = CanonicalJson.objectNode();
            block.put("decision", "block");
            block.put("reason", reason);
            return new Answer(0, CanonicalJson.text(block, false) + "\n", "");
        }
        return new Answer(2, "", reason + "\n");
    }

    /** The task of the current branch {@code task/KEY}, if that is the branch. */
    static Optional<TaskKey> branchTask(Workspace ws, Map<String, String> env) {
        try (GitRepository git = Repositories.open(ws, env)) {
            return git.currentBranch()
                    .filter(b -> b.startsWith(BRANCH_PREFIX))
                    .flatMap(b -> TaskKey.parse(b.substring(BRANCH_PREFIX.length())));
        } catch (RuntimeException e) {
            // No readable branch (a detached head, a broken repository): no task to check.
            return Optional.empty();
        }
    }
}
