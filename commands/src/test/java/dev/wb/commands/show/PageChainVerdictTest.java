package dev.wb.commands.show;

import static dev.wb.commands.show.ShowFixture.A;
import static dev.wb.commands.show.ShowFixture.B;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Session;
import dev.wb.commands.base.CacheFile;
import dev.wb.commands.status.StatusQuery;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task's pages say whether its chain verifies as {@code wb status} does: from the verdict remembered
 * in {@code checkpoints/chains.txt} while the stream's stored files keep the stamp it was found at, and
 * by verifying the chain again, and remembering that, once they do not.
 */
class PageChainVerdictTest {

    static final Instant MADE = Instant.parse("2026-12-01T10:20:30.456Z");
    static final String HEADER = "wb chain verdicts 1";
    static final String NEEDLE = "the step was refused";

    @TempDir
    Path tmp;

    ShowFixture fx;

    @BeforeEach
    void history() {
        fx = new ShowFixture(TempGitRepo.create(tmp, "repo"));
        fx.gitStep(A, "first");
        fx.gitStep(A, NEEDLE);
        fx.gitStep(A, "third");
        fx.gitStep(B, "another task");
    }

    private String page() {
        try (Session session = fx.session()) {
            return TaskPage.html(session, A, MADE);
        }
    }

    private Path verdicts() {
        return fx.repo.resolve(".workflow/local/checkpoints/chains.txt");
    }

    private List<String> lines() {
        return CacheFile.read(verdicts(), HEADER).orElseThrow();
    }

    /** One byte of the second event's payload changed: still JSON, no longer what was hashed. */
    private void damage() throws IOException {
        Path cycle;
        try (Stream<Path> files = Files.list(fx.repo.resolve(".workflow/local/log/streams/" + A))) {
            cycle = files.filter(p -> p.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        byte[] bytes = Files.readAllBytes(cycle);
        byte[] needle = NEEDLE.getBytes(StandardCharsets.UTF_8);
        int at = -1;
        for (int i = 0; at < 0 && i + needle.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + needle.length, needle, 0, needle.length)) {
                at = i;
            }
        }
        assertTrue(at >= 0, "the payload is stored in " + cycle);
        bytes[at + needle.length - 1] ^= 0x01;
        Files.write(cycle, bytes);
    }

    @Test
    void a_page_remembers_its_verification_and_verifies_again_once_the_stored_files_change() throws IOException {
        assertTrue(page().contains("The hash chain verifies."));
        assertEquals(1, lines().size(), lines()::toString);
        assertTrue(lines().get(0).startsWith(A + " ") && lines().get(0).endsWith(" intact"), lines()::toString);

        damage();

        assertTrue(page().contains("The hash chain does not verify at event 1 (wb replay " + A + " --verify)."));
        assertTrue(lines().get(0).startsWith(A + " ") && lines().get(0).endsWith(" 1"), lines()::toString);
    }

    @Test
    void while_the_stored_files_keep_their_stamp_the_remembered_verdict_stands_as_for_wb_status() throws IOException {
        damage();
        page(); // remembers the break, at the damaged files' stamp
        String line = lines().get(0);
        CacheFile.write(verdicts(), HEADER, List.of(line.substring(0, line.lastIndexOf(' ')) + " intact"));

        assertTrue(page().contains("The hash chain verifies."), "the remembered verdict: the chain is not read");
    }

    @Test
    void a_page_keeps_the_other_streams_verdicts_status_remembered() throws IOException {
        try (Session session = fx.session()) {
            new StatusQuery(session).all();
        }
        List<String> before = lines();
        assertEquals(2, before.size(), before::toString);
        damage();

        page();

        List<String> after = lines();
        assertEquals(before.get(1), after.get(1), "task " + B + "'s line as it was");
        assertTrue(after.get(0).startsWith(A + " ") && after.get(0).endsWith(" 1"), after::toString);
    }
}
