package dev.wb.cli.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A server's request slots {@code r.0 … r.<n-1>}, made once with their FIFOs ({@code out}, {@code err},
 * {@code in}, {@code ctl}) so that a client spends no process on a request: it claims a slot by creating
 * {@code claim} exclusively (a shell's {@code set -C}), holding its pid, and writes {@code args} and
 * {@code env} there. A slot is freed (its files but the FIFOs removed) once its client has exited, when a
 * request is answered {@code busy} or {@code stale}, and when the pid in an unanswered claim is dead.
 */
final class Slots {

    static final int COUNT = 8;
    private static final List<String> FIFOS = List.of("out", "err", "in", "ctl");
    private static final List<String> FILES = List.of("env", "args", "taken", "withdrawn", "claim");

    private Slots() {}

    /** Makes the slots afresh. */
    static void make(Path server) throws IOException {
        for (int i = 0; i < COUNT; i++) {
            Path slot = server.resolve("r." + i);
            if (Files.exists(slot)) {
                try (var files = Files.list(slot)) {
                    for (Path p : (Iterable<Path>) files::iterator) {
                        Files.delete(p);
                    }
                }
                Files.delete(slot);
            }
            Files.createDirectory(
                    slot, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            List<Path> fifos = new ArrayList<>();
            FIFOS.forEach(f -> fifos.add(slot.resolve(f)));
            mkfifo(fifos);
        }
    }

    /** Makes FIFOs of mode 0600 (Java has no call for it: {@code mkfifo}, the one process a server starts). */
    static void mkfifo(List<Path> paths) throws IOException {
        List<String> argv = new ArrayList<>(List.of("mkfifo", "-m", "600", "--"));
        paths.forEach(p -> argv.add(p.toString()));
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new IOException("mkfifo " + paths + " failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted making " + paths, e);
        }
    }

    /**
     * Frees {@code request}'s slot for the next client, while its claim is still the request's own (a
     * request line read after its client died must not free a slot another client has claimed since); a
     * folder a client made is the client's to remove.
     */
    static void free(Request request) {
        if (request.slot() && owns(request)) {
            free(request.folder());
        }
    }

    /** Whether the slot's claim names the request's client. */
    static boolean owns(Request request) {
        return ServerFolders.firstLine(request.folder().resolve("claim"))
                .map(pid -> pid.equals(Long.toString(request.pid())))
                .orElse(false);
    }

    /** Frees {@code slot} for the next client: everything but its FIFOs goes, the claim last. */
    static void free(Path slot) {
        for (String name : FILES) {
            try {
                Files.deleteIfExists(slot.resolve(name));
            } catch (IOException e) {
                // A file that cannot go leaves the slot claimed: the client runs cold, nothing worse.
            }
        }
    }

    /** Frees every slot whose claim names a process that is no longer alive (a client that died early). */
    static void freeAbandoned(Path server, long busyClient) {
        for (int i = 0; i < COUNT; i++) {
            Path slot = server.resolve("r." + i);
            ServerFolders.firstLine(slot.resolve("claim"))
                    .filter(pid -> pid.matches("[0-9]{1,10}"))
                    .map(Long::parseLong)
                    .filter(pid -> pid != busyClient)
                    .filter(pid -> ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true))
                    .ifPresent(pid -> free(slot));
        }
    }
}
