package dev.wb.cli.client;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TimeZone;

/**
 * The client of wb's warm server (docs/adr/0013-served-path.md), run by the JVM that {@code bin/wb}
 * execs, before anything else of wb loads. It either runs the command on a live server for this JVM's
 * key and returns its exit code, or returns {@link #COLD} while nothing of the command has run, and the
 * same JVM then runs it cold. java.base (and {@code sun.misc.Signal}) only.
 *
 * <p>Every wait has a deadline: 1 s to connect, 5 s for the server's answer, and while the command runs
 * no more than {@link Relay#STALL} without a frame (the server pings every second) while the client is
 * waiting on the server. The server is trusted only in a private folder (owner, mode 0700, no link),
 * with a pid file, a key and a socket of this user's and a live java of this user's behind the pid.
 */
public final class ServedClient {

    /** Returned when the command is to run cold: nothing of it ran on a server. */
    public static final int COLD = -1;

    /** The environment variables that keep a command cold: JVM options are a process's own. */
    private static final List<String> COLD_VARIABLES =
            List.of("WB_JAVA_OPTS", "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    private static final String SELECTOR_PROVIDER = "java.nio.channels.spi.SelectorProvider";
    private static final String LINUX_SELECTOR_PROVIDER = "sun.nio.ch.EPollSelectorProvider";

    private static final long CONNECT_MILLIS = 1_000;
    private static final long ANSWER_MILLIS = 5_000;

    private ServedClient() {}

    /** Runs {@code args} on a server: its exit code, or {@link #COLD}. */
    public static int attempt(String[] args) {
        Map<String, String> env = System.getenv();
        if (!eligible(env, args)) {
            return COLD;
        }
        ServerPlace place = ServerPlace.of(env).orElse(null);
        if (place == null || !RuntimeFolder.usable(place)) {
            return COLD;
        }
        LiveServer server = LiveServer.find(place).orElse(null);
        if (server == null) {
            ServerStart.spawn(place, env);
            return COLD;
        }
        if (Files.exists(place.folder().resolve("busy"))) {
            return COLD; // a hint only: the server answers busy all the same
        }
        return served(place, server, args, env);
    }

    private static boolean eligible(Map<String, String> env, String[] args) {
        if ("off".equals(env.get("WB_SERVER")) || !Files.isDirectory(Path.of("/proc/self"))) {
            return false;
        }
        for (String name : COLD_VARIABLES) {
            String value = env.get(name);
            if (value != null && !value.isEmpty()) {
                return false;
            }
        }
        // `wb server ...` always runs cold: it looks at and stops servers; so does `wb mcp`, which serves
        // a client for as long as it stays (docs/MCP.md) and alone loads the MCP SDK.
        for (String arg : args) {
            if (!arg.startsWith("-")) {
                return !arg.equals("server") && !arg.equals("mcp");
            }
        }
        return true;
    }

    private static int served(ServerPlace place, LiveServer server, String[] args, Map<String, String> env) {
        SocketChannel channel;
        byte[] hello;
        try {
            // The request is made before the connect: the server's deadlines then time the exchange only.
            hello = hello(place, args, env).encode();
            nameTheSelectorProvider();
            channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        } catch (IOException | RuntimeException e) {
            return COLD;
        }
        Deadline watchdog = new Deadline(channel);
        try {
            watchdog.arm(CONNECT_MILLIS);
            channel.connect(UnixDomainSocketAddress.of(server.socket()));
            Frames.write(channel, Frames.HELLO, hello);
            watchdog.arm(ANSWER_MILLIS);
            Frames.Frame answer = Frames.read(channel);
            String word = answer.type() == Frames.ANSWER ? new String(answer.payload(), StandardCharsets.UTF_8) : "";
            if (!word.equals("go")) {
                channel.close();
                if (word.equals("stale")) {
                    ServerStart.spawn(place, env); // it exits; its successor waits for the folder's lock
                }
                return COLD;
            }
            watchdog.disarm();
        } catch (IOException | RuntimeException e) {
            // Refused, timed out or broken before the command began: nothing ran; run it cold.
            watchdog.disarm();
            closeQuietly(channel);
            return COLD;
        }
        return new Relay(channel, watchdog, place.folder()).run();
    }

    /**
     * Names the JDK's own selector provider where it has the Linux one. Unnamed, the first channel looks
     * for a provider with a ServiceLoader over the whole class path, which opens and reads every jar of
     * wb's (some 350 reads, 10 ms on a quiet machine and several times that on a loaded one) to find none.
     * The property names the class the JDK would fall back to, so the cold run in this JVM is unchanged.
     */
    private static void nameTheSelectorProvider() {
        if (System.getProperty(SELECTOR_PROVIDER) != null) {
            return;
        }
        try {
            Class.forName(LINUX_SELECTOR_PROVIDER, false, null);
            System.setProperty(SELECTOR_PROVIDER, LINUX_SELECTOR_PROVIDER);
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
            // Another JDK: the JDK looks for itself.
        }
    }

    /** The request: this JVM's own view of the caller, exactly what a cold run would have worked from. */
    static Hello hello(ServerPlace place, String[] args, Map<String, String> env) throws IOException {
        boolean interactive = dev.wb.cli.core.Terminals.process().interactive();
        return new Hello(
                ProcessHandle.current().pid(),
                Path.of("").toAbsolutePath().toString(),
                interactive,
                Boolean.getBoolean("wb.terminal.stderr"),
                List.of(
                        Locale.getDefault().toLanguageTag(),
                        Locale.getDefault(Locale.Category.DISPLAY).toLanguageTag(),
                        Locale.getDefault(Locale.Category.FORMAT).toLanguageTag()),
                TimeZone.getDefault().getID(),
                place.key(),
                Arrays.asList(args),
                env);
    }

    static void closeQuietly(SocketChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // Closing only.
        }
    }

    /** A server found in its folder, alive, this user's, and started for this key. */
    public record LiveServer(long pid, Path socket) {

        public static Optional<LiveServer> find(ServerPlace place) {
            Path folder = place.folder();
            try {
                if (!Proc.ownFile(folder.resolve("pid"), place.uid())
                        || !Proc.ownFile(folder.resolve("key"), place.uid())
                        || !Proc.privateSocket(folder.resolve("sock"), place.uid())) {
                    return Optional.empty();
                }
                List<String> pid = Files.readAllLines(folder.resolve("pid"), StandardCharsets.UTF_8);
                if (pid.size() < 2
                        || !alive(pid.get(0), pid.get(1), place.uid())
                        || !Files.readString(folder.resolve("key"), StandardCharsets.UTF_8)
                                .equals(place.key())) {
                    return Optional.empty();
                }
                return Optional.of(new LiveServer(Long.parseLong(pid.get(0)), folder.resolve("sock")));
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
        }

        /**
         * Whether {@code pid} is a live java (no zombie) of user {@code uid} that started at {@code started}
         * ({@code started <ticks>}: {@code /proc/<pid>/stat}'s 22nd field), so a pid reused by another
         * program, or another user's process, is never taken for the server.
         */
        public static boolean alive(String pid, String started, int uid) throws IOException {
            Path proc = Path.of("/proc", pid);
            Optional<int[]> owner = Proc.ownerAndMode(proc);
            if (owner.isEmpty() || owner.get()[0] != uid) {
                return false;
            }
            String stat = Files.readString(proc.resolve("stat"), StandardCharsets.US_ASCII);
            int close = stat.lastIndexOf(')');
            if (close < 0 || !stat.substring(0, close).endsWith("(java")) {
                return false;
            }
            String[] fields = stat.substring(close + 2).split(" ", 0);
            return fields.length > 19 && !fields[0].equals("Z") && started.equals("started " + fields[19]);
        }
    }
}
