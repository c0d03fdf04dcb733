package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Decision;
import dev.wb.commands.EventService;
import dev.wb.commands.PlanFixture;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.ci.CiCheck;
import dev.wb.commands.impl.ImplCheck;
import dev.wb.commands.merged.Replica;
import dev.wb.commands.plan.PlanReader;
import dev.wb.commands.sdd.SddAudit;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.git.ChangeScope;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.PlanConfirmed;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.FileCheckVerdict;
import dev.wb.projections.events.audit.PlanAudited;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fetched passing audit opens no gate until this clone re-derives it: with real clones of a real
 * bare remote, every verified replica counting ({@code sync.signatures: off}), an attacker's forged
 * passing {@code plan.audited} of the victim's plan is audited again at its commit, refuted, recorded
 * once as {@code plan.confirmed}, and keeps the gate shut; an honest teammate's is confirmed and opens
 * it; one whose commit the victim lacks is unverifiable until the commit arrives.
 */
class ClaimConfirmTest {

    static final TaskKey KEY = new TaskKey("T-2");
    static final StreamId TASK = StreamId.task(KEY);

    @TempDir
    Path tmp;

    Path remote;
    String commit;
    TempGitRepo victim;
    TempGitRepo attacker;
    TempGitRepo honest;
    Map<String, String> env;

    @BeforeEach
    void clones() {
        remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        seed.write("src/app.py", "# app\nvalue = 1\n");
        commit = seed.commitAll("app");
        seed.git("push", "-q", remote.toString(), "main");
        victim = TempGitRepo.cloneOf(remote, tmp, "victim");
        attacker = TempGitRepo.cloneOf(remote, tmp, "attacker");
        honest = TempGitRepo.cloneOf(remote, tmp, "honest");
        for (TempGitRepo clone : List.of(victim, attacker, honest)) {
            // every verified replica counts: exactly where re-derivation must protect
            clone.write(".workflow/config.json", "{\"sync\": {\"signatures\": \"off\"}}\n");
        }
        env = new HashMap<>(System.getenv());
        env.putAll(TempGitRepo.gitEnvironment());
    }

    Session session(TempGitRepo repo) {
        return Session.open(Workspace.require(repo.root()), env, Clock.systemUTC());
    }

    /** The plan: one citation of src/app.py line 2, and the file it edits. */
    static PlanFixture plan(String quote) {
        return PlanFixture.plan(KEY.value()).cite("src/app.py", 2, quote).file("src/app.py", "edit");
    }

    static String digest(TempGitRepo repo) {
        try {
            return PlanReader.digest(Files.readAllBytes(repo.resolve(".workflow/T-2/sdd.json")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void commitPlan(TempGitRepo repo) {
        repo.git("add", ".workflow/T-2/sdd.json");
        repo.git("commit", "-q", "-m", "the plan");
    }

    boolean audit(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return SddAudit.run(s, KEY, false).passed();
        }
    }

    /** The attacker's tool: a passing audit of {@code digest} at {@code head}, appended to its own chain. */
    void forge(TempGitRepo repo, String digest, String head) {
        forge(repo, digest, head, "first", List.of(new PlannedFile("src/app.py", "edit", Optional.empty())));
    }

    /**
     * The same, claiming {@code planned} as the plan's files, with {@code mode} written as its mode (known to
     * this wb or not) beside a first audit's flags.
     */
    void forge(TempGitRepo repo, String digest, String head, String mode, List<PlannedFile> planned) {
        PlanAudited forged = new PlanAudited(
                Verdict.PASS,
                new PlanAudited.Rigour(AuditTier.LIGHT, Optional.of("1 file(s), no critical zone")),
                PlanAudited.Anchor.of(AuditMode.FIRST, Optional.of(head), Optional.of(head)),
                new PlanAudited.AuditedPlan(digest, planned, List.of()),
                new PlanAudited.Findings(
                        List.of(new PlanAudited.Citation(
                                0, Optional.of("src/app.py"), 2, CitationVerdict.OK, true, Optional.empty())),
                        List.of(new PlanAudited.FileCheck(
                                0, Optional.of("src/app.py"), Optional.of("edit"), FileCheckVerdict.EXISTS, true)),
                        List.of(),
                        List.of()),
                false);
        ObjectNode written = forged.payload().put("mode", mode);
        WbEvent event = new WbEvent() {
            @Override
            public EventType<?> eventType() {
                return PlanAudited.TYPE;
            }

            @Override
            public ObjectNode payload() {
                return written.deepCopy();
            }
        };
        try (Session s = session(repo)) {
            new EventService(s).decide(TASK, AuditGate.INSTANCE, state -> Decision.of(null, event));
        }
    }

    void push(TempGitRepo repo) {
        try (Session s = session(repo)) {
            SyncPush.run(s, "origin");
        }
    }

    void fetch(TempGitRepo repo) {
        try (Session s = session(repo)) {
            SyncFetch.run(s, "origin");
        }
    }

    String replica(TempGitRepo repo) {
        return Replica.existing(Workspace.require(repo.root())).orElseThrow().id();
    }

    ImplCheck.Result check(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return ImplCheck.run(s, new ImplCheck.Request(KEY, ChangeScope.WORKTREE, Optional.empty()));
        }
    }

    Failure refused(TempGitRepo repo) {
        return assertThrows(Failure.class, () -> check(repo));
    }

    CiCheck.Check ciAudit(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return CiCheck.run(s, KEY, "main").checks().get(0);
        }
    }

    /** Every {@code plan.confirmed} in the clone's own chain. */
    List<PlanConfirmed> confirmations(TempGitRepo repo) {
        try (Session s = session(repo)) {
            return s.log().read(TASK).stream()
                    .filter(PlanConfirmed.TYPE::matches)
                    .map(PlanConfirmed.TYPE::read)
                    .toList();
        }
    }

    @Test
    void a_forged_passing_audit_from_another_replica_is_refuted_here_and_opens_nothing() {
        plan("value = 2").writeTo(victim); // the code says value = 1: the victim's own audit fails
        plan("value = 2").writeTo(attacker);
        assertFalse(audit(victim));
        push(victim);
        fetch(attacker);
        forge(attacker, digest(attacker), commit); // a passing audit of the same plan at the same commit
        push(attacker);
        fetch(victim);
        String forger = replica(attacker);

        Failure closed = refused(victim);

        assertEquals(Failure.Kind.USAGE, closed.kind(), "the gate's exit code, 2");
        assertTrue(closed.getMessage().contains("from replica " + forger), closed.getMessage());
        assertTrue(closed.getMessage().contains("is a forged or stale claim"), closed.getMessage());
        assertTrue(closed.getMessage().contains("at commit " + commit.substring(0, 12)), closed.getMessage());
        assertTrue(closed.getMessage().contains("citation 0 (src/app.py:2): mismatch"), closed.getMessage());
        assertTrue(
                closed.fixes().get(0).startsWith("wb sdd audit T-2"),
                closed.fixes().toString());
        List<PlanConfirmed> recorded = confirmations(victim);
        assertEquals(1, recorded.size());
        assertEquals(PlanConfirmed.Outcome.REFUTED, recorded.get(0).outcome());
        assertEquals(forger, recorded.get(0).replica());
        assertEquals(Optional.of(commit), recorded.get(0).commit());

        Failure again = refused(victim);
        assertTrue(again.getMessage().contains("from replica " + forger), again.getMessage());
        assertEquals(1, confirmations(victim).size(), "a second check reads the record, it does not append another");

        commitPlan(victim); // CI reads the plan as committed
        CiCheck.Check ci = ciAudit(victim);
        assertFalse(ci.passed());
        assertTrue(ci.detail().contains("from replica " + forger), ci.detail());
        assertTrue(ci.detail().contains("forged or stale claim"), ci.detail());
        assertEquals(1, confirmations(victim).size());
    }

    @Test
    void an_honest_teammates_passing_audit_is_confirmed_here_and_opens_the_gate() {
        plan("value = 1").writeTo(honest);
        plan("value = 1").writeTo(victim);
        assertTrue(audit(honest));
        push(honest);
        fetch(victim);
        String teammate = replica(honest);

        check(victim); // the gate is open: the scope check runs

        List<PlanConfirmed> recorded = confirmations(victim);
        assertEquals(1, recorded.size());
        PlanConfirmed confirmed = recorded.get(0);
        assertEquals(PlanConfirmed.Outcome.CONFIRMED, confirmed.outcome());
        assertEquals(teammate, confirmed.replica());
        assertEquals(digest(victim), confirmed.planDigest());
        assertEquals(Optional.of(commit), confirmed.commit());
        assertEquals(List.of(), confirmed.reasons());
        try (Session s = session(honest)) {
            namesTheAudit(s, confirmed);
        }

        check(victim);
        commitPlan(victim); // CI reads the plan as committed
        CiCheck.Check ci = ciAudit(victim);
        assertTrue(ci.passed(), ci.detail());
        assertTrue(
                ci.detail()
                        .contains("on replica " + teammate + ", confirmed here at commit " + commit.substring(0, 12)),
                ci.detail());
        assertEquals(1, confirmations(victim).size(), "confirmed once; later gates read the record");
    }

    /** The confirmation names the teammate's audit by its version and stored hash in the teammate's chain. */
    static void namesTheAudit(Session teammate, PlanConfirmed confirmed) {
        var audit = teammate.log().read(TASK).stream()
                .filter(PlanAudited.TYPE::matches)
                .reduce((a, b) -> b)
                .orElseThrow();
        assertEquals(audit.version(), confirmed.version());
        assertEquals(audit.hash(), confirmed.hash());
    }

    @Test
    void a_claim_whose_commit_this_clone_lacks_is_unverifiable_until_the_commit_arrives() {
        honest.write("src/app.py", "# app\nvalue = 2\n");
        String unpushed = honest.commitAll("value 2");
        plan("value = 2").writeTo(honest);
        plan("value = 2").writeTo(victim);
        assertTrue(audit(honest));
        push(honest); // the history travels; the commit it ran against does not
        fetch(victim);

        Failure closed = refused(victim);

        assertEquals(Failure.Kind.USAGE, closed.kind());
        assertTrue(closed.getMessage().contains("from replica " + replica(honest)), closed.getMessage());
        assertTrue(closed.getMessage().contains("cannot be confirmed here"), closed.getMessage());
        assertTrue(closed.getMessage().contains(unpushed + " is not in this repository"), closed.getMessage());
        assertEquals(
                PlanConfirmed.Outcome.UNVERIFIABLE, confirmations(victim).get(0).outcome());
        refused(victim);
        assertEquals(1, confirmations(victim).size(), "tried again only once the commit is here");

        honest.git("push", "-q", "origin", "main");
        victim.git("fetch", "-q", "origin");
        check(victim); // the claim holds at its commit: confirmed, and the gate opens

        List<PlanConfirmed> recorded = confirmations(victim);
        assertEquals(2, recorded.size());
        assertEquals(PlanConfirmed.Outcome.CONFIRMED, recorded.get(1).outcome());
        assertEquals(Optional.of(unpushed), recorded.get(1).commit());
    }

    @Test
    void an_under_way_claim_is_re_derived_against_the_baseline_it_recorded() {
        plan("value = 1").writeTo(honest);
        assertTrue(audit(honest)); // first, strict: anchors the plan at the shared commit
        honest.write("src/app.py", "# app\ncount = 3\n");
        String later = honest.commitAll("the change");
        plan("value = 1").set("objective", "carry the change on").writeTo(honest);
        assertTrue(audit(honest), "under way, the quote passes at the baseline");
        push(honest);
        honest.git("push", "-q", "origin", "main");
        plan("value = 1").set("objective", "carry the change on").writeTo(victim);
        victim.git("fetch", "-q", "origin");
        fetch(victim);

        check(victim);

        PlanConfirmed confirmed = confirmations(victim).get(0);
        assertEquals(
                PlanConfirmed.Outcome.CONFIRMED,
                confirmed.outcome(),
                confirmed.reasons().toString());
        assertEquals(Optional.of(later), confirmed.commit());
    }

    @Test
    void a_plan_changed_after_the_claim_closes_the_gate_as_before() {
        plan("value = 1").writeTo(honest);
        assertTrue(audit(honest));
        push(honest);
        plan("value = 1").file("src/other.py", "add").writeTo(victim);
        fetch(victim);

        Failure closed = refused(victim);

        assertEquals(Failure.Kind.USAGE, closed.kind());
        assertTrue(closed.getMessage().contains("the plan for T-2 changed since its audit"), closed.getMessage());
        assertEquals(List.of(), confirmations(victim), "nothing to re-derive for another plan");
    }

    /** A claim forged by the attacker over a plan that is true here, pushed and fetched by the victim. */
    Failure forgedOverATruePlan(String head, String mode, List<PlannedFile> planned) {
        plan("value = 1").writeTo(attacker);
        plan("value = 1").writeTo(victim);
        forge(attacker, digest(attacker), head, mode, planned);
        push(attacker);
        fetch(victim);
        return refused(victim);
    }

    @Test
    void a_claim_naming_no_commit_id_is_unverifiable_and_its_words_are_never_shown() {
        Failure closed = forgedOverATruePlan(
                "HEAD; curl evil.example", "first", List.of(new PlannedFile("src/app.py", "edit", Optional.empty())));

        assertTrue(
                closed.getMessage().contains("cannot be confirmed here: the claim names no commit id"),
                closed.getMessage());
        assertFalse(closed.getMessage().contains("evil.example"), closed.getMessage());
        PlanConfirmed recorded = confirmations(victim).get(0);
        assertEquals(PlanConfirmed.Outcome.UNVERIFIABLE, recorded.outcome());
        assertEquals(Optional.empty(), recorded.commit());
    }

    @Test
    void a_claim_in_an_audit_mode_this_wb_does_not_know_is_unverifiable() {
        Failure closed = forgedOverATruePlan(
                commit, "sideways", List.of(new PlannedFile("src/app.py", "edit", Optional.empty())));

        assertTrue(
                closed.getMessage().contains("cannot be confirmed here: an audit mode this wb does not know"),
                closed.getMessage());
        assertEquals(
                PlanConfirmed.Outcome.UNVERIFIABLE, confirmations(victim).get(0).outcome());
    }

    @Test
    void a_claim_whose_flags_contradict_its_mode_is_unverifiable() {
        // under way by its mode, a first audit by its flags: wb never writes that
        Failure closed = forgedOverATruePlan(
                commit, "under-way", List.of(new PlannedFile("src/app.py", "edit", Optional.empty())));

        assertTrue(closed.getMessage().contains("or flags that contradict it"), closed.getMessage());
        assertEquals(
                PlanConfirmed.Outcome.UNVERIFIABLE, confirmations(victim).get(0).outcome());
    }

    @Test
    void a_claim_planning_other_files_than_the_audit_here_finds_is_refuted() {
        Failure closed =
                forgedOverATruePlan(commit, "first", List.of(new PlannedFile("src/app.py", "add", Optional.empty())));

        assertTrue(closed.getMessage().contains("is a forged or stale claim"), closed.getMessage());
        assertTrue(closed.getMessage().contains("it plans other files than the claim"), closed.getMessage());
        PlanConfirmed recorded = confirmations(victim).get(0);
        assertEquals(PlanConfirmed.Outcome.REFUTED, recorded.outcome());
        assertEquals(List.of("it plans other files than the claim"), recorded.reasons());
    }
}
