package dev.wb.cli.core;

import java.io.Console;

/**
 * Whether a stream of wb's is a terminal, decided for that stream alone. The JDK answers only for a
 * pair ({@code System.console()} is there when stdin and stdout both are), so deciding stderr's
 * progress by it put the terminal's cursor codes into {@code 2>log} whenever stdout was a terminal. The
 * launcher ({@code bin/wb}) asks the shell, which can ask per stream ({@code [ -t 2 ]}), and hands the
 * answer over as the system property {@code wb.terminal.stderr}. Without it (the jar run by hand, tests
 * in process) stderr does not count as a terminal: plain lines are right everywhere, cursor codes only
 * on a terminal. ({@code System.console()} stays the test for prompting, which needs stdin and stdout.)
 */
public final class Terminals {

    private Terminals() {}

    /** Whether stderr is a terminal, so a live line (redrawn with {@code \r}) may be drawn on it. */
    public static boolean stderr() {
        return Boolean.getBoolean("wb.terminal.stderr");
    }

    /**
     * Whether stdin and stdout are both a terminal, so wb may ask a person (a consent prompt) and a hook
     * command may refuse to be run by hand. On Java 17, wb's target, {@code System.console()} is null
     * exactly when one of them is not; from JDK 22 it is never null and {@code Console.isTerminal()}
     * answers, looked up by name since Java 17 has no such method.
     */
    @SuppressWarnings("SystemConsoleNull") // the Java 17 contract is the one relied on; JDK 22+ is handled below
    public static boolean interactive() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        if (Runtime.version().feature() < 22) {
            return true;
        }
        try {
            return Boolean.TRUE.equals(Console.class.getMethod("isTerminal").invoke(console));
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }
}
