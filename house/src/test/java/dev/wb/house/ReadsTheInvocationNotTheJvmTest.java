package dev.wb.house;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A served command behaves byte for byte like the same command run cold in the caller's folder with the
 * caller's environment (docs/adr/0009): so wb's main code reads the environment, folder, streams and
 * process of its invocation, never the JVM's own ({@link InvocationReads} says what that means and which
 * files may, and why). A new read of the JVM's state fails here with its file and line.
 */
class ReadsTheInvocationNotTheJvmTest {

    @Test
    void no_main_code_reads_the_jvms_environment_folder_streams_or_process() throws IOException {
        Path root = Tree.projectRoot();
        List<String> offences = new ArrayList<>();
        List<Path> files = sources(root);
        for (Path file : files) {
            InvocationReads.check(relative(root, file), Files.readString(file, StandardCharsets.UTF_8))
                    .forEach(offence -> offences.add(offence.toString()));
        }
        assertTrue(files.size() > 300, "the scan found only " + files.size() + " source files under " + root);
        assertTrue(
                files.stream().anyMatch(f -> f.endsWith("dev/wb/commands/process/ProcessRunner.java")),
                "the commands module was scanned");
        assertEquals(
                List.of(),
                offences,
                () -> "main code reads the JVM's own state where it should read the run's:\n  "
                        + String.join("\n  ", offences) + "\n");
    }

    @Test
    void every_file_the_allowlist_names_still_needs_its_entry() throws IOException {
        Path root = Tree.projectRoot();
        List<String> stale = new ArrayList<>();
        for (InvocationReads.Allowed allowed : InvocationReads.ALLOWED) {
            if (allowed.path().endsWith("/")) {
                continue; // a folder being rewritten elsewhere may not exist yet
            }
            Path file = root.resolve(allowed.path());
            if (!Files.isRegularFile(file)) {
                stale.add(allowed.path() + " (no such file)");
                continue;
            }
            boolean needed =
                    InvocationReads.findings(allowed.path(), Files.readString(file, StandardCharsets.UTF_8)).stream()
                            .anyMatch(f -> allowed.covers(
                                    f.file(), f.reason().substring(0, f.reason().indexOf(':'))));
            if (!needed) {
                stale.add(allowed.path() + " (reads nothing its entry allows)");
            }
        }
        assertEquals(List.of(), stale, "remove these entries from InvocationReads.ALLOWED");
    }

    // --- the scan itself, on made-up sources -------------------------------------------------------

    @Test
    void a_read_of_the_jvms_environment_or_folder_is_named_with_its_file_and_line() {
        String source = """
                package x;
                class Reader {
                  // System.getenv() in a comment is no read
                  String home() { return System.getenv("HOME"); }
                  String here() { return System.getProperty("user.dir"); }
                  java.nio.file.Path there() { return java.nio.file.Path.of(""); }
                  String text() { return "System.getenv() in a literal is no read either"; }
                }
                """;

        List<String> offences = lines(InvocationReads.check("commands/src/main/java/x/Reader.java", source));

        assertEquals(
                List.of(
                        "commands/src/main/java/x/Reader.java:4: environment",
                        "commands/src/main/java/x/Reader.java:5: folder",
                        "commands/src/main/java/x/Reader.java:6: folder"),
                offences);
    }

    @Test
    void a_process_must_get_its_folder_its_environment_and_its_programs_path_from_the_run() {
        String bare = """
                class Runner {
                  Process run() throws Exception {
                    return new ProcessBuilder("make", "check").start();
                  }
                }
                """;
        String whole = """
                class Runner {
                  Process run(java.util.List<String> argv, java.io.File dir, java.util.Map<String, String> env)
                      throws Exception {
                    ProcessBuilder builder = new ProcessBuilder(argv).directory(dir);
                    java.util.Map<String, String> child = builder.environment();
                    child.clear();
                    child.putAll(env);
                    return builder.start();
                  }
                }
                """;

        String located = """
                class Runner {
                  Process run(java.nio.file.Path git, java.io.File dir, java.util.Map<String, String> env)
                      throws Exception {
                    ProcessBuilder builder = new ProcessBuilder(git.toString(), "cat-file", "--batch").directory(dir);
                    builder.environment().clear();
                    builder.environment().putAll(env);
                    return builder.start();
                  }
                }
                """;

        List<InvocationReads.Offence> offences = InvocationReads.check("cli/src/main/java/x/Runner.java", bare);

        assertEquals(1, offences.size(), offences::toString);
        assertEquals(3, offences.get(0).line());
        assertTrue(offences.get(0).reason().contains("its folder (directory)"), offences::toString);
        assertTrue(offences.get(0).reason().contains("its environment (environment().clear())"), offences::toString);
        assertTrue(offences.get(0).reason().contains("\"make\" is looked for on the JVM's PATH"), offences::toString);
        assertEquals(List.of(), InvocationReads.check("cli/src/main/java/x/Runner.java", whole));
        assertEquals(List.of(), InvocationReads.check("cli/src/main/java/x/Runner.java", located));
        assertEquals(
                List.of("cli/src/main/java/x/Runner.java:4: process"),
                lines(InvocationReads.check(
                        "cli/src/main/java/x/Runner.java",
                        located.replace("git.toString(), \"cat-file\"", "java.util.List.of(\"git\", \"cat-file\")"))),
                "a program named in a list is looked for on the JVM's PATH too");
    }

    @Test
    void a_command_takes_its_streams_and_its_process_from_the_run_and_only_the_entry_point_may_not() {
        String source = """
                class Cmd {
                  void run() {
                    System.out.println(ProcessHandle.current().pid());
                    var in = System.in;
                  }
                }
                """;

        assertEquals(
                List.of(
                        "cli/src/main/java/dev/wb/cli/x/Cmd.java:3: caller",
                        "cli/src/main/java/dev/wb/cli/x/Cmd.java:3: streams",
                        "cli/src/main/java/dev/wb/cli/x/Cmd.java:4: streams"),
                lines(InvocationReads.check("cli/src/main/java/dev/wb/cli/x/Cmd.java", source)));
        assertEquals(List.of(), InvocationReads.check("cli/src/main/java/dev/wb/cli/Wb.java", source));
        assertEquals(List.of(), InvocationReads.check("cli/src/main/java/dev/wb/cli/server/Any.java", source));
        assertEquals(
                List.of("cli/src/main/java/dev/wb/cli/core/Terminals.java:3: caller"),
                lines(InvocationReads.check("cli/src/main/java/dev/wb/cli/core/Terminals.java", source)),
                "Terminals may take the JVM's streams, not its process");
    }

    /** Each offence as {@code file:line: rule}, in the scan's order. */
    private static List<String> lines(List<InvocationReads.Offence> offences) {
        List<String> lines = new ArrayList<>();
        for (InvocationReads.Offence o : offences) {
            lines.add(o.file() + ":" + o.line() + ": "
                    + o.reason().substring(0, o.reason().indexOf(':')));
        }
        return lines;
    }

    /** The main sources of wb's own modules (bench and testkit are not wb). */
    private static List<Path> sources(Path root) throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path file : Tree.mainSources(root)) {
            String relative = relative(root, file);
            if (InvocationReads.MODULES.contains(relative.substring(0, relative.indexOf('/')))) {
                files.add(file);
            }
        }
        return files;
    }

    private static String relative(Path root, Path file) {
        return root.relativize(file).toString().replace('\\', '/');
    }
}
