package dev.wb.commands.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the program a verify command names, the way the child's own shell would. Java's
 * {@code ProcessBuilder} searches the PATH of wb's process, not the PATH of the environment given to
 * the child, so the lookup is done here, against the given one. Only absolute PATH entries count: an
 * empty or relative entry means "the current folder", where a repository file named {@code pytest}
 * would otherwise stand in for the real one. A program named by path ({@code ./gradlew}) is taken
 * relative to the working folder.
 */
public final class ExecutableLookup {

    private static final boolean WINDOWS =
            System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");

    private ExecutableLookup() {}

    /** The program's absolute path, or why it cannot be found. */
    public static Optional<Path> find(String program, Path dir, Map<String, String> environment) {
        try {
            if (program.contains("/") || program.contains("\\")) {
                return executable(dir.resolve(program).toAbsolutePath().normalize());
            }
            for (String entry : pathOf(environment).split(File.pathSeparator, 0)) {
                if (!entry.isEmpty() && Path.of(entry).isAbsolute()) {
                    Optional<Path> found = executable(Path.of(entry).resolve(program));
                    if (found.isPresent()) {
                        return found;
                    }
                }
            }
            return Optional.empty();
        } catch (InvalidPathException e) {
            return Optional.empty();
        }
    }

    /** Said of a program that is there but lacks the execute permission: {@code tools/x.sh: not executable …}. */
    public static final String NOT_EXECUTABLE = ": not executable";

    /** Why {@link #find} found nothing, for a person, when where it looked is not known. */
    public static String notFound(String program, Path dir) {
        return program.contains("/") || program.contains("\\")
                ? program + ": not found in " + dir
                : program + ": not found on PATH";
    }

    /**
     * Why {@link #find} found nothing, for a person: a file that is there without the execute permission
     * is {@code "tools/x.sh: not executable (its mode lacks +x)"}, a folder is one, anything else is not
     * found ({@link #notFound(String, Path)}).
     */
    public static String notFound(String program, Path dir, Map<String, String> environment) {
        try {
            if (program.contains("/") || program.contains("\\")) {
                Path file = dir.resolve(program).toAbsolutePath().normalize();
                if (Files.isDirectory(file)) {
                    return program + ": is a folder, not a program";
                }
                if (Files.isRegularFile(file)) {
                    return program + NOT_EXECUTABLE + " (its mode lacks +x)";
                }
                return notFound(program, dir);
            }
            for (String entry : pathOf(environment).split(File.pathSeparator, 0)) {
                if (!entry.isEmpty() && Path.of(entry).isAbsolute()) {
                    Path file = Path.of(entry).resolve(program);
                    if (Files.isRegularFile(file)) {
                        return program + NOT_EXECUTABLE + " (" + file + " on PATH lacks +x)";
                    }
                }
            }
        } catch (InvalidPathException e) {
            // no such path: not found
        }
        return notFound(program, dir);
    }

    private static Optional<Path> executable(Path candidate) {
        for (String extension : extensions(candidate)) {
            Path file = candidate.resolveSibling(candidate.getFileName() + extension);
            if (Files.isRegularFile(file) && Files.isExecutable(file)) {
                return Optional.of(file);
            }
        }
        return Optional.empty();
    }

    /** On Windows a bare name also matches {@code name.exe} and its kin, as cmd.exe finds them. */
    private static List<String> extensions(Path candidate) {
        if (!WINDOWS || candidate.getFileName().toString().contains(".")) {
            return List.of("");
        }
        return List.of(".com", ".exe", ".bat", ".cmd", "");
    }

    /** PATH, by that name; on Windows in any letter case ({@code Path} is common there). */
    private static String pathOf(Map<String, String> environment) {
        if (!WINDOWS) {
            return environment.getOrDefault("PATH", "");
        }
        return environment.entrySet().stream()
                .filter(e -> e.getKey().equalsIgnoreCase("PATH"))
                .map(Map.Entry::getValue)
                .findFirst()
                .orElse("");
    }
}
