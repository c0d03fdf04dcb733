package dev.wb.commands.checks;

import dev.wb.commands.process.ExecutableLookup;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code security.denied_commands}: programs no command set may run. A command's program is resolved as
 * {@link dev.wb.commands.process.ProcessRunner} would launch it ({@link ExecutableLookup} on the
 * invocation's PATH, a path taken from the repository root), normalised, and followed through links to
 * the real file. An entry with a slash is a path: it denies the program whose real file is that entry's
 * real file ({@code /usr/bin/git} denies {@code git}, {@code /usr/bin/../bin/git} and a link to it). A bare
 * entry names a program ({@code curl}): it denies every spelling whose launch path or real file has that
 * base name ({@code /usr/bin/curl}, {@code curl.exe}, {@code ./mycurl} linked to curl).
 *
 * <p>It judges the program only: {@code sh -c "curl …"} runs {@code sh}. To keep a program out of a
 * shell's reach, deny the shell too.
 */
final class DeniedCommands {

    private static final List<String> WINDOWS_EXTENSIONS = List.of(".exe", ".cmd", ".bat", ".com");

    private final List<String> entries;
    private final Path root;
    private final Map<String, String> env;

    /**
     * @param root where a program named by path is taken from, and a relative path entry too
     * @param env the invocation's environment, whose PATH finds a bare name
     */
    DeniedCommands(List<String> entries, Path root, Map<String, String> env) {
        this.entries = List.copyOf(entries);
        this.root = root;
        this.env = Map.copyOf(env);
    }

    /** The entry that denies this argv's program, if one does. */
    Optional<String> denying(List<String> argv) {
        if (entries.isEmpty()) {
            return Optional.empty();
        }
        String program = argv.get(0);
        Set<Path> files = new LinkedHashSet<>();
        Set<String> names = new LinkedHashSet<>();
        names.add(baseName(program));
        Optional<Path> launch = ExecutableLookup.find(program, root, env);
        launch.ifPresent(l -> {
            Path normal = l.toAbsolutePath().normalize();
            files.add(normal);
            names.add(baseName(normal.toString()));
            real(normal).ifPresent(r -> {
                files.add(r);
                names.add(baseName(r.toString()));
            });
        });
        for (String entry : entries) {
            boolean path = entry.contains("/") || entry.contains("\\");
            if (path
                    ? program.equals(entry) || sameFile(entry, files)
                    : names.stream().anyMatch(name -> sameProgram(name, entry))) {
                return Optional.of(entry);
            }
        }
        return Optional.empty();
    }

    /** Whether the path entry, normalised and followed to its real file, is one of the program's files. */
    private boolean sameFile(String entry, Set<Path> files) {
        List<Path> candidates = new ArrayList<>();
        try {
            Path normal = root.resolve(entry).toAbsolutePath().normalize();
            candidates.add(normal);
            real(normal).ifPresent(candidates::add);
        } catch (InvalidPathException e) {
            return false;
        }
        return candidates.stream().anyMatch(files::contains);
    }

    private static Optional<Path> real(Path path) {
        try {
            return Optional.of(path.toRealPath());
        } catch (IOException | SecurityException e) {
            return Optional.empty();
        }
    }

    private static boolean sameProgram(String name, String entry) {
        if (name.equals(entry)) {
            return true;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return WINDOWS_EXTENSIONS.stream()
                .anyMatch(ext -> lower.endsWith(ext)
                        && name.substring(0, name.length() - ext.length()).equals(entry));
    }

    private static String baseName(String program) {
        int cut = Math.max(program.lastIndexOf('/'), program.lastIndexOf('\\'));
        return program.substring(cut + 1);
    }
}
