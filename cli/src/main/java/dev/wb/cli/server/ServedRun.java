package dev.wb.cli.server;

import dev.wb.cli.client.Frames;
import dev.wb.cli.client.Hello;
import dev.wb.cli.core.Terminals;
import dev.wb.engine.Caller;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.TimeZone;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One command run for a client as its own JVM would have run it (docs/adr/0013-served-path.md): its
 * arguments, environment, folder, umask, default locales and time zone, terminals and streams, with the
 * client standing for the run's process ({@link Caller}). While it runs, a reader takes the client's
 * frames (stdin, signals, the end of the connection: the client's death, after which the server halts as
 * SIGKILL would have ended a cold JVM) and a pinger tells the client once a second that the server lives.
 */
final class ServedRun {

    private static final long PING_MILLIS = 1_000;

    /**
     * How a run ended for the server: {@code healthy} false when a cold JVM would have died of it (an
     * error escaping the command, a signal), after which the server serves no more.
     */
    record Ended(int code, boolean healthy) {}

    private final Runner runner;
    private final Hello hello;
    private final ProcProcess client;
    private final FramedChannel channel;
    private final Native libc;
    private final AtomicBoolean done = new AtomicBoolean();
    private final AtomicBoolean signalled = new AtomicBoolean();

    ServedRun(Runner runner, Hello hello, ProcProcess client, FramedChannel channel, Native libc) {
        this.runner = runner;
        this.hello = hello;
        this.client = client;
        this.channel = channel;
        this.libc = libc;
    }

    /** Runs the command; {@code clientGone} runs if the client's end closes before the command ends. */
    Ended run(Runnable clientGone) {
        RelayedStdin stdin = new RelayedStdin(channel);
        daemon("wb-server-reader", () -> read(stdin, clientGone));
        daemon("wb-server-ping", this::ping);
        PrintWriter out =
                new PrintWriter(new OutputStreamWriter(channel.stream(Frames.STDOUT), StandardCharsets.UTF_8));
        PrintWriter err =
                new PrintWriter(new OutputStreamWriter(channel.stream(Frames.STDERR), StandardCharsets.UTF_8));
        Terminals terminals =
                Terminals.of(new BufferedInputStream(stdin, 8192), hello.interactive(), hello.stderrTerminal());
        Defaults before = Defaults.apply(hello, client.umask(), libc);
        boolean healthy = true;
        int code;
        Caller.Scope acting = Caller.actAs(client.pid(), client.started());
        try {
            code = runner.run(
                    hello.env(),
                    Path.of(hello.cwd()),
                    out,
                    err,
                    terminals,
                    hello.args().toArray(String[]::new));
        } catch (RuntimeException | Error t) {
            // What the JVM prints of an uncaught throwable, and its exit status.
            err.print("Exception in thread \"main\" ");
            t.printStackTrace(err);
            code = 1;
            healthy = false;
        } finally {
            acting.close();
            out.flush();
            err.flush();
            before.restore(libc);
        }
        done.set(true);
        return new Ended(code, healthy && !signalled.get());
    }

    private void read(RelayedStdin stdin, Runnable clientGone) {
        try {
            while (true) {
                Frames.Frame frame = Frames.read(channel.channel());
                switch (frame.type()) {
                    case Frames.STDIN -> stdin.received(frame.payload());
                    case Frames.STDIN_END -> stdin.end();
                    case Frames.SIGNAL -> {
                        if (!done.get()) {
                            signalled.set(true);
                            libc.deliver(frame.asInt());
                        }
                    }
                    default -> {
                        // Nothing else is the client's to send now.
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            stdin.end();
            if (!done.get()) {
                clientGone.run();
            }
        }
    }

    private void ping() {
        try {
            while (!done.get()) {
                Thread.sleep(PING_MILLIS);
                if (!done.get()) {
                    channel.send(Frames.PING, new byte[0], 0, 0);
                }
            }
        } catch (IOException | InterruptedException e) {
            // The connection ended: the reader sees it.
        }
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** The JVM-wide defaults a cold JVM takes from its caller, set for one command and put back after. */
    private record Defaults(Locale locale, Locale display, Locale format, TimeZone zone, int umask) {

        static Defaults apply(Hello hello, int umask, Native libc) {
            Defaults before = new Defaults(
                    Locale.getDefault(),
                    Locale.getDefault(Locale.Category.DISPLAY),
                    Locale.getDefault(Locale.Category.FORMAT),
                    TimeZone.getDefault(),
                    libc.umask(umask));
            if (hello.locales().size() == 3) {
                Locale.setDefault(Locale.forLanguageTag(hello.locales().get(0)));
                Locale.setDefault(
                        Locale.Category.DISPLAY,
                        Locale.forLanguageTag(hello.locales().get(1)));
                Locale.setDefault(
                        Locale.Category.FORMAT,
                        Locale.forLanguageTag(hello.locales().get(2)));
            }
            TimeZone.setDefault(TimeZone.getTimeZone(hello.zone()));
            return before;
        }

        void restore(Native libc) {
            Locale.setDefault(locale);
            Locale.setDefault(Locale.Category.DISPLAY, display);
            Locale.setDefault(Locale.Category.FORMAT, format);
            TimeZone.setDefault(zone);
            libc.umask(umask);
        }
    }
}
