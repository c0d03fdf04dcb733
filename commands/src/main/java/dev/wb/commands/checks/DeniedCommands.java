package dev.wb.commands.checks;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code security.denied_commands}: programs no command set may run. An entry names a program
 * ({@code curl}) and denies it however a command spells it ({@code /usr/bin/curl}, {@code curl.exe}); an
 * entry with a slash denies exactly that path as written.
 */
final class DeniedCommands {

    private static final List<String> WINDOWS_EXTENSIONS = List.of(".exe", ".cmd", ".bat", ".com");

    private final List<String> entries;

    DeniedCommands(List<String> entries) {
        this.entries = List.copyOf(entries);
    }

    /** The entry that denies this argv's program, if one does. */
    Optional<String> denying(List<String> argv) {
        String program = argv.get(0);
        String name = baseName(program);
        for (String entry : entries) {
            if (entry.contains("/") || entry.contains("\\") ? program.equals(entry) : sameProgram(name, entry)) {
                return Optional.of(entry);
            }
        }
        return Optional.empty();
    }

    private static boolean sameProgram(String name, String entry) {
        if (name.equals(entry)) {
            return true;
        }
        String lower = name.toLowerCase(Locale.ROOT);
        return WINDOWS_EXTENSIONS.stream().anyMatch(ext -> lower.endsWith(ext)
                && name.substring(0, name.length() - ext.length()).equals(entry));
    }

    private static String baseName(String program) {
        int cut = Math.max(program.lastIndexOf('/'), program.lastIndexOf('\\'));
        return program.substring(cut + 1);
    }
}
