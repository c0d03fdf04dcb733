package dev.wb.cli.sdd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through bin/wb, real processes: a bug's plan without a handover is refused (exit 2), with one its
 * note is written and recorded, the handover stage of {@code wb status} turns ok, and an edit of the
 * note after it was written sends the stage back; {@code wb next} names the skill beside the command.
 */
class SddHandoverStagesIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");
    private static final String PLAN = """
            {"schema": 1, "key": "BUG-3", "preset": "startup", "persona": "dev", "ticket_type": "bug",
             "objective": "stop <the> crash",
             "evidence": [{"claim": "the code says so", "file": "src/app.py", "line": 1, "quote": "value = 1"}],
             "files": [{"path": "src/app.py", "change": "edit", "why": "the crash is here"}],
             "tests": [{"kind": "regression", "asserts": "no crash"}],
             "verify": ["true"], "rollback": "revert the commit",
             "product": {"metric": "crashes", "who_asked": "support"}%s}
            """;

    @TempDir
    Path tmp;

    TempGitRepo repo;
    Path home;

    @BeforeEach
    void repository() throws IOException {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "value = 1\n");
        repo.commitAll("app");
        home = Files.createDirectories(tmp.resolve("home"));
    }

    private ProcessResult wb(String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", home.toString());
        env.put("WB_SERVER", "off");
        return TempGitRepo.Processes.run(repo.root(), argv, env, 120);
    }

    private JsonNode stage(String name) {
        ProcessResult status = wb("status", "BUG-3", "--json");
        assertEquals(0, status.exitCode(), status.stderr());
        return CanonicalJson.parse(status.stdout().getBytes(StandardCharsets.UTF_8))
                .path("stages")
                .path(name);
    }

    @Test
    void aBugsHandoverIsRefusedWithoutItsSectionThenWrittenAndCountedWhileUnedited() throws IOException {
        repo.write(".workflow/BUG-3/sdd.json", PLAN.formatted(""));
        ProcessResult refused = wb("sdd", "handover", "BUG-3");
        assertEquals(2, refused.exitCode());
        assertTrue(refused.stderr().contains("error: BUG-3 has no handover section"), refused.stderr());
        assertFalse(Files.exists(repo.resolve(".workflow/BUG-3/handover.md")));
        assertEquals("pending", stage("handover").path("mark").asText());
        assertEquals("n/a", stage("triage").path("mark").asText());

        repo.write(
                ".workflow/BUG-3/sdd.json",
                PLAN.formatted(", \"handover\": {\"symptom_plain\": \"it crashed\", \"qa_steps\": [\"open it\"]}"));
        ProcessResult written = wb("sdd", "handover", "BUG-3");
        assertEquals(0, written.exitCode(), written.stderr());
        assertEquals("wrote .workflow/BUG-3/handover.md\n", written.stdout());
        assertEquals("ok", stage("handover").path("mark").asText());

        Files.writeString(repo.resolve(".workflow/BUG-3/handover.md"), "edited\n");
        JsonNode edited = stage("handover");
        assertEquals("pending", edited.path("mark").asText());
        assertEquals(
                "handover.md changed since wb sdd handover wrote it",
                edited.path("detail").asText());

        ProcessResult rendered = wb("sdd", "render", "BUG-3");
        assertEquals(0, rendered.exitCode(), rendered.stderr());
        assertTrue(Files.readString(repo.resolve(".workflow/BUG-3/sdd.md")).contains("stop &lt;the&gt; crash"));
        ProcessResult replay = wb("replay", "BUG-3");
        assertTrue(replay.stdout().contains("handover.written"), replay.stdout());
        assertTrue(replay.stdout().contains("plan.rendered"), replay.stdout());

        ProcessResult next = wb("next", "BUG-3");
        assertEquals(
                "  next: wb sdd audit BUG-3   (plan-change)",
                next.stdout().lines().toList().get(1));
    }

    @Test
    void gatesPrintThePresetAndItsLines() {
        ProcessResult gates = wb("sdd", "gates", "--preset", "scaleup");
        assertEquals(0, gates.exitCode(), gates.stderr());
        List<String> lines = gates.stdout().lines().toList();
        assertEquals("preset scaleup", lines.get(0));
        assertEquals("  - state the blast radius: which services and teams consume this", lines.get(8));
        assertEquals(2, wb("sdd", "gates", "--preset", "scale-up").exitCode());
        assertEquals(6, wb("sdd", "gates", "NOPE-1").exitCode());
    }
}
