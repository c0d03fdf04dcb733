package dev.wb.commands.hooks;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.wb.commands.Failure;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.AgentSkill;
import dev.wb.commands.config.HookHost;
import dev.wb.engine.fs.AtomicFiles;
import dev.wb.projections.events.InstallResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * wb's skills where Codex and Copilot read theirs (docs/AGENTS.md): for Codex one
 * {@code .agents/skills/NAME/SKILL.md} per skill, for Copilot one instructions file holding them all. The
 * text is the Claude Code plugin's ({@code plugin/skills/}, packaged into wb), so the three hosts get the
 * same path and the same command lists. Each file wb writes carries {@link #MARK}: a file at one of those
 * paths without it is a team's own, and wb neither overwrites nor deletes it.
 */
public final class HostSkills {

    /** The line that marks a file as wb's, right after the front matter. */
    static final String MARK = "<!-- written by wb hooks install; wb hooks uninstall removes it -->";

    private static final String RESOURCES = "/dev/wb/commands/hooks/skills/";

    private HostSkills() {}

    /** What install or uninstall did to the skills' files, and which files those are. */
    public record Result(InstallResult action, List<String> paths) {}

    /**
     * Writes the host's skill files; those already as wb would write them are left alone. Every file is checked
     * before the first is written: a team's own file at one of the paths stops the install with nothing written.
     */
    public static Result install(Workspace ws, HookHost host) {
        Map<String, String> wanted = files(host);
        Map<String, Optional<String>> now = new LinkedHashMap<>();
        for (String path : wanted.keySet()) {
            Optional<String> text = read(ws, path);
            if (text.isPresent() && !text.get().contains(MARK)) {
                throw notWbs(path);
            }
            now.put(path, text);
        }
        int existed = 0;
        int written = 0;
        for (Map.Entry<String, String> file : wanted.entrySet()) {
            Optional<String> was = now.get(file.getKey());
            existed += was.isPresent() ? 1 : 0;
            if (!was.equals(Optional.of(file.getValue()))) {
                write(ws, file.getKey(), file.getValue());
                written++;
            }
        }
        InstallResult action =
                written == 0 ? InstallResult.UNCHANGED : existed == 0 ? InstallResult.INSTALLED : InstallResult.UPDATED;
        return new Result(action, ImmutableList.copyOf(wanted.keySet()));
    }

    /** Deletes the host's skill files that are wb's, and the folders that leaves empty. */
    public static Result uninstall(Workspace ws, HookHost host) {
        ImmutableList.Builder<String> removed = ImmutableList.builder();
        for (String path : AgentSkill.paths(host)) {
            Optional<String> now = read(ws, path);
            if (now.isPresent() && now.get().contains(MARK)) {
                delete(ws, path);
                removed.add(path);
            }
        }
        ImmutableList<String> paths = removed.build();
        return new Result(paths.isEmpty() ? InstallResult.ABSENT : InstallResult.REMOVED, paths);
    }

    /** How many of the host's skill files are there as wb's, of how many. */
    public static int[] present(Workspace ws, HookHost host) {
        int found = 0;
        for (String path : AgentSkill.paths(host)) {
            try {
                found += read(ws, path).filter(text -> text.contains(MARK)).isPresent() ? 1 : 0;
            } catch (Failure unreadable) {
                // counted as not wb's: status says what is there, install says why it cannot write
            }
        }
        return new int[] {found, AgentSkill.paths(host).size()};
    }

    /** Each file the host gets, by path, with its text. */
    static ImmutableMap<String, String> files(HookHost host) {
        return switch (host) {
            case CLAUDE -> ImmutableMap.of();
            case CODEX ->
                Arrays.stream(AgentSkill.values())
                        .collect(ImmutableMap.toImmutableMap(AgentSkill::codexPath, s -> marked(text(s))));
            case COPILOT -> ImmutableMap.of(AgentSkill.COPILOT_FILE, CopilotInstructions.of(MARK));
        };
    }

    /** The skill's SKILL.md with wb's mark after its front matter. */
    static String marked(String skill) {
        int end = skill.indexOf("\n---\n", 4) + 5;
        return skill.substring(0, end) + MARK + "\n" + skill.substring(end);
    }

    /** The skill's SKILL.md as the plugin ships it. */
    static String text(AgentSkill skill) {
        try (InputStream in = HostSkills.class.getResourceAsStream(RESOURCES + skill.id() + "/SKILL.md")) {
            if (in == null) {
                throw new IllegalStateException("this wb was built without its skills: " + skill.id());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Optional<String> read(Workspace ws, String path) {
        refuseLinks(ws, path);
        try {
            return InputFiles.read(ws.root(), ws.root().resolve(path), InputFiles.Kind.CONFIG)
                    .map(InputFiles.Content::text);
        } catch (InputFiles.Unusable e) {
            throw e.failure(Failure.Kind.CONFIG);
        }
    }

    private static void write(Workspace ws, String path, String text) {
        Path file = ws.root().resolve(path);
        try {
            Files.createDirectories(file.getParent());
            AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot write " + path + ": " + e.getMessage(),
                    List.of("check that " + file.getParent() + " is writable"));
        }
    }

    /** Deletes the file, then each folder up to the repository's top that it leaves empty (never .github). */
    private static void delete(Workspace ws, String path) {
        Path root = ws.root();
        try {
            Files.delete(root.resolve(path));
            for (Path dir = root.resolve(path).getParent(); dir != null && !dir.equals(root); dir = dir.getParent()) {
                if (dir.equals(root.resolve(".github"))) {
                    break;
                }
                Files.delete(dir);
            }
        } catch (DirectoryNotEmptyException stillUsed) {
            // the folder holds something else: it stays
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot delete " + path + ": " + e.getMessage(),
                    List.of("delete " + path + " by hand"));
        }
    }

    /** The file, and each folder between it and the repository's top, must not be a symbolic link. */
    private static void refuseLinks(Workspace ws, String path) {
        Path root = ws.root();
        for (Path p = root.resolve(path); p != null && !p.equals(root); p = p.getParent()) {
            if (Files.isSymbolicLink(p)) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        path
                                + (p.equals(root.resolve(path))
                                        ? " is"
                                        : " lies under " + root.relativize(p) + ", which is")
                                + " a symbolic link; wb writes skills into regular files in the repository only",
                        List.of("remove " + root.relativize(p) + ", then run this again"));
            }
        }
    }

    private static Failure notWbs(String path) {
        return new Failure(
                Failure.Kind.CONFIG,
                path + " is there and is not wb's (it lacks wb's mark), so wb leaves it alone",
                List.of("rename or delete " + path + " if wb's skill should take its place, then run this again"));
    }
}
