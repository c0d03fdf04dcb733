package dev.wb.cli.client;

import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.function.IntConsumer;

/**
 * The client's side of a served command once the server said {@code go} (docs/adr/0013-served-path.md):
 * it sends {@code START}, writes what the command prints to this process's own stdout and stderr in the
 * order the server sent it, relays stdin only once the command reads it, forwards INT, TERM and HUP, and
 * returns the command's exit code. A closed or broken stdout or stderr fails only the writes to it, as
 * it does in a cold JVM. Never returns {@link ServedClient#COLD} once {@code START} is sent: the command
 * may have appended, so it is never run twice.
 */
final class Relay implements IntConsumer {

    /** The longest silence from a server while this client waits on it: it pings every second. */
    static final long STALL = 15_000;

    private final SocketChannel channel;
    private final Deadline watchdog;
    private final Path folder;
    private final Object writing = new Object();
    private final FileOutputStream stdout = new FileOutputStream(FileDescriptor.out);
    private final FileOutputStream stderr = new FileOutputStream(FileDescriptor.err);
    private boolean stdoutBroken;
    private boolean stderrBroken;
    private boolean stdinRelayed;
    /** The last signal forwarded to the server (0: none): the exit status if the server dies of it. */
    private volatile int forwarded;

    Relay(SocketChannel channel, Deadline watchdog, Path folder) {
        this.channel = channel;
        this.watchdog = watchdog;
        this.folder = folder;
    }

    int run() {
        AutoCloseable signals = signals();
        try {
            synchronized (writing) {
                Frames.write(channel, Frames.START, new byte[0]);
            }
        } catch (IOException e) {
            // START never reached the server, which runs nothing without it.
            restore(signals);
            ServedClient.closeQuietly(channel);
            return ServedClient.COLD;
        }
        while (true) {
            Frames.Frame frame;
            try {
                watchdog.arm(STALL);
                frame = Frames.read(channel);
                watchdog.disarm();
            } catch (IOException e) {
                watchdog.disarm();
                return lost();
            }
            switch (frame.type()) {
                case Frames.STDOUT -> stdoutBroken = write(stdout, stdoutBroken, frame.payload());
                case Frames.STDERR -> stderrBroken = write(stderr, stderrBroken, frame.payload());
                case Frames.WANT_STDIN -> relayStdin();
                case Frames.PING -> {
                    // Alive: the watchdog was re-armed by this read.
                }
                case Frames.EXIT -> {
                    try {
                        return frame.asInt();
                    } catch (IOException e) {
                        return fail("the wb server sent an exit code wb does not understand");
                    }
                }
                default -> {
                    return fail(
                            "the wb server sent a frame wb does not understand (type " + (frame.type() & 0xff) + ")");
                }
            }
        }
    }

    /**
     * INT, TERM and HUP caught from now on ({@link Signals}, compiled apart and loaded by name, which costs
     * a reflective constructor call); where that class cannot be had, the JVM's own handling stays (a signal
     * then ends this client, the server sees the connection end and stops as SIGKILL would stop a cold JVM).
     */
    private AutoCloseable signals() {
        try {
            return Class.forName("dev.wb.cli.client.Signals")
                    .asSubclass(AutoCloseable.class)
                    .getConstructor(IntConsumer.class)
                    .newInstance(this);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return () -> {};
        }
    }

    private static void restore(AutoCloseable signals) {
        try {
            signals.close();
        } catch (Exception e) {
            // Putting handlers back cannot fail in a way the cold run could mend.
        }
    }

    /** Forwards a caught signal; the server delivers it as the caller's terminal or a kill would have. */
    @Override
    public void accept(int signal) {
        forwarded = signal;
        try {
            synchronized (writing) {
                Frames.writeInt(channel, Frames.SIGNAL, signal);
            }
        } catch (IOException e) {
            // The server is gone: the read loop sees the end and exits with 128 + this signal.
        }
    }

    /** The connection ended without an exit code: a stall, the signal's status, or a server that stopped. */
    private int lost() {
        ServedClient.closeQuietly(channel);
        if (watchdog.fired()) {
            return fail("the wb server did not answer for " + STALL / 1000 + " s during the command");
        }
        int signal = forwarded;
        if (signal != 0) {
            return 128 + signal;
        }
        return fail("the wb server stopped during the command (its log: " + folder.resolve("log") + ")");
    }

    private int fail(String error) {
        ServedClient.closeQuietly(channel);
        if (!stderrBroken) {
            System.err.println("error: " + error);
            System.err.println("  fix: see what the command did (wb status, wb replay) before running it again;"
                    + " WB_SERVER=off runs wb without a server");
            System.err.flush();
        }
        return 3;
    }

    /** Writes to this process's stdout or stderr; after a failed write (closed, broken pipe) writes nothing more. */
    private static boolean write(FileOutputStream stream, boolean broken, byte[] bytes) {
        if (broken) {
            return true;
        }
        try {
            stream.write(bytes);
            return false;
        } catch (IOException e) {
            return true;
        }
    }

    /** Relays this process's stdin to the server, once, on a thread of its own (it may block on a terminal). */
    private void relayStdin() {
        if (stdinRelayed) {
            return;
        }
        stdinRelayed = true;
        // An inner class, not a method reference: a lambda's first bootstrap costs a client milliseconds.
        Thread relay = new Thread("wb-client-stdin") {
            @Override
            public void run() {
                copyStdin();
            }
        };
        relay.setDaemon(true);
        relay.start();
    }

    private void copyStdin() {
        byte[] buffer = new byte[64 * 1024];
        try (FileInputStream in = new FileInputStream(FileDescriptor.in)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                synchronized (writing) {
                    Frames.write(channel, Frames.STDIN, buffer, 0, n);
                }
            }
        } catch (IOException e) {
            // A stdin that fails reads as its end, as a cold JVM's System.in would end the command's input.
        }
        try {
            synchronized (writing) {
                Frames.write(channel, Frames.STDIN_END, new byte[0]);
            }
        } catch (IOException e) {
            // The server is gone; the read loop reports it.
        }
    }
}
