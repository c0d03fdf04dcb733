package dev.wb.engine;

import dev.wb.engine.internal.chronicle.ChronicleEventLog;
import java.nio.file.Path;
import java.time.Duration;

/** Opens logs. The Chronicle Queue types stay behind this door. */
public final class EventLogs {

    /** How long an append waits for another process's write lock before it reports the stream busy. */
    public static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(3);

    private EventLogs() {}

    /** The durable log kept in {@code directory} (normally {@code .workflow/local/log}). */
    public static EventLog chronicle(Path directory) {
        return chronicle(directory, DEFAULT_LOCK_TIMEOUT);
    }

    public static EventLog chronicle(Path directory, Duration lockTimeout) {
        return new ChronicleEventLog(directory, lockTimeout);
    }
}
