package dev.wb.commands.hooks;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Failure;
import dev.wb.commands.Session;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.HookHost;
import dev.wb.commands.config.JudgeAgentsConfig;
import dev.wb.commands.hooks.HookEntries.Entry;
import dev.wb.commands.judge.agents.JudgeGuardHook;
import dev.wb.commands.judge.agents.SettingsIgnore;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.projections.events.HookGuard;
import dev.wb.projections.events.HooksAction;
import dev.wb.projections.events.HooksConfigured;
import dev.wb.projections.events.InstallResult;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code wb hooks install|uninstall|status HOST}: wb's checks in an agent host's own hook settings
 * (docs/HOOKS.md). After an edit the host runs {@code wb hooks run HOST post-edit} ({@code wb impl check}
 * of the task), before it stops {@code wb hooks run HOST stop} ({@code wb impl verify}); for Claude Code,
 * while the judge is enabled, the judge's guard too ({@code wb judge guard}). Every command names
 * {@code wb} as found on PATH, never a path into one clone. Installing merges into the file, keeping
 * everything else in it; uninstalling takes out wb's entries and nothing else, and deletes the file only
 * when nothing else is left in it.
 */
public final class AgentHooks {

    /** The judge's guard as {@code wb hooks install} writes it: wb from PATH. */
    public static final String GUARD_COMMAND = "wb judge guard";

    /** Claude Code's file-editing tools (https://code.claude.com/docs/en/hooks "PostToolUse"). */
    public static final String CLAUDE_EDIT_TOOLS = "Edit|Write|MultiEdit|NotebookEdit";

    /** Codex's file-editing tool is apply_patch; Edit and Write are its aliases for Claude-style matchers. */
    public static final String CODEX_EDIT_TOOLS = "apply_patch|Edit|Write";

    /** Seconds: a scope check starts a JVM and reads git; verify runs each command for up to 600 s. */
    static final int CHECK_TIMEOUT = 120;

    static final int VERIFY_TIMEOUT = 600;

    private AgentHooks() {}

    /** What install or uninstall did to one host's file. */
    public record Result(
            HookHost host,
            InstallResult action,
            List<Entry> entries,
            HookGuard guard,
            SettingsIgnore.Action ignore,
            boolean deleted) {}

    /** A host's file as status reads it. */
    public enum State {
        INSTALLED,
        PARTIAL,
        ABSENT,
        UNUSABLE;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public record Status(
            HookHost host,
            State state,
            List<Entry> found,
            List<Entry> expected,
            boolean guard,
            Optional<String> problem) {}

    /** The entries wb writes for a host. */
    public static List<Entry> entries(HookHost host) {
        String run = HookEntries.PREFIX + host.id();
        return switch (host) {
            case CLAUDE ->
                List.of(
                        new Entry("PostToolUse", Optional.of(CLAUDE_EDIT_TOOLS), run + " post-edit", CHECK_TIMEOUT),
                        new Entry("Stop", Optional.empty(), run + " stop", VERIFY_TIMEOUT));
            case CODEX ->
                List.of(
                        new Entry("PostToolUse", Optional.of(CODEX_EDIT_TOOLS), run + " post-edit", CHECK_TIMEOUT),
                        new Entry("Stop", Optional.empty(), run + " stop", VERIFY_TIMEOUT));
            case COPILOT ->
                List.of(
                        new Entry("postToolUse", Optional.empty(), run + " post-edit", CHECK_TIMEOUT),
                        new Entry("agentStop", Optional.empty(), run + " stop", VERIFY_TIMEOUT));
        };
    }

    /** Writes wb's entries into the host's file (and, for Claude Code, keeps that file out of git). */
    public static Result install(Workspace ws, HookHost host) {
        ObjectNode settings = HookFile.read(ws, host);
        List<Entry> want = entries(host);
        List<Entry> have = HookEntries.found(host, settings);
        ObjectNode merged = same(have, want) ? settings : HookEntries.with(host, settings, want);
        HookGuard guard = HookGuard.NONE;
        if (host == HookHost.CLAUDE && JudgeAgentsConfig.load(ws).enabled()) {
            if (JudgeGuardHook.installed(merged).isEmpty()) {
                merged = JudgeGuardHook.install(merged, GUARD_COMMAND);
                guard = HookGuard.ADDED;
            } else {
                guard = HookGuard.PRESENT;
            }
        }
        boolean changed = !merged.equals(settings) || !HookFile.exists(ws, host);
        InstallResult action =
                !changed ? InstallResult.UNCHANGED : have.isEmpty() ? InstallResult.INSTALLED : InstallResult.UPDATED;
        // Claude Code's local settings are per developer: kept out of git before they are written.
        SettingsIgnore.Action ignore =
                host == HookHost.CLAUDE ? SettingsIgnore.planAdd(ws) : SettingsIgnore.Action.NONE;
        if (ignore == SettingsIgnore.Action.ADDED) {
            SettingsIgnore.add(ws);
        }
        if (changed) {
            HookFile.write(ws, host, merged);
        }
        return new Result(host, action, want, guard, ignore, false);
    }

    /** Takes wb's entries out of the host's file; deletes the file when nothing else is left in it. */
    public static Result uninstall(Workspace ws, HookHost host) {
        if (!HookFile.exists(ws, host)) {
            return new Result(host, InstallResult.ABSENT, List.of(), HookGuard.NONE, SettingsIgnore.Action.NONE, false);
        }
        ObjectNode settings = HookFile.read(ws, host);
        List<Entry> had = HookEntries.found(host, settings);
        ObjectNode without = HookEntries.without(host, settings);
        HookGuard guard = HookGuard.NONE;
        if (host == HookHost.CLAUDE) {
            List<String> guards = JudgeGuardHook.installed(without);
            if (!guards.isEmpty() && JudgeAgentsConfig.load(ws).enabled()) {
                guard = HookGuard.KEPT;
            } else if (!guards.isEmpty() && guards.stream().allMatch(GUARD_COMMAND::equals)) {
                without = JudgeGuardHook.without(without);
                guard = HookGuard.REMOVED;
            }
        }
        if (without.equals(settings)) {
            return new Result(host, InstallResult.ABSENT, List.of(), guard, SettingsIgnore.Action.NONE, false);
        }
        boolean stays = !without.isEmpty();
        SettingsIgnore.Action ignore =
                host == HookHost.CLAUDE ? SettingsIgnore.planRemove(ws, stays) : SettingsIgnore.Action.NONE;
        if (stays) {
            HookFile.write(ws, host, without);
        } else {
            HookFile.delete(ws, host);
        }
        if (ignore == SettingsIgnore.Action.REMOVED) {
            SettingsIgnore.remove(ws);
        }
        return new Result(host, InstallResult.REMOVED, had, guard, ignore, !stays);
    }

    /** The same entries, in whatever order the file holds them (a user's event may come first). */
    static boolean same(List<Entry> have, List<Entry> want) {
        return have.size() == want.size() && new HashSet<>(have).equals(new HashSet<>(want));
    }

    /** Records {@code hooks.configured} (docs/EVENTS.md) in the workspace's stream, install or uninstall. */
    public static EventEnvelope record(Session session, boolean install, Result result) {
        HooksConfigured event = new HooksConfigured(
                install ? HooksAction.INSTALL : HooksAction.UNINSTALL,
                result.host().agent(),
                result.host().path(),
                result.action(),
                result.guard());
        return new EventService(session).record(StreamId.workspace(), event).get(0);
    }

    /** Whether wb's entries are all there, some of them, or none; an unreadable file is said, not thrown. */
    public static Status status(Workspace ws, HookHost host) {
        List<Entry> want = entries(host);
        if (!HookFile.exists(ws, host)) {
            return new Status(host, State.ABSENT, List.of(), want, false, Optional.empty());
        }
        try {
            ObjectNode settings = HookFile.read(ws, host);
            List<Entry> have = HookEntries.found(host, settings);
            boolean guard = host == HookHost.CLAUDE
                    && !JudgeGuardHook.installed(settings).isEmpty();
            State state = have.isEmpty() ? State.ABSENT : same(have, want) ? State.INSTALLED : State.PARTIAL;
            return new Status(host, state, have, want, guard, Optional.empty());
        } catch (Failure e) {
            return new Status(host, State.UNUSABLE, List.of(), want, false, Optional.of(e.getMessage()));
        }
    }
}
