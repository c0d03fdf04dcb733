package dev.wb.cli.server;

import com.google.common.base.CharMatcher;
import com.google.common.base.Splitter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * What Linux's {@code /proc/<pid>/status} and {@code /proc/<pid>/cwd} say of a process: its real user
 * id, its umask and its working folder. A warm server compares the first two with its own before it
 * runs a client's command, and runs the command in the third.
 */
record ProcProcess(long pid, String uid, String umask) {

    /** This JVM. */
    static ProcProcess self() {
        return of(ProcessHandle.current().pid())
                .orElse(new ProcProcess(ProcessHandle.current().pid(), "?", "?"));
    }

    /** The process {@code pid}, when it is alive and its status can be read. */
    static Optional<ProcProcess> of(long pid) {
        String uid = null;
        String umask = null;
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("Uid:")) {
                    uid = Splitter.on(CharMatcher.whitespace())
                            .omitEmptyStrings()
                            .split(line.substring(4))
                            .iterator()
                            .next();
                } else if (line.startsWith("Umask:")) {
                    umask = line.substring(6).strip();
                }
            }
        } catch (IOException e) {
            return Optional.empty();
        }
        return uid == null || umask == null ? Optional.empty() : Optional.of(new ProcProcess(pid, uid, umask));
    }

    /** The process's working folder, as the kernel names it (the folder a cold JVM's {@code user.dir} is). */
    Path cwd() throws IOException {
        return Files.readSymbolicLink(Path.of("/proc", Long.toString(pid), "cwd"));
    }

    /** When the process started, where the platform tells. */
    Optional<Instant> started() {
        return ProcessHandle.of(pid).flatMap(h -> h.info().startInstant());
    }

    /** Whether a command may run for {@code client} here: the same user and the same umask as this server's. */
    boolean sameAs(ProcProcess client) {
        return uid.equals(client.uid) && umask.equals(client.umask);
    }
}
