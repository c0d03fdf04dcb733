package dev.wb.commands.status;

import static dev.wb.commands.PlanFixture.plan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Workspace;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a task's folder holds for its stages, read from a real repository. */
class TaskFilesTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
    }

    TaskFiles read(String key) {
        return TaskFiles.read(Workspace.require(repo.root()), new TaskKey(key));
    }

    @Test
    void aBugTicketReadByTaskGetOwesAHandover() {
        repo.write(".workflow/ABC-1/triage.json", "{\"type\": \"Bug\", \"title\": \"t\"}\n");
        TaskFiles files = read("ABC-1");
        assertEquals(Optional.of("triage.json"), files.intake());
        assertTrue(files.handoverOwed());
        assertEquals("Bug", files.kind());
    }

    @Test
    void aFeatureOwesNoneAndThePlansOverrideWins() {
        repo.write(".workflow/ABC-1/triage.json", "{\"type\": \"feature\"}\n");
        assertFalse(read("ABC-1").handoverOwed());
        plan("ABC-1").flag("handover_required", true).writeTo(repo);
        assertTrue(read("ABC-1").handoverOwed());
        plan("ABC-1")
                .set("ticket_type", "incident")
                .flag("handover_required", false)
                .writeTo(repo);
        assertFalse(read("ABC-1").handoverOwed());
    }

    @Test
    void anIncidentKeyOwesAHandoverWithoutATicket() {
        assertTrue(read("INCIDENT-7").handoverOwed());
        assertFalse(read("ABC-7").handoverOwed());
    }

    @Test
    void aFramedIdeaIsTakenIn() {
        repo.write(".workflow/ABC-1/frame.md", "# idea\n");
        assertEquals(Optional.of("framed as an idea"), read("ABC-1").intake());
    }

    @Test
    void theNotesAreDigestedAsTheyAreNowAndALinkCountsAsAbsent() throws IOException {
        repo.write(".workflow/ABC-1/commit.txt", "fix: the thing\n");
        Path outside = Files.writeString(tmp.resolve("pr.md"), "draft\n");
        Files.createSymbolicLink(repo.root().resolve(".workflow/ABC-1/pr.md"), outside);
        TaskFiles files = read("ABC-1");
        assertEquals(Optional.of(Digests.sha256("fix: the thing\n".getBytes(StandardCharsets.UTF_8))), files.commit());
        assertEquals(Optional.empty(), files.pr());
        assertEquals(Optional.empty(), files.handover());
    }
}
