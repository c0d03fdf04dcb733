package dev.wb.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The id of the running kernel's boot (Linux: {@code /proc/sys/kernel/random/boot_id}). Unsynced
 * writes are visible to every process until the machine goes down; a cache that records the boot it
 * was written in can tell whether such writes may have been lost since.
 */
public final class BootId {

    private static final Path SOURCE = Path.of("/proc/sys/kernel/random/boot_id");

    private BootId() {}

    /** Empty where the platform does not tell: then nothing unsynced is ever trusted. */
    public static Optional<String> current() {
        try {
            String id = Files.readString(SOURCE).trim();
            return id.isEmpty() ? Optional.empty() : Optional.of(id);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
