package dev.wb.testkit;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Starts a real child JVM running a main class from the test class path, with the JVM flags that
 * Chronicle Queue needs (passed down by Surefire as {@code wb.jvm.flags}).
 */
public final class ChildJvm {

    private ChildJvm() {}

    public static List<String> command(Class<?> mainClass, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        argv.addAll(jvmFlags());
        argv.add("-Djffi.extract.dir=" + NativeFolder.PATH);
        argv.add("-XX:TieredStopAtLevel=1");
        argv.add("-XX:+UseSerialGC");
        argv.add("-cp");
        argv.add(System.getProperty("java.class.path"));
        argv.add(mainClass.getName());
        argv.addAll(List.of(args));
        return argv;
    }

    /**
     * A private folder (0700) for jffi's native library, made once per test JVM: without it jffi falls
     * back to the child's working folder (a test repository) when the temporary folder fails.
     */
    private static final class NativeFolder {
        static final Path PATH = make();

        private static Path make() {
            try {
                Path dir = Files.createTempDirectory("wb-test-native");
                dir.toFile().deleteOnExit();
                return dir;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    public static List<String> jvmFlags() {
        String flags = System.getProperty("wb.jvm.flags", "").trim();
        if (flags.isEmpty()) {
            throw new IllegalStateException("wb.jvm.flags is not set: run the tests through Maven");
        }
        return Arrays.asList(flags.split("\\s+"));
    }

    /** Starts the child with its output going to the given files. */
    public static Process start(
            Path dir, Map<String, String> env, File stdout, File stderr, Class<?> mainClass, String... args) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command(mainClass, args))
                    .directory(dir.toFile())
                    .redirectOutput(stdout)
                    .redirectError(stderr);
            builder.environment().putAll(env);
            return builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs the child to completion. */
    public static TempGitRepo.ProcessResult run(
            Path dir, Map<String, String> env, long timeoutSeconds, Class<?> mainClass, String... args) {
        return TempGitRepo.Processes.run(dir, command(mainClass, args), env, timeoutSeconds);
    }
}
