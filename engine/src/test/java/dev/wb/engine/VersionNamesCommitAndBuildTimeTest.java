package dev.wb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The version tells builds apart (hardened in issue 13, item 30). */
class VersionNamesCommitAndBuildTimeTest {

    /** The module's folder (Maven runs tests there); wb's checkout is its parent. */
    private static final Path CHECKOUT = Path.of("").toAbsolutePath().getParent();

    @Test
    void item30_the_version_names_the_commit_and_the_time_of_its_build() {
        // "The version is 0.1.0-SNAPSHOT for every build, so a record made under another version's rules cannot be told
        // apart"
        String head = git("rev-parse", "--short=7", "HEAD");

        assertTrue(WbVersion.current().endsWith("+" + head), WbVersion.current() + " names " + head);
        assertTrue(WbVersion.built().matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"), WbVersion.built());
        String stamp = Invocation.start(new Actor("t", "h", 1, Optional.empty()), Clock.systemUTC())
                .wbVersion();
        assertEquals(WbVersion.current() + "." + WbVersion.built().replaceAll("[-:]", ""), stamp);
    }

    @Test
    void item30_a_build_outside_a_git_checkout_keeps_the_plain_version(@TempDir Path dir) throws IOException {
        // "it must work in CI's fresh clone and degrade gracefully with no .git"
        Path script = Files.createDirectories(dir.resolve("bin")).resolve("build-info");
        Files.copy(CHECKOUT.resolve("bin/build-info"), script);
        Path out = dir.resolve("classes");

        ProcessResult run = TempGitRepo.Processes.run(
                dir,
                List.of("bash", script.toString(), out.toString()),
                Map.of("GIT_CEILING_DIRECTORIES", dir.toString()),
                30);

        assertEquals(0, run.exitCode(), run.stderr());
        String stamped = Files.readString(out.resolve("dev/wb/engine/build.properties"));
        assertTrue(stamped.startsWith("commit=\nbuilt=20"), stamped);
        assertEquals("0.1.0-SNAPSHOT", WbVersion.of("0.1.0-SNAPSHOT", ""));
    }

    private static String git(String... args) {
        List<String> argv = new ArrayList<>(List.of("git", "-C", CHECKOUT.toString()));
        argv.addAll(List.of(args));
        ProcessResult result = TempGitRepo.Processes.run(CHECKOUT, argv, Map.of(), 30);
        assertEquals(0, result.exitCode(), result.stderr());
        return result.stdout().strip();
    }
}
