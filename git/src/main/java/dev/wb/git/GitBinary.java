package dev.wb.git;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The user's {@code git} executable, run with an argument vector (never a shell) and the caller's
 * environment. Every run is read-only by construction: {@code --no-optional-locks} keeps status
 * from refreshing the index (and is inherited by the git processes it starts inside submodules),
 * {@code GIT_TERMINAL_PROMPT=0} keeps git from asking for anything, and {@code GIT_NO_LAZY_FETCH=1}
 * keeps a partial clone from fetching missing objects into the repository. {@code LC_ALL=C} keeps
 * git's messages in the English that {@link RepoLocation} recognises.
 */
final class GitBinary {

    private final Path executable;
    private final Map<String, String> env;

    private GitBinary(Path executable, Map<String, String> env) {
        this.executable = executable;
        this.env = env;
    }

    /**
     * Finds git on the PATH of {@code env}, not of this JVM: a child process searches the parent's
     * PATH, so the caller's PATH is honoured only if wb resolves the executable itself. Only absolute
     * entries count: a relative one would be taken from this JVM's folder, which on a warm server is
     * not the caller's (and a repository file named {@code git} must not stand in for git).
     */
    static GitBinary onPath(Map<String, String> env) {
        String path = env.getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator, 0)) {
            if (dir.isEmpty() || !Path.of(dir).isAbsolute()) {
                continue;
            }
            Path candidate = Path.of(dir, "git");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return new GitBinary(candidate, Map.copyOf(env));
            }
        }
        throw new GitException("git was not found on PATH");
    }

    /** The outcome of a finished git process; stdout as raw bytes, since paths are bytes. */
    // Raw stdout, read once by the caller; an output is never compared.
    @SuppressWarnings("ArrayRecordComponent")
    record Output(int exitCode, byte[] stdout, String stderr) {
        String text() {
            return new String(stdout, StandardCharsets.UTF_8);
        }

        String firstErrorLine() {
            String trimmed = stderr.strip();
            int end = trimmed.indexOf('\n');
            return end < 0 ? trimmed : trimmed.substring(0, end);
        }
    }

    /**
     * How long any one read may run: far past what a read of a large repository takes, so that it only
     * ever stops a git that hangs (a stuck filesystem, a lock, a credential helper), never a slow one.
     */
    static final Duration LIMIT = Duration.ofMinutes(10);

    /**
     * Runs {@code git -C dir ARGS} to completion with stdin from /dev/null, within {@link #LIMIT}; never
     * throws on a non-zero exit.
     */
    Output run(Path dir, String... args) {
        return runWithin(LIMIT, dir, args);
    }

    /**
     * Like {@link #run}, but bounded: a git that has not finished within {@code limit} is killed and the
     * read is a {@link GitException}. For a read a command can do without (the actor's name).
     */
    Output runWithin(Duration limit, Path dir, String... args) {
        Process process = start(dir, ProcessBuilder.Redirect.from(new File("/dev/null")), args);
        StderrDrain stderr = StderrDrain.of(process);
        CompletableFuture<byte[]> stdout = new CompletableFuture<>();
        Thread reader = new Thread(
                () -> {
                    try (InputStream in = process.getInputStream()) {
                        stdout.complete(in.readAllBytes());
                    } catch (IOException e) {
                        stdout.completeExceptionally(e);
                    }
                },
                "wb-git-read");
        reader.setDaemon(true);
        reader.start();
        try {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new GitException("git " + command(args) + " did not finish within " + seconds(limit));
            }
            byte[] bytes = stdout.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            return new Output(process.exitValue(), bytes, stderr.text());
        } catch (ExecutionException | TimeoutException e) {
            process.destroyForcibly();
            throw new GitException("could not read the output of git " + command(args), e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new GitException("interrupted while git " + command(args) + " ran", e);
        }
    }

    private static String seconds(Duration limit) {
        return limit.toMillis() % 1000 == 0 ? limit.toSeconds() + " s" : limit.toMillis() + " ms";
    }

    /** Like {@link #run}, but a non-zero exit is a {@link GitException} with git's first line of stderr. */
    byte[] runOrThrow(Path dir, String... args) {
        Output output = run(dir, args);
        if (output.exitCode() != 0) {
            throw new GitException("git " + command(args) + " failed: " + output.firstErrorLine());
        }
        return output.stdout();
    }

    /** The subcommand's name, for messages: the first argument that is not a global option. */
    private static String command(String... args) {
        for (String arg : args) {
            if (!arg.startsWith("-")) {
                return arg;
            }
        }
        return String.join(" ", args);
    }

    /**
     * Starts {@code git -C dir ARGS} in {@code dir} with the given stdin; the caller drains its output.
     * The child's folder is set too, never inherited: a warm server's own folder is {@code /}.
     */
    Process start(Path dir, ProcessBuilder.Redirect stdin, String... args) {
        List<String> argv = new ArrayList<>(args.length + 4);
        argv.add(executable.toString());
        argv.add("--no-optional-locks");
        argv.add("-C");
        argv.add(dir.toString());
        argv.addAll(List.of(args));
        ProcessBuilder builder =
                new ProcessBuilder(argv).directory(dir.toFile()).redirectInput(stdin);
        Map<String, String> childEnv = builder.environment();
        childEnv.clear();
        childEnv.putAll(env);
        childEnv.put("GIT_TERMINAL_PROMPT", "0");
        childEnv.put("GIT_NO_LAZY_FETCH", "1");
        childEnv.put("LC_ALL", "C");
        try {
            return builder.start();
        } catch (IOException e) {
            throw new GitException("could not start " + executable + ": " + e.getMessage(), e);
        }
    }
}
