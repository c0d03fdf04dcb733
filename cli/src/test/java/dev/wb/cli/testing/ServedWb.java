package dev.wb.cli.testing;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.testkit.TempGitRepo;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * {@code bin/wb} run as a user runs it, both ways: cold ({@code WB_SERVER=off}) and through a warm server
 * (docs/adr/0013-served-path.md) kept in a runtime folder of this test's own, so a test never meets the
 * user's servers or another test's. {@link #close()} stops every server started there.
 */
public final class ServedWb implements AutoCloseable {

    public static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();

    /** One run's exit code and output. */
    public record Run(int code, String out, String err) {}

    private final Path install;
    private final Path runtime;
    private final Path home;
    private final Path scratch;

    public ServedWb(Path install, Path tmp) throws IOException {
        this.install = install;
        this.runtime = Files.createDirectories(tmp.resolve("runtime"));
        this.home = Files.createDirectories(tmp.resolve("home"));
        this.scratch = Files.createDirectories(tmp.resolve("scratch"));
    }

    /** This user's servers' folder under the test's runtime folder (bin/wb makes it). */
    public Path base() {
        return runtime.resolve("wb-" + uid());
    }

    /** The environment every run gets: git's test settings, a home and a runtime folder of the test's own. */
    public Map<String, String> environment(boolean served) {
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", home.toString());
        env.put("XDG_RUNTIME_DIR", runtime.toString());
        env.put("WB_SERVER", served ? "on" : "off");
        env.put("WB_SERVER_IDLE", "5"); // a server a test forgot goes away by itself
        return env;
    }

    public Run served(Path cwd, String... args) {
        return run(cwd, environment(true), null, args);
    }

    public Run cold(Path cwd, String... args) {
        return run(cwd, environment(false), null, args);
    }

    /** A run with {@code env} as the whole of what the test adds, {@code stdin} as its input (null: /dev/null). */
    public Run run(Path cwd, Map<String, String> env, String stdin, String... args) {
        List<String> argv = new ArrayList<>(List.of(install.resolve("bin/wb").toString()));
        argv.addAll(List.of(args));
        return exec(cwd, env, stdin, argv);
    }

    /** Runs {@code argv} (not necessarily wb: a shell setting a umask, script(1) giving a terminal). */
    public Run exec(Path cwd, Map<String, String> env, String stdin, List<String> argv) {
        try {
            Path out = Files.createTempFile(scratch, "out", ".txt");
            Path err = Files.createTempFile(scratch, "err", ".txt");
            Path in = Files.createTempFile(scratch, "in", ".txt");
            Files.writeString(in, stdin == null ? "" : stdin);
            ProcessBuilder builder = new ProcessBuilder(argv)
                    .directory(cwd.toFile())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .redirectInput(stdin == null ? new File("/dev/null") : in.toFile());
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new IllegalStateException("timed out: " + argv);
            }
            Run run = new Run(
                    process.exitValue(),
                    Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
            Files.delete(out);
            Files.delete(err);
            Files.delete(in);
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Starts wb in the background with its output in files. */
    public Process start(Path cwd, Map<String, String> env, Path out, Path err, String... args) throws IOException {
        List<String> argv = new ArrayList<>(List.of(install.resolve("bin/wb").toString()));
        argv.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(argv)
                .directory(cwd.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(new File("/dev/null"));
        builder.environment().putAll(env);
        return builder.start();
    }

    /**
     * Starts a server for {@code env}'s key (a cold run starts it) and waits until it serves: until a
     * {@code wb --version} is counted in its folder's stats. Returns the server's folder.
     */
    public Path awaitServing(Path cwd, Map<String, String> env) {
        List<ProcessHandle> before =
                servers().stream().flatMap(s -> pid(s).stream()).toList();
        assertEquals(0, run(cwd, env, null, "--version").code());
        await().atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(200))
                .until(() -> started(before).isPresent());
        Path folder = started(before).orElseThrow();
        await().atMost(Duration.ofMinutes(2))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> {
                    long count = served(folder);
                    run(cwd, env, null, "--version");
                    return awaitServed(folder, count + 1, Duration.ofSeconds(2));
                });
        return folder;
    }

    /** The folder of a live server that is none of {@code before}. */
    private Optional<Path> started(List<ProcessHandle> before) {
        return servers().stream()
                .filter(s -> pid(s).filter(p -> !before.contains(p)).isPresent())
                .findFirst();
    }

    /** Whether {@code folder}'s server has served {@code count} commands within {@code within}. */
    public boolean awaitServed(Path folder, long count, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (System.nanoTime() < deadline) {
            if (served(folder) >= count) {
                return true;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return served(folder) >= count;
    }

    /** The servers' folders ({@code s-*}), live or not. */
    public List<Path> servers() {
        if (!Files.isDirectory(base())) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(base())) {
            return list.filter(p -> p.getFileName().toString().startsWith("s-"))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The live server of {@code folder}, if there is one. */
    public static Optional<ProcessHandle> pid(Path folder) {
        try {
            Path file = folder.resolve("pid");
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            // The first line: the pid (a second names the server's start time).
            String text = Files.readString(file).lines().findFirst().orElse("").trim();
            return text.isEmpty()
                    ? Optional.empty()
                    : ProcessHandle.of(Long.parseLong(text)).filter(ProcessHandle::isAlive);
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** How many commands {@code folder}'s server says it has served (its {@code stats} file). */
    public static long served(Path folder) {
        try {
            Path stats = folder.resolve("stats");
            if (!Files.isRegularFile(stats)) {
                return 0;
            }
            return Files.readAllLines(stats).stream()
                    .filter(l -> l.startsWith("served "))
                    .mapToLong(l -> Long.parseLong(l.substring(7).trim()))
                    .findFirst()
                    .orElse(0);
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    /** Stops every server started under this runtime folder and waits until each is gone. */
    @Override
    public void close() {
        for (Path folder : servers()) {
            pid(folder).ifPresent(ServedWb::stop);
        }
        // A server whose pid file is not to be trusted (a test gave it to another user), or one still
        // starting: found by the folder on its command line.
        String marker = "-Dwb.server=" + runtime;
        ProcessHandle.allProcesses()
                .filter(p -> p.info().arguments().stream()
                        .flatMap(java.util.Arrays::stream)
                        .anyMatch(a -> a.startsWith(marker)))
                .forEach(ServedWb::stop);
    }

    private static void stop(ProcessHandle server) {
        server.destroy();
        try {
            server.onExit().get(30, TimeUnit.SECONDS);
        } catch (Exception notYet) {
            server.destroyForcibly();
        }
    }

    /** This test JVM's real user id, as /proc tells it. */
    public static String uidOf() {
        return uid();
    }

    private static String uid() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .filter(l -> l.startsWith("Uid:"))
                    .map(l -> l.substring(4).trim().split("\\s+", -1)[0])
                    .findFirst()
                    .orElseThrow();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
