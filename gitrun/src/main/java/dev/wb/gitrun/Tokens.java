package dev.wb.gitrun;

import java.util.Optional;

/** Small facts about one argument: the shell syntax it holds, and how to show it in a message. */
final class Tokens {

    private Tokens() {}

    /**
     * The shell syntax in {@code token} that could chain or substitute a command, named for a
     * message; empty when there is none. A line break counts: pasted into a shell it ends the command.
     */
    static Optional<String> shellCharacter(String token) {
        if (token.indexOf(';') >= 0) {
            return Optional.of("';'");
        }
        if (token.indexOf('&') >= 0) {
            return Optional.of("'&'");
        }
        if (token.indexOf('|') >= 0) {
            return Optional.of("'|'");
        }
        if (token.indexOf('`') >= 0) {
            return Optional.of("a backtick");
        }
        if (token.contains("$(")) {
            return Optional.of("'$('");
        }
        if (token.indexOf('\n') >= 0 || token.indexOf('\r') >= 0) {
            return Optional.of("a line break");
        }
        if (token.indexOf('\0') >= 0) {
            return Optional.of("a NUL byte");
        }
        return Optional.empty();
    }

    /** The token with control characters written as escapes, so a message stays on one line. */
    static String visible(String token) {
        StringBuilder shown = new StringBuilder(token.length());
        for (int i = 0; i < token.length(); i++) {
            char c = token.charAt(i);
            switch (c) {
                case '\n' -> shown.append("\\n");
                case '\r' -> shown.append("\\r");
                case '\t' -> shown.append("\\t");
                case '\0' -> shown.append("\\0");
                default -> shown.append(c < 0x20 ? String.format("\\x%02x", (int) c) : String.valueOf(c));
            }
        }
        return shown.toString();
    }
}
