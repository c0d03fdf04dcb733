package dev.wb.cli.server;

import dev.wb.cli.client.Proc;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A warm wb server (docs/adr/0013-served-path.md): a JVM that has already run wb, serving one command at
 * a time to the clients of one key over a Unix socket in a private folder. It answers {@code busy} while a
 * command or its warm-up runs, {@code stale} once its jars have changed or to a client confined otherwise,
 * and exits when idle, stale, stopped, over its memory ceiling, asked to make room (at most two a user),
 * or after a command a cold JVM would have died of. It runs with nothing of any caller: its environment is
 * bin/wb's clean one and its command line holds only JVM flags, its folder and the jar.
 */
public final class Server {

    /** The system property naming the server's folder; {@code Wb.main} serves when it is set. */
    public static final String FOLDER = "wb.server";

    private static final Duration DEFAULT_IDLE = Duration.ofMinutes(60);
    private static final long DEFAULT_MEMORY_MIB = 512;
    private static final Duration TICK = Duration.ofSeconds(5);
    private static final Duration BUSY_WAIT = Duration.ofMillis(100);
    private static final Duration LOCK_WAIT = Duration.ofSeconds(10);
    private static final int HANDSHAKES = 8;

    final Runner runner;
    final Path folder;
    final int uid;
    final String key;
    final Native libc;
    final ProcProcess self;
    final Jars jars = Jars.now();
    private final Duration idle;
    private final long memoryKib;
    private final AtomicBoolean busy = new AtomicBoolean(true);
    private volatile boolean warming = true;
    private final AtomicLong served = new AtomicLong();
    private final AtomicReference<Instant> last = new AtomicReference<>(Instant.now());
    private final Instant started = Instant.now();
    private final Semaphore handshakes = new Semaphore(HANDSHAKES);
    /** The end of the last command before the heap was last trimmed (the tick's alone). */
    private Instant trimmedAfter = Instant.EPOCH;

    private Server(Runner runner, Path folder, int uid, String key, Native libc, ProcProcess self) {
        this.runner = runner;
        this.folder = folder;
        this.uid = uid;
        this.key = key;
        this.libc = libc;
        this.self = self;
        this.idle = minutes(Long.getLong("wb.server.idle", 0)).orElse(DEFAULT_IDLE);
        this.memoryKib = 1024 * Math.max(64, Long.getLong("wb.server.memory", DEFAULT_MEMORY_MIB));
    }

    /** Serves {@code runner}'s commands from {@code folder} until the server ends; the JVM's exit status. */
    public static int serve(Runner runner, Path folder) {
        int uid;
        try {
            uid = Proc.effectiveUid(Proc.status("self"));
        } catch (IOException | RuntimeException e) {
            return log("this is not Linux (no /proc/self/status); not serving", 3);
        }
        if (!Proc.privateFolder(folder, uid) || !Proc.privateFolder(folder.getParent(), uid)) {
            return log(folder + " is not a private folder of this user; not serving", 3);
        }
        try (FileChannel lockFile =
                        FileChannel.open(folder.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = lockFor(lockFile)) {
            if (lock == null) {
                return 0; // another server holds this folder
            }
            if (!Proc.ownFile(folder.resolve("key"), uid)) {
                return log("no key file of this user's in " + folder + "; not serving", 3);
            }
            String key = Files.readString(folder.resolve("key"), StandardCharsets.UTF_8);
            Optional<ProcProcess> self = ProcProcess.self();
            if (self.isEmpty()) {
                return log("its own /proc entries cannot be read; not serving", 3);
            }
            Native libc = Native.load();
            libc.umask(077); // everything the server makes is its user's alone; a command gets its client's
            Server server = new Server(runner, folder, uid, key, libc, self.get());
            return server.open();
        } catch (IOException e) {
            return log(e.getMessage(), 3);
        }
    }

    /** The folder's lock, waiting a while for a server that is exiting (a stale one) to let it go. */
    private static FileLock lockFor(FileChannel file) throws IOException {
        long until = System.nanoTime() + LOCK_WAIT.toNanos();
        while (true) {
            FileLock lock = file.tryLock();
            if (lock != null || System.nanoTime() > until) {
                return lock;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
    }

    private int open() throws IOException {
        for (String leftover : new String[] {"sock", "busy", "pid"}) {
            Files.deleteIfExists(folder.resolve(leftover));
        }
        ServerFolders.deleteTree(folder.resolve("warm"));
        Path socket = folder.resolve("sock");
        try (ServerSocketChannel listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            listener.bind(UnixDomainSocketAddress.of(socket), 64);
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            long pid = ProcessHandle.current().pid();
            boolean admitted = Registry.admit(
                    folder.getParent(),
                    folder,
                    uid,
                    () -> writePrivate(
                            folder.resolve("pid"),
                            (pid + "\nstarted " + startTicks() + "\n").getBytes(StandardCharsets.UTF_8)));
            Files.deleteIfExists(folder.resolve("starting"));
            if (!admitted) {
                Files.deleteIfExists(socket);
                return log(
                        "at most " + Registry.MAX + " servers a user, and none of the others is idle; not serving", 0);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> forget(pid), "wb-server-exit"));
            writeStats();
            daemon("wb-server-warm-up", this::warmUp);
            daemon("wb-server-tick", () -> ticks(pid));
            while (true) {
                SocketChannel channel = listener.accept();
                accept(channel);
            }
        }
    }

    /** Checks the peer before a byte is read: this user's, or the connection is closed unread. */
    private void accept(SocketChannel channel) {
        try {
            Native.Peer peer = libc.peer(channel);
            if (peer.uid() != uid || !handshakes.tryAcquire()) {
                channel.close();
                return;
            }
            Thread handler = new Thread(
                    () -> {
                        try {
                            new Connection(this, channel, peer).handle();
                        } finally {
                            handshakes.release();
                        }
                    },
                    "wb-server-connection");
            handler.setDaemon(true);
            handler.start();
        } catch (IOException | RuntimeException e) {
            Connection.closeQuietly(channel);
        }
    }

    /**
     * Takes the server for a command; a command that is just ending (its client reading the exit code)
     * is waited for a moment, so that commands run back to back are all served.
     */
    boolean claim() {
        long until = System.nanoTime() + BUSY_WAIT.toNanos();
        while (!busy.compareAndSet(false, true)) {
            if (System.nanoTime() > until || warming) {
                return false;
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        touch("busy");
        return true;
    }

    /** A claim given back before its command ran (the client withdrew). */
    void release() {
        delete("busy");
        busy.set(false);
    }

    /** After a command: counted, and the server ends where a cold JVM would have, or its jars changed. */
    void finished(ServedRun.Ended ended) {
        served.incrementAndGet();
        last.set(Instant.now());
        writeStats();
        if (!ended.healthy() || !jars.unchanged()) {
            System.exit(0);
        }
        delete("busy");
        busy.set(false);
    }

    /** Exits at once if idle (the registry makes room); false when busy. */
    boolean stopIfIdle() {
        if (!busy.compareAndSet(false, true)) {
            return false;
        }
        daemon("wb-server-stop", () -> System.exit(0));
        return true;
    }

    /** The warm-up ({@link WarmUp}), after which the server takes commands. */
    private void warmUp() {
        try {
            WarmUp.run(runner, folder.resolve("warm"));
        } finally {
            last.set(Instant.now());
            warming = false;
            busy.set(false);
            writeStats();
        }
    }

    private void ticks(long pid) {
        while (true) {
            try {
                Thread.sleep(TICK.toMillis());
            } catch (InterruptedException e) {
                return;
            }
            tick(pid);
        }
    }

    private void tick(long pid) {
        boolean ours = ServerFolders.firstLine(folder.resolve("pid"))
                .map(p -> p.equals(Long.toString(pid)))
                .orElse(false);
        boolean stillPrivate = Proc.privateFolder(folder, uid) && Proc.privateFolder(folder.getParent(), uid);
        boolean quiet = !busy.get();
        if (!ours
                || !stillPrivate
                || (quiet && Duration.between(last.get(), Instant.now()).compareTo(idle) > 0)) {
            System.exit(0);
        }
        if (quiet && !jars.unchanged()) {
            System.exit(0);
        }
        // Once a quiet spell has lasted a tick, the heap the last commands grew is given back (the serial
        // GC shrinks the heap on a full collection); a server still over its ceiling after that ends.
        Instant quietSince = last.get();
        if (quiet
                && !quietSince.equals(trimmedAfter)
                && Duration.between(quietSince, Instant.now()).compareTo(TICK) >= 0) {
            trimmedAfter = quietSince;
            System.gc();
            writeStats();
            if (Stats.residentNow() > memoryKib && busy.compareAndSet(false, true)) {
                log("resident memory over its ceiling of " + memoryKib / 1024 + " MiB after a collection; exiting", 0);
                System.exit(0);
            }
        }
    }

    private void writeStats() {
        new Stats(started, !warming, served.get(), last.get(), Stats.residentNow()).write(folder);
    }

    /** On the way out: the folder no longer names this server (a newer server's files are left alone). */
    private void forget(long pid) {
        boolean ours = ServerFolders.firstLine(folder.resolve("pid"))
                .map(p -> p.equals(Long.toString(pid)))
                .orElse(false);
        if (ours) {
            for (String file : new String[] {"pid", "sock", "busy"}) {
                delete(file);
            }
            try {
                ServerFolders.deleteTree(folder.resolve("warm"));
            } catch (IOException e) {
                // The next start of this folder removes it.
            }
        }
    }

    private void touch(String name) {
        try {
            Files.write(folder.resolve(name), new byte[0]);
        } catch (IOException e) {
            // A hint for clients only.
        }
    }

    private void delete(String name) {
        try {
            Files.deleteIfExists(folder.resolve(name));
        } catch (IOException e) {
            // A hint for clients only.
        }
    }

    /** This process's start, in clock ticks since boot: the 22nd field of {@code /proc/self/stat}. */
    static String startTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII);
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ", 0);
            return fields.length > 19 ? fields[19] : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static Optional<Duration> minutes(long minutes) {
        return minutes > 0 ? Optional.of(Duration.ofMinutes(minutes)) : Optional.empty();
    }

    private static int log(String message, int code) {
        System.err.println(Instant.now() + " wb server: " + message);
        return code;
    }

    private static void daemon(String name, Runnable body) {
        Thread thread = new Thread(body, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** Writes {@code file} whole (a temporary file renamed over it), readable and writable by this user alone. */
    static void writePrivate(Path file, byte[] bytes) throws IOException {
        Path temp = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
        try {
            Files.write(temp, bytes);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
