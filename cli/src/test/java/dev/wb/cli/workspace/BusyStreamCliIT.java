package dev.wb.cli.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.engine.internal.chronicle.HoldingChild;
import dev.wb.testkit.ChildJvm;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Another process holds a stream's lock and hangs: wb says the stream is busy within seconds. */
class BusyStreamCliIT {

    @TempDir
    Path tmp;

    @Test
    void a_hung_writer_makes_wb_init_exit_1_with_the_workspace_is_busy_not_a_hang() throws IOException {
        TempGitRepo repo = TempGitRepo.create(tmp, "repo");
        assertEquals(0, CliRun.wb(repo.root(), "init").code());
        Path out = tmp.resolve("holder.out");
        Process holder = ChildJvm.start(
                repo.root(),
                Map.of(),
                out.toFile(),
                tmp.resolve("holder.err").toFile(),
                HoldingChild.class,
                repo.resolve(".workflow/local/log/streams/workspace").toString());
        try {
            Awaitility.await()
                    .atMost(Duration.ofSeconds(30))
                    .pollInSameThread()
                    .until(() -> Files.exists(out) && Files.readString(out).contains("HOLDING"));

            long start = System.nanoTime();
            CliRun.Result result = CliRun.wb(repo.root(), "init");
            Duration took = Duration.ofNanos(System.nanoTime() - start);

            assertEquals(1, result.code(), result::toString);
            assertTrue(result.err().startsWith("error: the workspace is busy\n  fix: "), result::toString);
            assertFalse(result.err().contains("Exception"), result::toString);
            assertTrue(took.compareTo(Duration.ofSeconds(10)) < 0, "took " + took);
        } finally {
            holder.destroyForcibly();
        }
        CliRun.Result after = CliRun.wb(repo.root(), "replay", "workspace", "--verify");
        assertEquals(0, after.code(), after::toString);
    }
}
