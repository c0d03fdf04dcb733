package dev.wb.cli.show;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.cli.Wb;
import dev.wb.cli.core.Terminals;
import dev.wb.testkit.TempGitRepo;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs the real {@code wb} command line in this JVM for the show tests, with an environment they
 * decide: the process's own, git's test identity, no {@code NO_COLOR} or {@code TERM} unless given.
 * {@link #onTerminal} runs it as a client whose stdin and stdout are a terminal (as a warm server
 * is told), the only way an in-process run is one.
 */
final class ShowRun {

    private static final ObjectMapper JSON = new ObjectMapper();

    record Result(int code, String out, String err) {
        JsonNode json() {
            try {
                return JSON.readTree(out);
            } catch (IOException e) {
                throw new UncheckedIOException("stdout is not one JSON document:\n" + out, e);
            }
        }

        @Override
        public String toString() {
            return "exit " + code + "\n--- stdout\n" + out + "--- stderr\n" + err;
        }
    }

    private ShowRun() {}

    static Result wb(Path cwd, String... args) {
        return run(cwd, Map.of(), Terminals.process(), args);
    }

    static Result wb(Path cwd, Map<String, String> env, String... args) {
        return run(cwd, env, Terminals.process(), args);
    }

    /** As run from a terminal (stdin and stdout both one). */
    static Result onTerminal(Path cwd, Map<String, String> env, String... args) {
        return run(cwd, env, Terminals.of(new ByteArrayInputStream(new byte[0]), true, true), args);
    }

    private static Result run(Path cwd, Map<String, String> extra, Terminals terminals, String... args) {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("NO_COLOR");
        env.remove("TERM");
        env.putAll(TempGitRepo.gitEnvironment());
        env.putAll(extra);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = new Wb(env, cwd, Clock.systemUTC(), new PrintWriter(out), new PrintWriter(err), terminals).run(args);
        return new Result(code, out.toString(), err.toString());
    }
}
