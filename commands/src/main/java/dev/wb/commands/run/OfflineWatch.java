package dev.wb.commands.run;

import dev.wb.commands.process.NodeProcess;
import dev.wb.commands.process.ProcessGroups;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Ends a provider that has no network instead of letting it retry until its node's time limit (Codex,
 * offline, prints {@code Reconnecting… waiting for network} for as long as it is let run): a daemon thread
 * reads the provider's stderr as it is written, once a second, and when the provider has said it has no
 * network ({@link ProviderOutput#offline}) for longer than {@code agents.providers.<p>.offline_seconds},
 * stops its process group. The thread ends with the process, or when it stopped it.
 */
final class OfflineWatch {

    private static final Duration EVERY = Duration.ofSeconds(1);
    private static final int MOST = 1 << 16;

    private final Duration grace;
    private final AtomicReference<String> gaveUp = new AtomicReference<>();

    OfflineWatch(Duration grace) {
        this.grace = grace;
    }

    /** The line the provider said it was offline with, when this watch stopped it. */
    Optional<String> gaveUp() {
        return Optional.ofNullable(gaveUp.get());
    }

    /** Starts watching the launched process; returns at once. */
    void watch(NodeProcess.Launched launched) {
        // the handle is taken now, while the launched process is certainly the provider: a pid read later
        // could be another process's
        Optional<ProcessHandle> process = ProcessHandle.of(launched.pid());
        Thread thread = new Thread(() -> loop(launched, process), "wb-run-offline-watch");
        thread.setDaemon(true);
        thread.start();
    }

    private void loop(NodeProcess.Launched launched, Optional<ProcessHandle> process) {
        long since = -1;
        while (process.map(ProcessHandle::isAlive).orElse(false)) {
            try {
                Thread.sleep(EVERY.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            String tail = tail(launched);
            boolean offline = ProviderOutput.offline(tail);
            long now = System.nanoTime();
            if (!offline) {
                since = -1;
                continue;
            }
            if (since < 0) {
                since = now;
            } else if (now - since >= grace.toNanos()) {
                if (!process.map(ProcessHandle::isAlive).orElse(false)) {
                    return; // it ended meanwhile: its group is NodeProcess's to end
                }
                gaveUp.set(ProviderOutput.offlineReason(tail).orElse("no network: waiting for network"));
                process.ifPresent(p -> {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                });
                launched.group().ifPresent(ProcessGroups::killGroup);
                return;
            }
        }
    }

    /** The last part of what the provider wrote on stderr so far (what it says now, not what it said once). */
    private static String tail(NodeProcess.Launched launched) {
        try (InputStream in = Files.newInputStream(launched.stderr())) {
            long size = Files.size(launched.stderr());
            in.skipNBytes(Math.max(0, size - MOST));
            String text = new String(in.readNBytes(MOST), StandardCharsets.UTF_8);
            String[] lines = text.strip().split("\n", 0);
            int from = Math.max(0, lines.length - 3);
            return String.join("\n", Arrays.copyOfRange(lines, from, lines.length));
        } catch (IOException e) {
            return "";
        }
    }
}
