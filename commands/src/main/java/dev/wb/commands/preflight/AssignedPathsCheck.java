package dev.wb.commands.preflight;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.process.SecretNames;
import dev.wb.gitrun.InfoExclude;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code assigned-paths} line: every {@code security.extra_environment} value that is a path,
 * resolved against the real filesystem — {@code ~} expanded from the invocation's HOME, a relative value
 * taken from the checkout's root, links followed from the longest existing ancestor, and case aliases
 * folded by the filesystem itself. A path overlapping the gitdir or common dir, {@code .workflow}, the
 * env-file or a {@code denied_read_paths} entry ({@link DeniedReadPaths}) is a FAIL (the lexical half of
 * the rule is {@link dev.wb.commands.config.AssignedPaths}); one outside the clone is a WARN only under
 * strict isolation. An in-clone path gets its {@code /path/} rule in the clone-local
 * {@code .git/info/exclude}, repaired through gitrun's {@link InfoExclude}, so a toolchain cache never
 * shows up in a diff — unless the folder is source ({@link SourceFolders}), or is not there yet (a rule
 * for it would hide whatever source is later put there), each a WARN and no rule.
 *
 * <p>A value whose name is secret-bearing ({@link SecretNames}) is not examined at all: no line ever
 * holds text derived from it (the preflight redactor knows the value). A value that cannot be checked
 * is a FAIL naming its key, never a crash.
 */
final class AssignedPathsCheck {

    private static final String SUBJECT = "assigned-paths";
    private static final Pattern REMOTE = Pattern.compile("^[^/:@]+@[^/:]+:.*");
    private static final Pattern PORT = Pattern.compile("^\\d+(?:/.*)?$");

    private AssignedPathsCheck() {}

    static List<PreflightLine> lines(
            WorkspaceConfig.Security security,
            Path root,
            Path workflow,
            GitControl git,
            Optional<Path> envFile,
            Map<String, String> env) {
        Path realRoot = real(root);
        Map<String, Path> privateRoots = new LinkedHashMap<>();
        privateRoots.put(".git (gitdir)", git.gitDir());
        privateRoots.put(".git (common dir)", git.commonDir());
        privateRoots.put(".workflow", real(workflow));
        envFile.ifPresent(f -> privateRoots.put("the env-file", real(f)));
        DeniedReadPaths denied = DeniedReadPaths.of(security.deniedReadPaths(), realRoot);
        Checker checker = new Checker(
                realRoot, privateRoots, denied, new SourceFolders(realRoot, workflow, env), security.strictIsolation());
        List<PreflightLine> problems = checker.problems;
        denied.unusable()
                .forEach(key -> problems.add(fail(
                        key + " cannot be read as a path or a pattern;" + " write it as one line of printable text")));
        for (Map.Entry<String, String> e : security.extraEnvironment().entrySet()) {
            checker.assignment(e.getKey(), e.getValue(), env);
        }
        if (checker.resolved == 0 && problems.isEmpty()) {
            return List.of(PreflightLine.paren(SUBJECT, LineVerdict.SKIP, "no path values assigned"));
        }
        String repair = checker.rules.isEmpty() ? "" : repair(git, checker.rules, problems);
        if (problems.stream().anyMatch(p -> p.verdict() == LineVerdict.FAIL)) {
            return problems;
        }
        List<PreflightLine> lines = new ArrayList<>(problems);
        lines.add(PreflightLine.of(SUBJECT, LineVerdict.OK, checker.resolved + " path(s) resolved" + repair));
        return lines;
    }

    /** Repairs .git/info/exclude with RULES: what it says of them, or a problem when it cannot. */
    private static String repair(GitControl git, List<String> rules, List<PreflightLine> problems) {
        try {
            InfoExclude.Repair r = InfoExclude.ensure(git.commonDir(), rules);
            return "; " + (r.present().size() + r.added().size()) + " .git/info/exclude rule(s) present"
                    + (r.added().isEmpty()
                            ? ""
                            : " (" + r.added().size() + " added: " + String.join(", ", r.added()) + ")");
        } catch (IOException | RuntimeException ex) {
            problems.add(
                    fail("cannot repair .git/info/exclude (" + ex.getClass().getSimpleName() + ")"));
            return "";
        }
    }

    /**
     * What assigned paths are checked against (the clone's real root, its private roots, the denied read
     * paths, the source folders, whether isolation is strict), and what the checks found: the problems,
     * the exclude rules wanted, and how many paths resolved.
     */
    private static final class Checker {
        private final Path root;
        private final Map<String, Path> privateRoots;
        private final DeniedReadPaths denied;
        private final SourceFolders source;
        private final boolean strict;
        final List<PreflightLine> problems = new ArrayList<>();
        final List<String> rules = new ArrayList<>();
        int resolved;

        Checker(
                Path root,
                Map<String, Path> privateRoots,
                DeniedReadPaths denied,
                SourceFolders source,
                boolean strict) {
            this.root = root;
            this.privateRoots = privateRoots;
            this.denied = denied;
            this.source = source;
            this.strict = strict;
        }

        /** Checks each path the variable NAME is assigned in VALUE. */
        void assignment(String name, String value, Map<String, String> env) {
            if (SecretNames.secret(name)) {
                return;
            }
            if (value.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
                problems.add(
                        fail(name + " holds a control character; an assigned path is one line of printable" + " text"));
                return;
            }
            for (String one : paths(value)) {
                try {
                    Path path = resolve(one, root, env);
                    resolved++;
                    check(name, path).ifPresent(rules::add);
                } catch (RuntimeException ex) {
                    problems.add(fail(
                            name + " could not be checked (" + ex.getClass().getSimpleName() + "); point"
                                    + " it at a folder outside .git and .workflow"));
                }
            }
        }

        /** One resolved path's verdict, added to {@code problems}; the exclude rule it needs, if any. */
        private Optional<String> check(String name, Path path) {
            Optional<String> overlap = overlap(path, privateRoots).or(() -> denied.overlap(path));
            if (overlap.isPresent()) {
                problems.add(fail(name + " resolves to " + path + ", which overlaps " + overlap.get()
                        + "; point it at a folder outside .git and .workflow"));
                return Optional.empty();
            }
            if (!path.startsWith(root)) {
                if (strict) {
                    problems.add(
                            PreflightLine.of(SUBJECT, LineVerdict.WARN, name + " resolves outside the clone: " + path));
                }
                return Optional.empty();
            }
            if (path.equals(root)) {
                return Optional.empty();
            }
            String folder = root.relativize(path).toString().replace(File.separatorChar, '/');
            Optional<String> why;
            try {
                why = source.why(folder);
            } catch (RuntimeException e) {
                why = Optional.of("may hold files git tracks (the index could not be read: "
                        + e.getClass().getSimpleName() + ")");
            }
            if (why.isPresent()) {
                problems.add(PreflightLine.of(
                        SUBJECT,
                        LineVerdict.WARN,
                        name + " resolves to " + path + ", which "
                                + why.get()
                                + "; no .git/info/exclude rule added (only a folder that is not source is kept out"
                                + " of diffs)"));
                return Optional.empty();
            }
            if (!Files.exists(path)) {
                problems.add(
                        PreflightLine.of(
                                SUBJECT,
                                LineVerdict.WARN,
                                name + " resolves to " + path + ", which is not"
                                        + " there yet; no .git/info/exclude rule added (a rule for a missing folder would hide the source"
                                        + " files someone later puts there); run wb preflight again once the tool has created it"));
                return Optional.empty();
            }
            return Optional.of("/" + folder.replaceAll("([\\\\*?\\[])", "\\\\$1") + "/");
        }
    }

    /**
     * The path values in an assignment: one path, or several joined by the path separator. A value
     * holding a URL ({@code scheme://…}) or naming a remote ({@code user@host:path}) holds no path; a
     * part that is a port or a number ({@code 5432/app}) is none, nor is a word with no path shape
     * ({@code C}).
     */
    static List<String> paths(String value) {
        List<String> out = new ArrayList<>();
        if (value.contains("://") || REMOTE.matcher(value.strip()).matches()) {
            return out;
        }
        for (String part : value.split(File.pathSeparator.equals(";") ? ";" : ":", 0)) {
            String v = part.strip();
            if (PORT.matcher(v).matches()) {
                continue;
            }
            if (v.startsWith("/")
                    || v.startsWith("~")
                    || v.startsWith(".")
                    || v.contains("/")
                    || v.contains("\\")
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

    private static Optional<String> overlap(Path path, Map<String, Path> privateRoots) {
        for (Map.Entry<String, Path> e : privateRoots.entrySet()) {
            if (path.startsWith(e.getValue()) || e.getValue().startsWith(path)) {
                return Optional.of(e.getKey() + " (" + e.getValue() + ")");
            }
        }
        return Optional.empty();
    }

    private static PreflightLine fail(String detail) {
        return PreflightLine.of(SUBJECT, LineVerdict.FAIL, detail);
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
