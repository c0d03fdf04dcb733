package dev.wb.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.json.CanonicalJson;
import java.io.PrintWriter;
import java.util.List;

/** Where a command's output goes: data on stdout, messages on stderr. Injected, never System.out. */
public final class Console {


    private final PrintWriter out;
    private final PrintWriter err;

    public Console(PrintWriter out, PrintWriter err) {
        this.out = out;
        this.err = err;
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

    /** A JSON value pretty-printed and indented two spaces, for text views. */
    static String indent(JsonNode node) {
        return CanonicalJson.text(node, true).lines().map(l -> "  " + l)
                .collect(java.util.stream.Collectors.joining("\n"));
    }

    public void flush() {
        out.flush();
        err.flush();
    }

}
