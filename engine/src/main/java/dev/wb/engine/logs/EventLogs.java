package dev.wb.engine.logs;

import dev.wb.engine.EventLog;
import dev.wb.engine.internal.chronicle.ChronicleEventLog;
import java.nio.file.Path;
import java.time.Duration;

/** Opens logs. The Chronicle Queue types stay behind this door. */
public final class EventLogs {

    /**
     * How long an append waits for another process's write lock before it reports the stream busy.
     * Chronicle waits about 1.5 times this before giving up, so a user hears "busy" after ~3 s.
     */
    public static final Duration DEFAULT_LOCK_TIMEOUT = Duration.ofSeconds(2);

    private EventLogs() {}

    /** The durable log kept in {@code directory} (normally {@code .workflow/local/log}). */
    public static EventLog chronicle(Path directory) {
        return chronicle(directory, DEFAULT_LOCK_TIMEOUT);
    }

    public static EventLog chronicle(Path directory, Duration lockTimeout) {
        return new ChronicleEventLog(directory, lockTimeout);
    }

    /**
     * Starts loading and initialising Chronicle Queue on a daemon thread, and returns at once.
     * Chronicle's start-up (its native bindings, its wire and queue classes) costs a cold command a few
     * hundred milliseconds of CPU; a command that will read or append calls this first thing, so that
     * the work runs on the second core while the command line is still being parsed. Opens no file.
     */
    // The preload only warms classes for a later open: it must never compete with the command's own work.
    @SuppressWarnings("ThreadPriorityCheck")
    public static void preloadInBackground() {
        Thread thread = new Thread(ChronicleEventLog::preload, "wb-log-preload");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }
}
