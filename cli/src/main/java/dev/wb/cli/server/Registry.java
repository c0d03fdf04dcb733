package dev.wb.cli.server;

import dev.wb.cli.client.Frames;
import dev.wb.cli.client.Proc;
import dev.wb.cli.client.ServedClient;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * At most {@link #MAX} resident servers a user (docs/adr/0013-served-path.md), whatever the callers'
 * environments: a server that starts while as many live asks the one idle longest to stop, and serves
 * only if one does. Starts are serialised by {@code registry.lock} in the user's runtime folder, held
 * from the count until the new server's pid file is written, so two starts never both see room. Dead
 * servers' folders (a server killed outright, during its warm-up too) are removed on the way.
 */
final class Registry {

    static final int MAX = 2;
    private static final Duration ANSWER = Duration.ofSeconds(3);
    private static final Duration EXIT = Duration.ofSeconds(10);
    /** A folder younger than this may belong to a server being started: never swept. */
    private static final Duration YOUNG = Duration.ofSeconds(60);

    /** What the new server does once admitted, still under the lock (it writes its pid file). */
    interface Registration {
        void register() throws IOException;
    }

    /** A live server of this user: its folder, pid and when it last served. */
    record Live(Path folder, long pid, Instant lastUsed) {}

    private Registry() {}

    /** Admits the server of {@code folder}: true once {@code registration} has run. */
    static boolean admit(Path base, Path folder, int uid, Registration registration) throws IOException {
        try (FileChannel file = FileChannel.open(
                        base.resolve("registry.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = file.lock()) {
            if (!held.isValid()) {
                return false;
            }
            List<Live> others = live(base, uid).stream()
                    .filter(l -> !l.folder().equals(folder))
                    .sorted(Comparator.comparing(Live::lastUsed))
                    .toList();
            int room = MAX - 1 - others.size();
            for (Live idle : others) {
                if (room >= 0) {
                    break;
                }
                if (stopIfIdle(idle)) {
                    room++;
                }
            }
            if (room < 0) {
                return false;
            }
            registration.register();
            return true;
        }
    }

    /** This user's live servers under {@code base}; removes the folders of dead ones on the way. */
    static List<Live> live(Path base, int uid) {
        List<Live> found = new ArrayList<>();
        try (Stream<Path> list = Files.list(base)) {
            for (Path folder : (Iterable<Path>) list::iterator) {
                if (!folder.getFileName().toString().startsWith("s-") || !Proc.privateFolder(folder, uid)) {
                    continue;
                }
                Optional<Live> server = server(folder, uid);
                if (server.isPresent()) {
                    found.add(server.get());
                } else {
                    sweep(folder);
                }
            }
        } catch (IOException e) {
            // An unreadable runtime folder holds no server anyone could reach.
        }
        return found;
    }

    /** The live server of {@code folder}: its pid file names a live java of this user that serves it. */
    static Optional<Live> server(Path folder, int uid) {
        try {
            if (!Proc.ownFile(folder.resolve("pid"), uid)) {
                return Optional.empty();
            }
            List<String> pid = Files.readAllLines(folder.resolve("pid"), StandardCharsets.UTF_8);
            if (pid.size() < 2 || !ServedClient.LiveServer.alive(pid.get(0), pid.get(1), uid)) {
                return Optional.empty();
            }
            long id = Long.parseLong(pid.get(0));
            boolean serves = ProcessHandle.of(id)
                    .flatMap(h -> h.info().arguments())
                    .map(args -> List.of(args).contains("-D" + Server.FOLDER + "=" + folder))
                    .orElse(false);
            return serves ? Optional.of(new Live(folder, id, Stats.read(folder).lastUsed())) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Asks {@code server} to exit if it is idle; true once it has. */
    private static boolean stopIfIdle(Live server) {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(server.folder().resolve("sock")));
            Frames.write(channel, Frames.STOP_IF_IDLE, new byte[0]);
            CompletableFuture<Frames.Frame> answer = CompletableFuture.supplyAsync(() -> {
                try {
                    return Frames.read(channel);
                } catch (IOException e) {
                    return new Frames.Frame((byte) 0, new byte[0]);
                }
            });
            Frames.Frame frame = answer.get(ANSWER.toMillis(), TimeUnit.MILLISECONDS);
            if (!"stopping".equals(new String(frame.payload(), StandardCharsets.UTF_8))) {
                return false;
            }
            Optional<ProcessHandle> process = ProcessHandle.of(server.pid());
            if (process.isPresent()) {
                process.get().onExit().get(EXIT.toMillis(), TimeUnit.MILLISECONDS);
            }
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** Removes a dead server's folder, unless it is young (a start under way may own it). */
    private static void sweep(Path folder) {
        try {
            Instant modified = Files.getLastModifiedTime(folder).toInstant();
            Optional<String> starter = ServerFolders.firstLine(folder.resolve("starting"));
            if (modified.isAfter(Instant.now().minus(YOUNG))
                    || starter.filter(pid -> pid.matches("[0-9]{1,10}") && Files.exists(Path.of("/proc", pid)))
                            .isPresent()) {
                return;
            }
            ServerFolders.deleteTree(folder);
        } catch (IOException e) {
            // Left for the next sweep.
        }
    }
}
