package dev.wb.commands.judge.lock;

import dev.wb.commands.base.Workspace;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/** Run lock files as another process or host would have left them, for the lock's tests. */
final class LockFiles {

    private LockFiles() {}

    /** A pid no process has now: high in the range, where nothing is likely to start during a test. */
    static long deadPid() throws IOException {
        long max = 32_768;
        Path pidMax = Path.of("/proc/sys/kernel/pid_max");
        if (Files.isReadable(pidMax)) {
            // Read to the end: some kernels give Files.readString only the first byte of a /proc file.
            try (var reader = Files.newBufferedReader(pidMax)) {
                max = Long.parseLong(reader.readLine().trim());
            }
        }
        for (long pid = max - 1; pid > max - 10_000; pid--) {
            if (ProcessHandle.of(pid).isEmpty()) {
                return pid;
            }
        }
        throw new IllegalStateException("no free pid below " + max);
    }

    /** Writes a lock as wb writes it, for the given holder. */
    static Path write(Workspace ws, long pid, String host, Instant started, String task, String snapshot)
            throws IOException {
        return write(
                ws,
                Map.of(
                        "version",
                        1,
                        "pid",
                        pid,
                        "host",
                        host,
                        "started",
                        started.toString(),
                        "task",
                        task,
                        "snapshot",
                        snapshot,
                        "token",
                        "someone-else"));
    }

    static Path write(Workspace ws, Map<String, ?> fields) throws IOException {
        return writeRaw(ws, CanonicalJson.text(CanonicalJson.object(fields), true));
    }

    static Path writeRaw(Workspace ws, String content) throws IOException {
        Path lock = RunLock.lockFile(ws);
        Files.createDirectories(lock.getParent());
        Files.writeString(lock, content, StandardCharsets.UTF_8);
        return lock;
    }
}
