package dev.wb.commands.judge.agents;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Finds this installation's launcher, {@code bin/wb}, whose path the guard hook's command pins. */
public final class WbLauncher {

    /** The launcher's path, when the launcher passes it: {@code bin/wb} exports it, or sets the property. */
    public static final String ENV = "WB_LAUNCHER";

    public static final String PROPERTY = "wb.launcher";

    private WbLauncher() {}

    /**
     * This installation's launcher, {@code bin/wb}: {@value #ENV} or the {@value #PROPERTY}
     * property when the launcher sets one, else the launcher of the installation whose jar this JVM runs
     * ({@code java -jar <home>/cli/target/wb.jar}, as bin/wb starts it → {@code <home>/bin/wb}). Empty when none of them names an
     * existing file. A relative {@value #ENV} is taken from the run's folder {@code cwd}, as the caller's
     * shell meant it (a warm server's own folder is {@code /}: docs/adr/0009); the property and the jar
     * are this JVM's own.
     */
    public static Optional<Path> find(Map<String, String> env, Path cwd) {
        List<Path> candidates = new ArrayList<>();
        Optional.ofNullable(env.get(ENV)).filter(v -> !v.isBlank()).ifPresent(v -> candidates.add(cwd.resolve(v)));
        Optional.ofNullable(System.getProperty(PROPERTY))
                .filter(v -> !v.isBlank())
                .ifPresent(v -> candidates.add(Path.of(v).toAbsolutePath()));
        besideJar().ifPresent(candidates::add);
        for (Path candidate : candidates) {
            Path path = candidate.normalize();
            if (Files.isRegularFile(path)) {
                return Optional.of(path);
            }
        }
        return Optional.empty();
    }

    /** {@code java -jar <home>/cli/target/wb.jar}, as bin/wb runs it: the class path is that one jar. */
    private static Optional<Path> besideJar() {
        try {
            String classPath = System.getProperty("java.class.path", "");
            if (classPath.isEmpty() || classPath.contains(File.pathSeparator)) {
                return Optional.empty();
            }
            Path jar = Path.of(classPath).toAbsolutePath().normalize();
            Path target = jar.getParent();
            if (!jar.getFileName().toString().equals("wb.jar")
                    || target == null
                    || !target.getFileName().toString().equals("target")
                    || target.getParent() == null
                    || !target.getParent().getFileName().toString().equals("cli")
                    || target.getParent().getParent() == null) {
                return Optional.empty();
            }
            return Optional.of(target.getParent().getParent().resolve("bin").resolve("wb"));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
