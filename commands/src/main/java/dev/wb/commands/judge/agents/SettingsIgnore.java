package dev.wb.commands.judge.agents;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.preflight.GitControl;
import dev.wb.gitrun.InfoExclude;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Keeps {@code .claude/settings.local.json} out of git in this clone. The file is per developer: the
 * guard hook {@code wb judge enable} writes into it names this machine's wb by its absolute path, so
 * committed it would enter every review's scope and every other clone. The rule goes into the clone's
 * own {@code .git/info/exclude} (through gitrun's {@link InfoExclude}, the one module that writes into
 * a repository), never into the shared {@code .gitignore}: it is this clone's setting, not the project's.
 * wb's rule sits directly under wb's comment line, which is how {@code wb judge disable} tells it from a
 * rule the user wrote, and removes only its own.
 */
public final class SettingsIgnore {

    public static final String RULE = "/" + JudgeGuardHook.SETTINGS;

    /** The comment above wb's rule; it marks the rule as wb's. */
    static final String HEADER = "# wb judge enable: per-developer Claude Code settings naming this machine's wb"
            + " (wb judge disable removes this rule)";

    /** What happens to the rule. */
    public enum Action {
        /** Written now (or, in a dry run, would be). */
        ADDED,
        /** Already there. */
        PRESENT,
        /** wb's rule taken out (or would be). */
        REMOVED,
        /** wb's rule left, because the settings file stays with settings of the user's own. */
        KEPT,
        /** Nothing to do: no hook is installed, or wb's rule is not there. */
        NONE;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    private SettingsIgnore() {}

    /** The exclude file, as the user would name it: {@code .git/info/exclude} in a plain clone. */
    public static String display(Workspace ws) {
        Path file = InfoExclude.file(commonDir(ws));
        Path root = ws.root().toAbsolutePath().normalize();
        try {
            root = root.toRealPath();
        } catch (IOException e) {
            // the absolute path will do
        }
        return file.startsWith(root) ? root.relativize(file).toString() : file.toString();
    }

    /** What enable does: add the rule unless a line of the exclude file already is it. */
    public static Action planAdd(Workspace ws) {
        Path file = InfoExclude.file(commonDir(ws));
        try {
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
                    && Files.readString(file, StandardCharsets.UTF_8)
                            .lines()
                            .map(String::strip)
                            .anyMatch(RULE::equals)) {
                return Action.PRESENT;
            }
        } catch (IOException e) {
            throw unusable(ws, e);
        }
        return Action.ADDED;
    }

    /** What disable does: remove wb's rule, unless the settings file stays. */
    public static Action planRemove(Workspace ws, boolean settingsStay) {
        try {
            if (!InfoExclude.hasOwn(commonDir(ws), HEADER, RULE)) {
                return Action.NONE;
            }
        } catch (IOException e) {
            throw unusable(ws, e);
        }
        return settingsStay ? Action.KEPT : Action.REMOVED;
    }

    public static void add(Workspace ws) {
        try {
            InfoExclude.ensure(commonDir(ws), HEADER, List.of(RULE));
        } catch (IOException e) {
            throw unusable(ws, e);
        }
    }

    public static void remove(Workspace ws) {
        try {
            InfoExclude.removeOwn(commonDir(ws), HEADER, RULE);
        } catch (IOException e) {
            throw unusable(ws, e);
        }
    }

    private static Path commonDir(Workspace ws) {
        return GitControl.of(ws.root()).commonDir();
    }

    private static Failure unusable(Workspace ws, IOException e) {
        return new Failure(
                Failure.Kind.CONFIG,
                "cannot keep " + JudgeGuardHook.SETTINGS + " out of git: " + display(ws)
                        + " cannot be read or replaced (" + e.getMessage() + ")",
                List.of("make " + display(ws) + " a regular, writable file, then run the command again"));
    }
}
