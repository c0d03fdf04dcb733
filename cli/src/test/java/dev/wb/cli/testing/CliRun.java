package dev.wb.cli.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.cli.Wb;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Runs the real {@code wb} command line in this JVM, in a given folder, capturing both streams. */
public final class CliRun {

    private static final ObjectMapper JSON = new ObjectMapper();

    public record Result(int code, String out, String err) {
        public JsonNode json() {
            try {
                return JSON.readTree(out);
            } catch (IOException e) {
                throw new UncheckedIOException("stdout is not one JSON document:\n" + out, e);
            }
        }

        public List<JsonNode> jsonLines() {
            return out.lines()
                    .map(line -> {
                        try {
                            return JSON.readTree(line);
                        } catch (IOException e) {
                            throw new UncheckedIOException("not a JSON line: " + line, e);
                        }
                    })
                    .toList();
        }

        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    public static Result wb(Path cwd, String... args) {
        return wb(cwd, Map.of(), args);
    }

    public static Result wb(Path cwd, Map<String, String> extraEnv, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(extraEnv);
        int code = new Wb(env, cwd, Clock.systemUTC(), new PrintWriter(out), new PrintWriter(err)).run(args);
        return new Result(code, out.toString(), err.toString());
    }

    private CliRun() {}
}
