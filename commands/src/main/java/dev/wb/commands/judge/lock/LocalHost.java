package dev.wb.commands.judge.lock;

import dev.wb.engine.Caller;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * This machine's name and its processes, as a lock file records and checks them. The name must come
 * out the same in every wb process on the machine, whatever environment each was started with, or a
 * live run would look like another host's: so it is the resolver's or the kernel's, never a variable
 * of the environment (a {@code HOSTNAME} set by one shell and not another; and on a warm server the
 * name, known once, serves every caller: docs/adr/0009). Where neither can be had it is
 * {@code unknown}.
 */
final class LocalHost {

    /**
     * How far two readings of one process's start time may differ. The JDK derives it from boot time and
     * clock ticks, so readings agree to the tick; a reused pid starts later by far more than this.
     */
    private static final Duration SAME_START = Duration.ofSeconds(1);

    private static volatile String name;

    private LocalHost() {}

    static String name() {
        String known = name;
        if (known == null) {
            known = lookUpName();
            name = known;
        }
        return known;
    }

    static boolean isThisHost(String host) {
        return name().toLowerCase(Locale.ROOT).equals(host.toLowerCase(Locale.ROOT));
    }

    /** The pid of the process that stands for this run ({@link Caller}: this JVM, or a warm server's client). */
    static long pid() {
        return Caller.pid();
    }

    /** When that process started, where the platform tells. */
    static Optional<Instant> processStarted() {
        return Caller.started();
    }

    /**
     * Whether the process with this pid on this machine is still the one that wrote the lock: alive, and
     * (when both start times are known) started when the lock says, so a pid the system has since given
     * to another program does not keep a dead run's lock alive.
     */
    static boolean alive(long pid, Optional<Instant> started) {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (handle.isEmpty()) {
            return false;
        }
        Optional<Instant> actual = handle.get().info().startInstant();
        if (started.isEmpty() || actual.isEmpty()) {
            return true;
        }
        return Duration.between(started.get(), actual.get()).abs().compareTo(SAME_START) <= 0;
    }

    private static String lookUpName() {
        try {
            String host = InetAddress.getLocalHost().getHostName();
            if (!host.isBlank()) {
                return host.trim();
            }
        } catch (IOException | RuntimeException e) {
            // No resolver entry for this machine's own name: the kernel still knows it.
        }
        try {
            Path kernel = Path.of("/proc/sys/kernel/hostname");
            if (Files.isReadable(kernel)) {
                // Read to the end: some kernels give Files.readString only the first byte of a /proc file.
                String host;
                try (var in = Files.newInputStream(kernel)) {
                    host = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
                }
                if (!host.isEmpty()) {
                    return host;
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or not readable: the name is not known.
        }
        return "unknown";
    }
}
