package dev.wb.cli.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.cli.core.Terminals;
import dev.wb.engine.fs.AtomicFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A warm wb server (docs/adr/0009-warm-server.md): a JVM that has already run wb, serving one command at
 * a time to {@code bin/wb} over FIFOs in a private folder. It answers {@code busy} while a command (or its
 * warm-up) runs, {@code stale} once its jars have changed, and exits when idle, stale, stopped, or after
 * a command a cold JVM would have died of. A signal the client forwards reaches this JVM and ends it as
 * it would end a cold run; a client that dies unseen (SIGKILL) makes it halt, as that JVM would have.
 */
public final class Server {

    /** The system property naming the server's folder; {@code Wb.main} serves when it is set. */
    public static final String FOLDER = "wb.server";
    /** The system property holding the key the server was started for. */
    public static final String KEY = "wb.server.key";

    private static final Duration DEFAULT_IDLE = Duration.ofMinutes(60);
    private static final Duration TICK = Duration.ofSeconds(5);
    private static final Duration BUSY_WAIT = Duration.ofMillis(100);

    private final Runner runner;
    private final Path folder;
    private final Duration idle;

    /** The end of the last command before the heap was last trimmed (read and written by the tick alone). */
    private Instant trimmedAfter = Instant.EPOCH;

    private final Jars jars = Jars.now();
    private final ProcProcess self = ProcProcess.self();
    private final String javaBinary = ProcessHandle.current().info().command().orElse("java");
    private final AtomicBoolean busy = new AtomicBoolean(true);
    private volatile boolean warming = true;
    private final AtomicLong served = new AtomicLong();
    private final AtomicReference<Instant> last = new AtomicReference<>(Instant.now());
    private final Instant started = Instant.now();
    /** The client whose command runs now, or 0: its death unseen halts the server. */
    private final AtomicLong running = new AtomicLong();

    private Server(Runner runner, Path folder, Duration idle) {
        this.runner = runner;
        this.folder = folder;
        this.idle = idle;
    }

    /** Serves {@code runner}'s commands from {@code folder} until the server ends; the JVM's exit status. */
    public static int serve(Runner runner, Path folder, String key) {
        if (!ServerFolders.privateFolder(folder) || !ServerFolders.privateFolder(folder.getParent())) {
            System.err.println("wb server: " + folder + " is not a private folder of this user; not serving");
            return 3;
        }
        try (FileChannel lockFile =
                        FileChannel.open(folder.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = lockFile.tryLock()) {
            if (lock == null) {
                return 0; // another server holds this folder
            }
            return new Server(runner, folder, idle(System.getenv())).run(key);
        } catch (IOException e) {
            System.err.println("wb server: " + e.getMessage());
            return 3;
        }
    }

    private static Duration idle(Map<String, String> env) {
        try {
            long minutes = Long.parseLong(env.getOrDefault("WB_SERVER_IDLE", ""));
            return minutes > 0 ? Duration.ofMinutes(minutes) : DEFAULT_IDLE;
        } catch (NumberFormatException e) {
            return DEFAULT_IDLE;
        }
    }

    private int run(String key) throws IOException {
        Path in = folder.resolve("in");
        Files.deleteIfExists(in);
        Slots.mkfifo(List.of(in));
        Slots.make(folder);
        long pid = ProcessHandle.current().pid();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> forget(pid), "wb-server-exit"));
        AtomicFiles.write(folder.resolve("key"), (key + "\n").getBytes(StandardCharsets.UTF_8));
        writeStats();
        try (FileChannel channel = FileChannel.open(in, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            // The pid and this process's start time: together they name this server and no process that
            // gets its pid once it is gone (a client compares both).
            AtomicFiles.write(
                    folder.resolve("pid"), (pid + "\nstarted " + startTicks() + "\n").getBytes(StandardCharsets.UTF_8));
            Thread warm = new Thread(this::warmUp, "wb-server-warm-up");
            warm.setDaemon(true);
            warm.start();
            Thread ticks = new Thread(
                    () -> {
                        while (true) {
                            try {
                                Thread.sleep(TICK.toMillis());
                            } catch (InterruptedException e) {
                                return;
                            }
                            tick(pid);
                        }
                    },
                    "wb-server-idle");
            ticks.setDaemon(true);
            ticks.start();
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                Optional<Request> request = Request.parse(line, folder);
                if (request.isPresent() && !accept(request.get())) {
                    return 0;
                }
            }
        }
        return 0;
    }

    /** Answers one request; false when the server must end (stale). */
    private boolean accept(Request request) {
        Optional<ProcProcess> client = ProcProcess.of(request.pid());
        try (Control control = Control.open(request.fifo("ctl"))) {
            if (client.isEmpty()) {
                Slots.free(request); // gone before it was answered
                return true;
            }
            if (!jars.unchanged()) {
                answer(request, control, "stale");
                // A rebuilt or replaced install: this server ends, but never under a running command
                // (that one ends first, and then the server: serveOne and the tick).
                return busy.get();
            }
            if (!self.sameAs(client.get())) {
                answer(request, control, "stale"); // another user or umask: never served here
                return true;
            }
            if (!claimServer()) {
                answer(request, control, "busy");
                return true;
            }
        } catch (IOException e) {
            return true;
        }
        if (!request.claim()) {
            busy.set(false); // the client withdrew
            Slots.free(request);
            return true;
        }
        Thread worker = new Thread(() -> serveOne(request, client.get()), "wb-server-run");
        worker.start();
        return true;
    }

    /**
     * Takes the server for a command; a command that is just ending (its client reading {@code exit}) is
     * waited for a moment, so that commands run back to back are all served.
     */
    private boolean claimServer() {
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
        return true;
    }

    /** A refusal: the client runs cold and leaves the slot alone, so it is freed here. */
    private static void answer(Request request, Control control, String word) throws IOException {
        if (request.claim()) {
            control.say(word);
        }
        Slots.free(request);
    }

    private void serveOne(Request request, ProcProcess client) {
        Optional<ProcessHandle> handle = ProcessHandle.of(client.pid()).filter(ProcessHandle::isAlive);
        if (handle.isEmpty()) {
            Slots.free(request); // gone before its command began: nothing runs for it
            busy.set(false);
            return;
        }
        ServedRun.Ended ended = new ServedRun.Ended(3, true);
        running.set(client.pid());
        Optional<CompletableFuture<Void>> unused = handle.map(h -> h.onExit().thenRun(() -> {
            if (running.get() == client.pid()) {
                Runtime.getRuntime().halt(137); // as SIGKILL ends a cold run: no hooks
            }
            // Only now is the slot free: until its client has exited, its relays may hold the FIFOs, an
            // unread line may sit in `ctl`, and its traps may still forward a signal.
            Slots.free(request);
        }));
        try (Control control = Control.open(request.fifo("ctl"))) {
            control.say("go");
            try {
                ended = ServedRun.run(runner, request, client, control, javaBinary);
            } catch (IOException | RuntimeException e) {
                // A request that could not be read or run (its files, its folder): the client is told and
                // never left waiting; exit 3, as for a server that stopped.
                ended = new ServedRun.Ended(3, true);
            } finally {
                // Before `exit`: the client may exit the moment it reads it, and that must not halt us.
                running.set(0);
            }
            control.say("exit " + ended.code());
        } catch (IOException e) {
            // The client went away mid-way; nothing of the server is broken.
        }
        served.incrementAndGet();
        last.set(Instant.now());
        if (!ended.healthy() || !jars.unchanged()) {
            System.exit(0); // a command a cold JVM would have died of, or a rebuilt install
        }
        busy.set(false);
        writeStats();
    }

    /**
     * Runs wb's demo once (its throwaway repository removed after), and {@code status} in it, output
     * discarded: the classes a command needs are loaded, initialised and compiled before a client waits.
     */
    private void warmUp() {
        try {
            StringWriter json = new StringWriter();
            PrintWriter discard = new PrintWriter(new StringWriter());
            runner.run(System.getenv(), folder, new PrintWriter(json), discard, Terminals.process(), "demo", "--json");
            JsonNode repository = new ObjectMapper().readTree(json.toString()).path("repository");
            if (repository.isTextual()) {
                Path demo = Path.of(repository.asText());
                runner.run(System.getenv(), demo, discard, discard, Terminals.process(), "status");
                if (demo.getFileName().toString().startsWith("wb-demo-")) {
                    deleteTree(demo);
                }
            }
        } catch (IOException | RuntimeException e) {
            // A warm-up that fails leaves a server that warms up on its first commands instead.
        } finally {
            last.set(Instant.now());
            warming = false;
            busy.set(false);
            writeStats();
        }
    }

    /** This process's start, in clock ticks since boot: the 22nd field of {@code /proc/self/stat}. */
    static String startTicks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII);
            // Fields after the command name in parentheses: the 3rd field of the line is the first here.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ", 0);
            return fields.length > 19 ? fields[19] : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private void tick(long pid) {
        Slots.freeAbandoned(folder, running.get());
        boolean ours = ServerFolders.firstLine(folder.resolve("pid"))
                .map(p -> p.equals(Long.toString(pid)))
                .orElse(false);
        if (!ours || (!busy.get() && Duration.between(last.get(), Instant.now()).compareTo(idle) > 0)) {
            System.exit(0);
        }
        if (!busy.get() && !jars.unchanged()) {
            System.exit(0);
        }
        // Once a quiet spell has lasted a tick, the heap the last commands grew is given back (the
        // serial GC shrinks the heap on a full collection): a resting server holds what it keeps, not
        // what a million-event --stats once needed. A command that arrives meanwhile waits milliseconds.
        Instant quietSince = last.get();
        if (!busy.get()
                && !quietSince.equals(trimmedAfter)
                && Duration.between(quietSince, Instant.now()).compareTo(TICK) >= 0) {
            trimmedAfter = quietSince;
            System.gc();
        }
    }

    private void writeStats() {
        String stats = "started " + started + "\nwarm " + !warming + "\nserved " + served.get() + "\nlast " + last.get()
                + "\n";
        try {
            AtomicFiles.write(folder.resolve("stats"), stats.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // Only `wb server status` reads it.
        }
    }

    /** On the way out: the folder no longer names this server (a newer server's files are left alone). */
    private void forget(long pid) {
        boolean ours = ServerFolders.firstLine(folder.resolve("pid"))
                .map(p -> p.equals(Long.toString(pid)))
                .orElse(false);
        if (ours) {
            try {
                Files.deleteIfExists(folder.resolve("pid"));
                Files.deleteIfExists(folder.resolve("in"));
            } catch (IOException e) {
                // Nothing more to do on the way out.
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        try (var walk = Files.walk(root)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
