package dev.wb.cli.core;

import java.io.Console;
import java.io.InputStream;

/**
 * A run's stdin, and whether its streams are terminals, each decided for that stream alone. The JDK
 * answers only for a pair ({@code System.console()} is there when stdin and stdout both are), so
 * deciding stderr's progress by it put the terminal's cursor codes into {@code 2>log} whenever stdout
 * was a terminal. The launcher ({@code bin/wb}) asks the shell, which can ask per stream
 * ({@code [ -t 2 ]}), and hands the answer over as the system property {@code wb.terminal.stderr}.
 * Without it (the jar run by hand, tests in process) stderr does not count as a terminal: plain lines
 * are right everywhere, cursor codes only on a terminal. ({@code System.console()} stays the test for
 * prompting, which needs stdin and stdout.) A warm server (docs/adr/0009-warm-server.md) runs a
 * command for a client process and answers from what the client's shell said of its own streams.
 */
public final class Terminals {

    private static final Terminals PROCESS = new Terminals(null, false, false);

    /** Null: this process's own stdin and terminal, asked when a command asks. */
    private final InputStream stdin;

    private final boolean interactive;
    private final boolean stderr;

    private Terminals(InputStream stdin, boolean interactive, boolean stderr) {
        this.stdin = stdin;
        this.interactive = interactive;
        this.stderr = stderr;
    }

    /** This process's stdin and terminals (a cold run, and tests in process). */
    public static Terminals process() {
        return PROCESS;
    }

    /** A client's: its stdin as relayed, whether its stdin and stdout both are terminals, whether its stderr is. */
    public static Terminals of(InputStream stdin, boolean interactive, boolean stderr) {
        return new Terminals(stdin, interactive, stderr);
    }

    /** The run's stdin. */
    public InputStream stdin() {
        return stdin == null ? System.in : stdin;
    }

    /** Whether stderr is a terminal, so a live line (redrawn with {@code \r}) may be drawn on it. */
    public boolean stderr() {
        return stdin == null ? Boolean.getBoolean("wb.terminal.stderr") : stderr;
    }

    /**
     * Whether stdin and stdout are both a terminal, so wb may ask a person (a consent prompt) and a hook
     * command may refuse to be run by hand. On Java 17, wb's target, {@code System.console()} is null
     * exactly when one of them is not; from JDK 22 it is never null and {@code Console.isTerminal()}
     * answers, looked up by name since Java 17 has no such method.
     */
    @SuppressWarnings("SystemConsoleNull") // the Java 17 contract is the one relied on; JDK 22+ is handled below
    public boolean interactive() {
        if (stdin != null) {
            return interactive;
        }
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
