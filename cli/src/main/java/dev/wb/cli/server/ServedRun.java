package dev.wb.cli.server;

import dev.wb.cli.core.Terminals;
import dev.wb.engine.Caller;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * One command run for a client, as its own process would run it: its arguments, environment, working
 * folder, streams and terminals, with the client standing for the run's process ({@link Caller}). The
 * answer {@code go} has been given; this opens the output FIFOs (the client's {@code cat}s read them),
 * runs the command and closes them; the server then sends {@code exit <code>}.
 */
final class ServedRun {

    private ServedRun() {}

    /**
     * How a run ended for the server: {@code healthy} false when something went wrong that a cold JVM
     * would have died of (an error escaping the command), after which the server serves no more.
     */
    record Ended(int code, boolean healthy) {}

    /** Runs {@code request} for {@code client}. */
    static Ended run(Runner runner, Request request, ProcProcess client, Control control, String java)
            throws IOException {
        String[] args = request.args();
        Map<String, String> env = request.env(java);
        Path cwd = client.cwd();
        boolean healthy = true;
        int code;
        try (FileOutputStream out = new FileOutputStream(request.fifo("out").toFile());
                FileOutputStream err = new FileOutputStream(request.fifo("err").toFile());
                LazyStdin stdin = new LazyStdin(request.fifo("in"), control)) {
            PrintWriter o = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            PrintWriter e = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8));
            Terminals terminals =
                    Terminals.of(stdin, request.stdinTerminal() && request.stdoutTerminal(), request.stderrTerminal());
            Caller.Scope acting = Caller.actAs(client.pid(), client.started());
            try {
                code = runner.run(env, cwd, o, e, terminals, args);
            } catch (RuntimeException | Error t) {
                // What the JVM prints of an uncaught throwable, and its exit status.
                e.print("Exception in thread \"main\" ");
                t.printStackTrace(e);
                code = 1;
                healthy = false;
            } finally {
                acting.close();
            }
            o.flush();
            e.flush();
        }
        return new Ended(code, healthy);
    }
}
