package dev.wb.cli.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Where a command's output goes: data on stdout, messages on stderr. Injected, never System.out. Any
 * write to stderr flushes stdout first, so that through one pipe ({@code 2>&1}) the
 * lines a message refers to ("each FAIL line above") come before it. It
 * notes whether anything reached stdout and the last error, so that a {@code --json} run that fails
 * before printing its document still prints one ({@link #jsonErrorIfSilent}).
 */
public final class Console {

    private final PrintWriter out;
    private final PrintWriter err;
    private boolean wroteOut;
    private String lastError;
    private List<String> lastFixes = List.of();

    public Console(PrintWriter out, PrintWriter err) {
        this.out = new PrintWriter(out) {
            @Override
            public void write(int c) {
                wroteOut = true;
                super.write(c);
            }

            @Override
            public void write(char[] buf, int off, int len) {
                wroteOut = true;
                super.write(buf, off, len);
            }

            @Override
            public void write(String text, int off, int len) {
                wroteOut = true;
                super.write(text, off, len);
            }
        };
        this.err = new PrintWriter(err) {
            @Override
            public void write(int c) {
                Console.this.out.flush();
                super.write(c);
            }

            @Override
            public void write(char[] buf, int off, int len) {
                Console.this.out.flush();
                super.write(buf, off, len);
            }

            @Override
            public void write(String text, int off, int len) {
                Console.this.out.flush();
                super.write(text, off, len);
            }
        };
    }

    public PrintWriter out() {
        return out;
    }

    public PrintWriter err() {
        return err;
    }

    /** The one JSON document a {@code --json} run prints. */
    public void json(JsonNode document) {
        out.println(CanonicalJson.text(document, true));
        out.flush();
    }

    /** One JSON value on one line (JSON Lines), for streams of records. */
    public void jsonLine(JsonNode value) {
        out.println(CanonicalJson.text(value, false));
    }

    public void line(String text) {
        out.println(text);
    }

    /** {@code error: …} then one {@code   fix: …} line per remedy. */
    public void error(String message, List<String> fixes) {
        lastError = message;
        lastFixes = List.copyOf(fixes);
        err.println("error: " + message);
        for (String fix : fixes) {
            err.println("  fix: " + fix);
        }
        err.flush();
    }

    /** {@code warning: …} on stderr: something the user should know that does not fail the command. */
    public void warning(String message, String fix) {
        err.println("warning: " + message);
        err.println("  fix: " + fix);
        err.flush();
    }

    /**
     * The one document of a {@code --json} run that ended in {@code exitCode} without printing anything
     * on stdout: {@code {"error": …, "fixes": […], "exitCode": …}}, the same error as the stderr lines.
     * Nothing when stdout already holds the command's own document (a rejected record, a failed run).
     */
    public void jsonErrorIfSilent(int exitCode) {
        if (wroteOut) {
            return;
        }
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("error", lastError == null ? "the command ended with exit code " + exitCode : lastError);
        ArrayNode fixes = doc.putArray("fixes");
        lastFixes.forEach(fixes::add);
        doc.put("exitCode", exitCode);
        json(doc);
    }

    /** A JSON value pretty-printed and indented two spaces, for text views. */
    public static String indent(JsonNode node) {
        return CanonicalJson.text(node, true).lines().map(l -> "  " + l).collect(Collectors.joining("\n"));
    }

    public void flush() {
        out.flush();
        err.flush();
    }
}
