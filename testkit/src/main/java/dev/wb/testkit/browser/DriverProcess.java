package dev.wb.testkit.browser;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Chromedriver as a child process on a free loopback port, and the tree of processes under it (the
 * browser, its zygotes and renderers), which {@link #killTree} ends whole: killing chromedriver alone
 * leaves the browser running, re-parented to init.
 */
final class DriverProcess {

    private static final int ATTEMPTS = 3;

    final Process process;
    final int port;
    final WebDriverWire wire;
    private final Path log;

    private DriverProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
        this.wire = new WebDriverWire(port);
    }

    /**
     * Starts chromedriver and waits until its {@code /status} says ready. A port taken between choosing
     * it and chromedriver binding it is retried on another one.
     */
    static DriverProcess start(Path driver, Path log, Duration deadline) {
        BrowserException last = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = freeLoopbackPort();
            Process process;
            try {
                process = new ProcessBuilder(driver.toString(), "--port=" + port, "--log-level=WARNING")
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
            } catch (IOException e) {
                throw new BrowserException("cannot start " + driver + ": " + e.getMessage(), e);
            }
            DriverProcess started = new DriverProcess(process, port, log);
            try {
                started.awaitReady(Instant.now().plus(deadline));
                return started;
            } catch (BrowserException e) {
                killTree(started.tree(), Duration.ofSeconds(5));
                last = e;
            }
        }
        throw last;
    }

    private void awaitReady(Instant deadline) {
        while (true) {
            if (!process.isAlive()) {
                throw new BrowserException(
                        "chromedriver exited (" + process.exitValue() + ") before it was ready: " + logTail());
            }
            try {
                if (wire.get("/status", Duration.ofSeconds(2)).path("ready").asBoolean(false)) {
                    return;
                }
            } catch (BrowserException notYet) {
                // not listening yet: ask again until the deadline
            }
            if (Instant.now().isAfter(deadline)) {
                throw new BrowserException("chromedriver was not ready on port " + port + " in time: " + logTail());
            }
            pause(Duration.ofMillis(20));
        }
    }

    /** The last lines chromedriver wrote, for a failure's message. */
    String logTail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return lines.isEmpty()
                    ? "(its log is empty)"
                    : String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(its log cannot be read: " + e.getMessage() + ")";
        }
    }

    /** Chromedriver and every process under it now. */
    List<ProcessHandle> tree() {
        List<ProcessHandle> tree = new ArrayList<>();
        tree.add(process.toHandle());
        process.descendants().forEach(tree::add);
        return tree;
    }

    /**
     * Ends the given processes and any they started since, politely (SIGTERM) and then not (SIGKILL),
     * within {@code grace}. Returns what is still alive after it (nothing, unless the kernel refused).
     */
    static List<ProcessHandle> killTree(List<ProcessHandle> roots, Duration grace) {
        Instant deadline = Instant.now().plus(grace);
        Set<ProcessHandle> all = new LinkedHashSet<>(roots);
        boolean forcibly = false;
        while (true) {
            List<ProcessHandle> alive = new ArrayList<>();
            for (ProcessHandle handle : List.copyOf(all)) {
                handle.descendants().forEach(all::add);
            }
            for (ProcessHandle handle : all) {
                if (handle.isAlive()) {
                    alive.add(handle);
                }
            }
            if (alive.isEmpty()) {
                return alive;
            }
            if (forcibly && Instant.now().isAfter(deadline.plusSeconds(2))) {
                return alive;
            }
            forcibly = forcibly || Instant.now().isAfter(deadline);
            for (ProcessHandle handle : alive) {
                if (forcibly) {
                    handle.destroyForcibly();
                } else {
                    handle.destroy();
                }
            }
            awaitExit(alive, Duration.ofMillis(200));
        }
    }

    private static void awaitExit(List<ProcessHandle> handles, Duration wait) {
        CompletableFuture<?>[] exits =
                handles.stream().map(ProcessHandle::onExit).toArray(CompletableFuture<?>[]::new);
        try {
            CompletableFuture.allOf(exits).get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            // some still alive: the caller looks again
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new BrowserException("no free loopback port: " + e.getMessage(), e);
        }
    }

    static void pause(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BrowserException("interrupted", e);
        }
    }
}
