package dev.wb.cli;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/wb's class-data-sharing archive and its choice of JDK, on a copy of the built install (bin/, cli/target/wb.jar,
 * lib/, the archive, its stamp and class list) in another folder: real processes, so the install the other tests use
 * is never re-archived underneath them.
 */
class LauncherArchiveIT {

    private static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();
    private static final Path TARGET = HOME.resolve("cli/target");
    private static final Path JDK_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");

    @TempDir
    Path tmp;

    private Path copy;
    private TempGitRepo repo;

    @BeforeEach
    void setUp() throws IOException {
        assumeTrue(Files.isRegularFile(TARGET.resolve("wb.jsa")), "this JVM made no CDS archive at package time");
        copy = tmp.resolve("elsewhere/wb");
        copyTree(HOME.resolve("bin"), copy.resolve("bin"));
        copyTree(TARGET.resolve("lib"), copy.resolve("cli/target/lib"));
        for (String file : List.of("wb.jar", "wb.jsa", "wb.jsa.stamp", "wb.classlist")) {
            Files.copy(TARGET.resolve(file), copy.resolve("cli/target").resolve(file));
        }
        repo = TempGitRepo.create(tmp, "repo");
        Files.createDirectories(tmp.resolve("home"));
    }

    /** A remaking of the copy's archive that a run started finishes before the folder is removed. */
    @AfterEach
    void noMakeCdsLeftRunning() {
        if (copy == null) {
            return;
        }
        String where = copy.toString();
        await().atMost(Duration.ofMinutes(3))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> ProcessHandle.allProcesses()
                        .noneMatch(p -> p.info()
                                .commandLine()
                                .filter(c -> c.contains("make-cds") && c.contains(where))
                                .isPresent()));
    }

    @Test
    void a_copied_install_makes_its_archive_again_in_the_background_and_then_starts_from_it() throws IOException {
        Path copiedTarget = copy.resolve("cli/target").toRealPath();
        assertEquals(0, wb(HOME, repo.root(), Map.of(), "init").exitCode());

        // The first run in the copy: the archive names the original's jar paths, so this run goes without it,
        // with the same output, and starts the archive's remaking in the background.
        ProcessResult first = wb(copy, repo.root(), Map.of(), "status", "--stats");
        ProcessResult original = wb(HOME, repo.root(), Map.of(), "status", "--stats");
        assertEquals(0, first.exitCode(), first.stderr());
        assertEquals(original.stdout(), first.stdout());
        assertEquals("", first.stderr());

        await().atMost(Duration.ofMinutes(3))
                .pollInterval(Duration.ofMillis(500))
                .until(() -> stampNames(copiedTarget) && !Files.exists(copiedTarget.resolve("wb.jsa.lock")));

        // Now wb's own classes come from the archive in the copy.
        ProcessResult traced = wb(copy, repo.root(), Map.of("WB_JAVA_OPTS", "-Xlog:class+load"), "status", "--stats");
        assertEquals(0, traced.exitCode(), traced.stderr());
        assertTrue(
                traced.stdout().lines().anyMatch(l -> l.contains(" dev.wb.cli.Wb source: shared objects file")),
                "dev.wb.cli.Wb loaded from the archive in the copy");
        ProcessResult again = wb(copy, repo.root(), Map.of(), "status", "--stats");
        assertEquals(original.stdout(), again.stdout());
        assertEquals("", again.stderr());
        try (Stream<Path> files = Files.list(copiedTarget)) {
            List<String> left = files.map(p -> p.getFileName().toString())
                    .filter(n -> n.contains(".tmp.") || n.endsWith(".lock"))
                    .toList();
            assertEquals(List.of(), left, "no temporary archive or lock is left behind");
        }
    }

    @Test
    void on_jdk_25_the_commands_print_exactly_what_they_print_on_the_default_jdk_and_no_warning() throws IOException {
        assumeTrue(Files.isExecutable(JDK_25.resolve("bin/java")), "no JDK 25 at " + JDK_25);
        TempGitRepo other = TempGitRepo.create(tmp, "other");
        Map<String, String> on25 = Map.of("WB_JAVA_HOME", JDK_25.toString());
        List<List<String>> commands = List.of(
                List.of("init"),
                List.of("status", "--stats"),
                List.of("replay", "workspace", "--verify"),
                List.of("sdd", "audit", "ABC-1"),
                List.of("impl", "check", "ABC-1"),
                List.of("judge", "status"));
        for (List<String> command : commands) {
            String[] args = command.toArray(String[]::new);
            ProcessResult expected = wb(HOME, repo.root(), Map.of(), args);
            ProcessResult actual = wb(copy, other.root(), on25, args);
            String what = String.join(" ", command);
            assertEquals(expected.exitCode(), actual.exitCode(), what + ": " + actual.stderr());
            assertEquals(masked(expected.stdout(), repo), masked(actual.stdout(), other), what);
            assertEquals(masked(expected.stderr(), repo), masked(actual.stderr(), other), what);
            assertFalse(actual.stderr().contains("WARNING"), what + ": " + actual.stderr());
        }
        ProcessResult version = wb(copy, other.root(), on25, "--version");
        assertTrue(version.stdout().contains("Java 25"), version.stdout());
    }

    @Test
    void an_explicit_wb_java_home_wins_and_one_that_is_no_jdk_stops_with_error_and_fix() throws IOException {
        Path notAJdk = Files.createDirectories(tmp.resolve("not-a-jdk/bin"));

        ProcessResult refused =
                wb(copy, repo.root(), Map.of("WB_JAVA_HOME", notAJdk.getParent().toString()), "status");
        ProcessResult passedOver =
                wb(copy, repo.root(), Map.of("JAVA_HOME", notAJdk.getParent().toString()), "--version");

        assertEquals(3, refused.exitCode());
        assertEquals(
                "error: WB_JAVA_HOME=" + notAJdk.getParent() + " is not a JDK 17 or later\n"
                        + "  fix: point WB_JAVA_HOME at a JDK 17 or later (the folder holding bin/java), or unset it\n",
                refused.stderr());
        assertEquals("", refused.stdout());
        assertEquals(0, passedOver.exitCode(), "a JAVA_HOME that is no JDK is passed over: " + passedOver.stderr());
        assertTrue(passedOver.stdout().startsWith("wb "), passedOver.stdout());
    }

    @Test
    void the_same_jdk_reached_through_a_symlink_or_a_version_managers_shim_starts_from_the_same_archive()
            throws IOException {
        // The build's stamp names the JDK it archived for; reach that JDK two other ways.
        List<String> stamp =
                List.of(Files.readString(TARGET.resolve("wb.jsa.stamp")).trim().split(" ", 0));
        Path java = Path.of(stamp.get(stamp.size() - 2));
        Path linkedHome = Files.createSymbolicLink(
                tmp.resolve("jdk-link"), java.getParent().getParent());
        Path shims = Files.createDirectories(tmp.resolve("shims"));
        Path shim = shims.resolve("java");
        Files.writeString(shim, "#!/bin/sh\nexec '" + java + "' \"$@\"\n");
        assertTrue(shim.toFile().setExecutable(true));
        Map<String, String> trace = Map.of("WB_JAVA_OPTS", "-Xlog:class+load");

        for (Map<String, String> way : List.of(
                Map.of("JAVA_HOME", linkedHome.toString()),
                Map.of("JAVA_HOME", "", "PATH", shims + ":/usr/bin:/bin"))) {
            Map<String, String> env = new HashMap<>(way);
            env.putAll(trace);
            ProcessResult traced = wb(HOME, repo.root(), env, "--version");
            assertEquals(0, traced.exitCode(), traced.stderr());
            assertTrue(
                    traced.stdout().lines().anyMatch(l -> l.contains(" dev.wb.cli.Wb source: shared objects file")),
                    way + ": dev.wb.cli.Wb loaded from the build's archive");
        }
        assertEquals(
                String.join(" ", stamp),
                Files.readString(TARGET.resolve("wb.jsa.stamp")).trim());
        assertFalse(Files.exists(TARGET.resolve("wb.jsa.lock")), "no remaking was started");
    }

    /** The repository's path and the events' times are all that may differ between the two repositories. */
    private static String masked(String output, TempGitRepo in) {
        return output.replace(in.root().toString(), "REPO")
                .replaceAll("\\d{4}-\\d\\d-\\d\\dT[0-9:.]+Z", "TIME")
                .replaceAll(" +", " ");
    }

    private boolean stampNames(Path copiedTarget) throws IOException {
        Path stamp = copiedTarget.resolve("wb.jsa.stamp");
        return Files.isRegularFile(stamp) && Files.readString(stamp).startsWith(copiedTarget + " ");
    }

    private ProcessResult wb(Path install, Path cwd, Map<String, String> extraEnv, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(install.resolve("bin/wb").toString());
        argv.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", tmp.resolve("home").toString());
        env.putAll(extraEnv);
        return TempGitRepo.Processes.run(cwd, argv, env, 120);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.sorted(Comparator.naturalOrder()).toList()) {
                Path dest = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(dest);
                } else {
                    Files.copy(path, dest); // as cp -r: new times, the same modes
                }
            }
        }
    }
}
