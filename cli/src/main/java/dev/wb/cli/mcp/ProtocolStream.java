package dev.wb.cli.mcp;

import java.io.PrintStream;

/**
 * The process's stdout, taken for the MCP protocol alone: {@link #take} hands it over and points
 * {@code System.out} at stderr, so that no other write of this JVM (a library, a stray print) can
 * land between two protocol messages. {@code wb mcp} runs only cold (never on the warm server), so
 * the JVM's streams are its own.
 */
final class ProtocolStream {

    private ProtocolStream() {}

    /** The real stdout; from now on {@code System.out} writes to stderr. */
    static PrintStream take() {
        PrintStream protocol = System.out;
        System.setOut(System.err);
        return protocol;
    }

    /** The process's stderr, for the server's own warnings (a bad line on stdin). */
    static PrintStream stderr() {
        return System.err;
    }
}
