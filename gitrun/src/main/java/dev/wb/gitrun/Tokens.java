package dev.wb.gitrun;

import dev.wb.engine.text.TerminalText;
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

    /**
     * The first control character in {@code token}, named for a message; empty when there is none.
     * Shown to a person, one can make the printed command read as another (a carriage return and an
     * erase-line code repaint it).
     */
    static Optional<String> controlCharacter(String token) {
        return TerminalText.describeFirstControl(token);
    }

    /** The token with control characters written as escapes, so a message stays on one line. */
    static String visible(String token) {
        return TerminalText.escape(token);
    }
}
