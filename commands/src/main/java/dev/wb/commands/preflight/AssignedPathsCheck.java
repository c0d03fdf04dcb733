package dev.wb.commands.preflight;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.preflight.PreflightLine.Verdict;
import dev.wb.gitrun.InfoExclude;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code assigned-paths} line: every {@code security.extra_environment} value that is a path,
 * resolved against the real filesystem — {@code ~} expanded from the invocation's HOME, a relative value
 * taken from the checkout's root, links followed from the longest existing ancestor, and case aliases
 * folded by the filesystem itself. A path overlapping the gitdir or common dir, {@code .workflow}, the
 * env-file or a {@code denied_read_paths} match is a FAIL (the lexical half of the rule is
 * {@link dev.wb.commands.config.AssignedPaths}); one outside the clone is a WARN only under strict
 * isolation. An in-clone path gets its {@code /path/} rule in the clone-local {@code .git/info/exclude},
 * repaired through gitrun's {@link InfoExclude}, so a toolchain cache never shows up in a diff.
 */
final class AssignedPathsCheck {

    private AssignedPathsCheck() {}

    static List<PreflightLine> lines(WorkspaceConfig.Security security, Path root, GitControl git,
            Optional<Path> envFile, Map<String, String> env) {
        Path realRoot = real(root);
        Map<String, Path> privateRoots = new LinkedHashMap<>();
        privateRoots.put(".git (gitdir)", git.gitDir());
        privateRoots.put(".git (common dir)", git.commonDir());
        privateRoots.put(".workflow", real(root.resolve(".workflow")));
        envFile.ifPresent(f -> privateRoots.put("the env-file", real(f)));
        List<PreflightLine> problems = new ArrayList<>();
        List<String> rules = new ArrayList<>();
        int resolved = 0;
        for (Map.Entry<String, String> e : security.extraEnvironment().entrySet()) {
            for (String value : paths(e.getValue())) {
                Path path;
                try {
                    path = resolve(value, realRoot, env);
                } catch (InvalidPathException ex) {
                    problems.add(PreflightLine.of("assigned-paths", Verdict.FAIL, e.getKey() + " is not a usable path"));
                    continue;
                }
                resolved++;
                Optional<String> overlap = overlap(path, privateRoots, security.deniedReadPaths(), realRoot);
                if (overlap.isPresent()) {
                    problems.add(PreflightLine.of("assigned-paths", Verdict.FAIL, e.getKey() + " resolves to " + path
                            + ", which overlaps " + overlap.get() + "; point it at a folder outside .git and .workflow"));
                } else if (!path.startsWith(realRoot)) {
                    if (security.strictIsolation()) {
                        problems.add(PreflightLine.of("assigned-paths", Verdict.WARN, e.getKey()
                                + " resolves outside the clone: " + path));
                    }
                } else if (!path.equals(realRoot)) {
                    rules.add("/" + realRoot.relativize(path).toString().replace(File.separatorChar, '/') + "/");
                }
            }
        }
        if (resolved == 0 && problems.isEmpty()) {
            return List.of(PreflightLine.paren("assigned-paths", Verdict.SKIP, "no path values assigned"));
        }
        String repair = "";
        if (!rules.isEmpty()) {
            try {
                InfoExclude.Repair r = InfoExclude.ensure(git.commonDir(), rules);
                repair = "; " + (r.present().size() + r.added().size()) + " .git/info/exclude rule(s) present"
                        + (r.added().isEmpty() ? "" : " (" + r.added().size() + " added: " + String.join(", ",
                        r.added()) + ")");
            } catch (IOException ex) {
                problems.add(PreflightLine.of("assigned-paths", Verdict.FAIL, "cannot repair .git/info/exclude ("
                        + ex.getMessage() + ")"));
            }
        }
        if (problems.stream().anyMatch(p -> p.verdict() == Verdict.FAIL)) {
            return problems;
        }
        List<PreflightLine> lines = new ArrayList<>(problems);
        lines.add(PreflightLine.of("assigned-paths", Verdict.OK, resolved + " path(s) resolved" + repair));
        return lines;
    }

    /** The path values in an assignment: one path, or several joined by the path separator. */
    static List<String> paths(String value) {
        List<String> out = new ArrayList<>();
        for (String part : value.split(File.pathSeparator.equals(";") ? ";" : ":")) {
            String v = part.strip();
            if (v.startsWith("/") || v.startsWith("~") || v.startsWith(".") || v.contains("/") || v.contains("\\")
                    || v.matches("[A-Za-z]:[\\\\/].*")) {
                out.add(v);
            }
        }
        return out;
    }

    static Path resolve(String value, Path root, Map<String, String> env) {
        String v = value;
        if (v.equals("~") || v.startsWith("~/") || v.startsWith("~\\")) {
            v = env.getOrDefault("HOME", env.getOrDefault("USERPROFILE", "~")) + v.substring(1);
        }
        Path p = Path.of(v);
        return real(p.isAbsolute() ? p : root.resolve(p));
    }

    private static Optional<String> overlap(Path path, Map<String, Path> privateRoots, List<String> denied, Path root) {
        for (Map.Entry<String, Path> e : privateRoots.entrySet()) {
            if (path.startsWith(e.getValue()) || e.getValue().startsWith(path)) {
                return Optional.of(e.getKey() + " (" + e.getValue() + ")");
            }
        }
        for (String entry : denied) {
            if (entry.matches(".*[*?\\[{].*")) {
                var matcher = FileSystems.getDefault().getPathMatcher("glob:" + entry);
                for (Path p = path; p != null && p.startsWith(root) && !p.equals(root); p = p.getParent()) {
                    if (matcher.matches(root.relativize(p))) {
                        return Optional.of("security.denied_read_paths " + entry);
                    }
                }
                continue;
            }
            Path d = real(Path.of(entry).isAbsolute() ? Path.of(entry) : root.resolve(entry));
            if (path.startsWith(d) || d.startsWith(path)) {
                return Optional.of("security.denied_read_paths " + entry);
            }
        }
        return Optional.empty();
    }

    /** The real path of the longest existing ancestor, with the rest appended as written. */
    static Path real(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(absolute)).normalize();
        } catch (IOException e) {
            return absolute;
        }
    }
}
