package dev.wb.cli.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Decision;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.plan.PlanReader;
import dev.wb.engine.StreamId;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.FileCheckVerdict;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through bin/wb, real processes: a replica forged on the remote holds a passing audit of the
 * victim's plan at the victim's commit; after {@code wb sync fetch} the victim's {@code wb impl check}
 * audits it again, finds it fails, and refuses with exit 2, naming the replica.
 */
class ForgedAuditCliIT {

    private static final Path WB =
            Path.of(System.getProperty("user.dir")).getParent().resolve("bin/wb");
    private static final StreamId TASK = new StreamId("T-2");
    private static final String PLAN = """
            {"schema": 1, "key": "T-2", "preset": "scaleup", "persona": "fullstack-specialist",
             "objective": "make the change T-2 describes",
             "evidence": [{"claim": "the code says so", "file": "src/app.py", "line": 2, "quote": "value = 2"}],
             "files": [{"path": "src/app.py", "change": "edit", "why": "the task needs it"}],
             "zones": {}, "steps": [{"do": "make the change"}],
             "tests": [{"kind": "unit", "asserts": "the change holds"}],
             "verify": ["python -m pytest -q"], "rollback": "revert the commit", "product": {}, "questions": []}
            """;

    @TempDir
    Path tmp;

    Path fakeHome;
    String commit;
    TempGitRepo victim;
    TempGitRepo attacker;

    @BeforeEach
    void clones() throws IOException {
        Path remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        seed.write("src/app.py", "# app\nvalue = 1\n");
        commit = seed.commitAll("app");
        seed.git("push", "-q", remote.toString(), "main");
        victim = TempGitRepo.cloneOf(remote, tmp, "victim");
        attacker = TempGitRepo.cloneOf(remote, tmp, "attacker");
        for (TempGitRepo clone : List.of(victim, attacker)) {
            clone.write(".workflow/config.json", "{\"sync\": {\"signatures\": \"off\"}}\n");
            clone.write(".workflow/T-2/sdd.json", PLAN);
        }
        fakeHome = Files.createDirectories(tmp.resolve("home"));
    }

    private ProcessResult wb(TempGitRepo repo, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", fakeHome.toString());
        env.put("WB_SERVER", "off");
        return TempGitRepo.Processes.run(repo.root(), argv, env, 120);
    }

    /** The attacker's tool: a passing audit of the plan at the shared commit, in its own chain. */
    private void forge() throws IOException {
        String digest = PlanReader.digest(Files.readAllBytes(attacker.resolve(".workflow/T-2/sdd.json")));
        PlanAudited forged = new PlanAudited(
                Verdict.PASS,
                new PlanAudited.Rigour(AuditTier.LIGHT, Optional.of("1 file(s), no critical zone")),
                PlanAudited.Anchor.of(AuditMode.FIRST, Optional.of(commit), Optional.of(commit)),
                new PlanAudited.AuditedPlan(
                        digest, List.of(new PlannedFile("src/app.py", "edit", Optional.empty())), List.of()),
                new PlanAudited.Findings(
                        List.of(new PlanAudited.Citation(
                                0, Optional.of("src/app.py"), 2, CitationVerdict.OK, true, Optional.empty())),
                        List.of(new PlanAudited.FileCheck(
                                0, Optional.of("src/app.py"), Optional.of("edit"), FileCheckVerdict.EXISTS, true)),
                        List.of(),
                        List.of()),
                false);
        Map<String, String> env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
        try (Session s = Session.open(Workspace.require(attacker.root()), env, Clock.systemUTC())) {
            new EventService(s).decide(TASK, AuditGate.INSTANCE, state -> Decision.of(null, forged));
        }
    }

    @Test
    void impl_check_refuses_a_forged_passing_audit_with_exit_2_naming_the_replica() throws IOException {
        assertEquals(7, wb(victim, "sdd", "audit", "T-2").exitCode(), "the victim's own audit fails");
        assertEquals(0, wb(victim, "sync", "push").exitCode());
        assertEquals(0, wb(attacker, "sync", "fetch").exitCode());
        forge();
        assertEquals(0, wb(attacker, "sync", "push").exitCode());
        ProcessResult fetched = wb(victim, "sync", "fetch");
        assertEquals(0, fetched.exitCode(), fetched.stderr());
        String forger = Files.readString(attacker.resolve(".workflow/local/sync/replica"), StandardCharsets.UTF_8)
                .strip();

        ProcessResult check = wb(victim, "impl", "check", "T-2");

        assertEquals(2, check.exitCode(), check.stdout() + check.stderr());
        assertTrue(
                check.stderr()
                        .contains("error: the passing audit of T-2 from replica " + forger
                                + " (its event 1) is a forged or stale claim: audited again here at commit "
                                + commit.substring(0, 12) + " it fails (citation 0 (src/app.py:2): mismatch)"),
                check.stderr());
        assertTrue(
                check.stderr()
                        .contains("fix: wb sdd audit T-2   # audit the plan here; a new audit supersedes the claim"),
                check.stderr());

        ProcessResult status = wb(victim, "status", "--json");
        assertEquals(0, status.exitCode(), status.stderr());
        assertTrue(
                status.stdout().contains("another replica's passing audit fails when audited here (refuted)"),
                "the audit stage is not shown as passed: " + status.stdout());
    }
}
