package dev.wb.commands.capsule;

/**
 * One command of a {@code ## Validation} block, at its line of task.md: as written ({@code raw},
 * without the line break) and normalized, the form every comparison uses.
 */
public record DeclaredCommand(int line, String raw, String normalized, boolean optional) {

    static final String OPTIONAL_MARKER = "# optional";

    /** A line as a declared command: it is optional when it ends with {@code # optional}. */
    static DeclaredCommand of(int line, String raw) {
        String trimmed = raw.strip();
        return new DeclaredCommand(line, raw, normalize(trimmed), trimmed.endsWith(OPTIONAL_MARKER));
    }

    /**
     * The line trimmed, a trailing {@code # optional} marker removed, trimmed again: the seed's
     * rule for matching a {@code proof-command:} or an approved command with a declared one.
     */
    public static String normalize(String command) {
        String trimmed = command.strip();
        if (trimmed.endsWith(OPTIONAL_MARKER)) {
            trimmed = trimmed.substring(0, trimmed.length() - OPTIONAL_MARKER.length())
                    .strip();
        }
        return trimmed;
    }
}
