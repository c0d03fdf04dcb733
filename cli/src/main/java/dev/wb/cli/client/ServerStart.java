package dev.wb.cli.client;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts a server for a key in the background (docs/adr/0013-served-path.md), from a cold run that found
 * none. The server gets nothing of the caller: a clean environment ({@code LC_ALL=C.UTF-8},
 * {@code PATH=/usr/bin:/bin}), the folder {@code /}, stdin and stdout {@code /dev/null}, stderr its
 * {@code log}, its own session ({@code setsid}) and the signals a background job ignores reset
 * ({@code env --default-signal}); on its command line only the JVM's flags, its folder and the jar. At
 * most one start at a time per folder: {@code starting} is created exclusively and names the starter's
 * child while it lives.
 */
final class ServerStart {

    /** The server compiles with C2 too, and gives a grown heap back whole (ADR 13, "The server's JVM"). */
    static final List<String> SERVER_FLAGS =
            List.of("-XX:-ShrinkHeapInSteps", "-XX:MinHeapFreeRatio=20", "-XX:MaxHeapFreeRatio=40");

    private ServerStart() {}

    /** Starts a server for {@code place} unless one is starting; never fails the caller. */
    static void spawn(ServerPlace place, Map<String, String> env) {
        try {
            if (!RuntimeFolder.make(place)) {
                return;
            }
            Path folder = place.folder();
            Path starting = folder.resolve("starting");
            if (!claim(starting)) {
                return;
            }
            Path key = folder.resolve("key.new");
            Files.deleteIfExists(key);
            Files.writeString(
                    key, place.key(), StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
            Files.move(key, folder.resolve("key"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            ProcessBuilder builder = new ProcessBuilder(command(folder, env))
                    .directory(new File("/"))
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.appendTo(
                            folder.resolve("log").toFile()));
            builder.environment().clear();
            builder.environment().put("LC_ALL", "C.UTF-8");
            builder.environment().put("PATH", "/usr/bin:/bin");
            Process server = builder.start();
            Files.writeString(starting, server.pid() + "\n", StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            // No server this time: the command runs cold, and a later one tries again.
        }
    }

    /**
     * Creates {@code starting} exclusively; false while another start's process lives. A file whose
     * process is gone (a start that failed, a server that exited) is taken over.
     */
    private static boolean claim(Path starting) throws IOException {
        for (int attempt = 0; attempt < 2; attempt++) {
            try {
                Files.writeString(
                        starting, "", StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                return true;
            } catch (FileAlreadyExistsException held) {
                String pid = Files.readString(starting, StandardCharsets.UTF_8).trim();
                boolean young = Files.getLastModifiedTime(starting).toMillis() > System.currentTimeMillis() - 2_000;
                if ((pid.isEmpty() && young) || (!pid.isEmpty() && Files.exists(Path.of("/proc", pid)))) {
                    return false;
                }
                Files.deleteIfExists(starting);
            }
        }
        return false;
    }

    /** {@code setsid env --default-signal=… java <flags> -Dwb.server=<folder> -jar <jar>}. */
    private static List<String> command(Path folder, Map<String, String> env) throws IOException {
        List<String> argv = Proc.cmdline();
        int jar = argv.indexOf("-jar");
        List<String> command = new ArrayList<>();
        command.add(program("setsid"));
        command.add(program("env"));
        command.add("--default-signal=INT,QUIT,TERM,HUP");
        command.add(Files.readSymbolicLink(Path.of("/proc/self/exe")).toString());
        for (String flag : argv.subList(1, jar)) {
            if (!flag.startsWith("-Dwb.terminal.")
                    && !flag.equals("-XX:TieredStopAtLevel=1")
                    && !flag.startsWith("-XX:DumpLoadedClassList")
                    && !flag.startsWith("-XX:ArchiveClassesAtExit")) {
                command.add(flag);
            }
        }
        command.addAll(SERVER_FLAGS);
        for (String[] setting : new String[][] {{"WB_SERVER_IDLE", "idle"}, {"WB_SERVER_MEMORY", "memory"}}) {
            String value = env.getOrDefault(setting[0], "");
            if (value.matches("[0-9]{1,9}")) {
                command.add("-Dwb.server." + setting[1] + "=" + value);
            }
        }
        command.add("-Dwb.server=" + folder);
        command.add("-jar");
        command.add(Path.of(argv.get(jar + 1)).toRealPath().toString());
        return command;
    }

    private static String program(String name) throws IOException {
        for (String dir : new String[] {"/usr/bin", "/bin"}) {
            Path p = Path.of(dir, name);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        throw new IOException(name + " is not in /usr/bin or /bin");
    }
}
