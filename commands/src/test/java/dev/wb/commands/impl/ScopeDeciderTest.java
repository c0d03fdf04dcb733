package dev.wb.commands.impl;

import static dev.wb.commands.DeciderSpec.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Decision;
import dev.wb.commands.base.Failure;
import dev.wb.commands.impl.ScopeDecider.Checked;
import dev.wb.commands.impl.ScopeDecider.Observed;
import dev.wb.commands.impl.ScopeReport.Status;
import dev.wb.commands.plan.AuditTrust;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.engine.NewEvent;
import dev.wb.engine.TaskKey;
import dev.wb.git.Change;
import dev.wb.git.ChangeScope;
import dev.wb.git.ChangedPath;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.ScopeChecked;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.PlanAudited;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The rules of {@code wb impl check}'s decision, on folded audits and gathered paths: no git, no disk. */
class ScopeDeciderTest {

    static final TaskKey KEY = new TaskKey("ABC-12");
    static final String PLAN = "sha256:" + "a".repeat(64);
    static final String EDITED = "sha256:" + "b".repeat(64);
    static final ImplCheck.Request WORKTREE = new ImplCheck.Request(KEY, ChangeScope.WORKTREE, Optional.empty());

    static NewEvent audited(boolean passed, String... files) {
        List<PlannedFile> planned = new ArrayList<>();
        for (String file : files) {
            planned.add(new PlannedFile(file, "edit", Optional.empty()));
        }
        return new PlanAudited(
                        passed ? Verdict.PASS : Verdict.FAIL,
                        new PlanAudited.Rigour(AuditTier.LIGHT, Optional.of("1 file(s), no critical zone")),
                        PlanAudited.Anchor.of(AuditMode.FIRST, Optional.empty(), Optional.empty()),
                        new PlanAudited.AuditedPlan(PLAN, planned, List.of()),
                        new PlanAudited.Findings(List.of(), List.of(), List.of(), List.of()),
                        false)
                .toNewEvent();
    }

    static Observed changed(Map<String, List<PlannedFile>> others, String... paths) {
        List<ChangedPath> changed = new ArrayList<>();
        for (String path : paths) {
            changed.add(new ChangedPath(path, Change.MODIFIED));
        }
        return new Observed(changed, Optional.empty(), others);
    }

    static Decision<Checked> check(AuditGate.State state, ImplCheck.Request request, String digest, Observed seen) {
        return ScopeDecider.decide(state, own(state), request, digest, CriticalZones.defaultZones(), Optional.of(seen));
    }

    /** The latest audit as this clone's own: what a clone that never synced holds. */
    static AuditTrust own(AuditGate.State state) {
        long at = state.latest().map(AuditGate.Audit::version).orElse(-1L);
        return AuditTrust.own(at, "local", at);
    }

    static Failure refused(NewEvent... history) {
        return assertThrows(
                Failure.class,
                () -> given(AuditGate.INSTANCE, history)
                        .decide(s -> ScopeDecider.decide(
                                s, own(s), WORKTREE, PLAN, CriticalZones.defaultZones(), Optional.empty())));
    }

    @Test
    void without_a_passing_audit_the_check_refuses() {
        Failure failure = refused();

        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertEquals("the plan for ABC-12 has not been audited", failure.getMessage());
    }

    @Test
    void a_failed_latest_audit_refuses_the_check() {
        Failure failure = refused(audited(true, "src/app.py"), audited(false, "src/app.py"));

        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertEquals("the latest audit of ABC-12 failed", failure.getMessage());
    }

    @Test
    void a_refuted_claim_of_another_replica_refuses_the_check_before_any_path_is_read() {
        AuditGate.State state =
                given(AuditGate.INSTANCE, audited(true, "src/app.py")).state();
        long at = state.latest().orElseThrow().version();
        AuditTrust refuted = new AuditTrust(
                AuditTrust.Standing.REFUTED, at, "B", 7, Optional.of("c".repeat(40)), List.of("the audit fails"));

        Failure failure = assertThrows(
                Failure.class,
                () -> ScopeDecider.decide(
                        state, refuted, WORKTREE, PLAN, CriticalZones.defaultZones(), Optional.empty()));

        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertTrue(failure.getMessage().contains("is a forged or stale claim"), failure.getMessage());
    }

    @Test
    void an_open_gate_with_nothing_read_is_a_bug_not_a_pass() {
        AuditGate.State state =
                given(AuditGate.INSTANCE, audited(true, "src/app.py")).state();

        assertThrows(
                IllegalStateException.class,
                () -> ScopeDecider.decide(
                        state, own(state), WORKTREE, PLAN, CriticalZones.defaultZones(), Optional.empty()));
    }

    @Test
    void editing_the_plan_after_its_audit_closes_the_gate() {
        Failure failure = assertThrows(
                Failure.class,
                () -> given(AuditGate.INSTANCE, audited(true, "src/app.py"))
                        .decide(s -> check(s, WORKTREE, EDITED, changed(Map.of(), "src/app.py"))));

        assertEquals("the plan for ABC-12 changed since its audit", failure.getMessage());
        assertEquals(List.of("wb sdd audit ABC-12"), failure.fixes());
    }

    @Test
    void an_open_gate_classifies_against_the_audited_files_and_records_the_check() {
        Decision<Checked> decision = given(AuditGate.INSTANCE, audited(true, "src/app.py", "src/new.py"))
                .decide(s -> check(
                        s,
                        WORKTREE,
                        PLAN,
                        changed(
                                Map.of("ABC-2", List.of(new PlannedFile("lib/util.py", "edit", Optional.empty()))),
                                "src/app.py",
                                "lib/util.py",
                                "src/auth/login.py")));

        ScopeReport report = decision.result().report();
        assertEquals(
                List.of(Status.OK, Status.PENDING, Status.OTHER, Status.DEVIATION),
                report.entries().stream().map(ScopeReport.Entry::status).toList());
        ScopeChecked event = ScopeChecked.TYPE.read(decision.events().get(0).payload());
        assertEquals(Verdict.DEVIATION, event.verdict());
        assertEquals(ScopeChecked.Mode.WORKTREE, event.mode());
        assertEquals(PLAN, event.planDigest());
        assertEquals(new ScopeChecked.Counts(1, 0, 1, 1, 1, 0), event.counts());
        assertEquals(List.of("auth"), event.zones());
        assertEquals(List.of("ABC-2"), event.paths().get(2).tasks(), "the other path, after ok and pending");
        assertEquals(Optional.empty(), event.base());
    }

    @Test
    void a_staged_check_since_a_base_names_the_ref_and_its_commit() {
        ImplCheck.Request staged = new ImplCheck.Request(KEY, ChangeScope.STAGED, Optional.of("main"));
        Observed seen = new Observed(
                List.of(new ChangedPath("src/app.py", Change.MODIFIED)), Optional.of("1".repeat(40)), Map.of());

        Decision<Checked> decision =
                given(AuditGate.INSTANCE, audited(true, "src/app.py")).decide(s -> check(s, staged, PLAN, seen));

        ScopeChecked event = ScopeChecked.TYPE.read(decision.events().get(0).payload());
        assertEquals(Verdict.PASS, event.verdict());
        assertEquals(ScopeChecked.Mode.STAGED, event.mode());
        assertEquals(Optional.of(new ScopeChecked.Base("main", "1".repeat(40))), event.base());
        assertEquals(Optional.of("1".repeat(40)), decision.result().baseCommit());
    }

    @Test
    void paths_beyond_the_listing_budget_are_counted_not_listed() {
        String[] many = new String[3_000];
        for (int i = 0; i < many.length; i++) {
            many[i] = "lib/stray/" + "x".repeat(20) + i + ".py";
        }

        Decision<Checked> decision = given(AuditGate.INSTANCE, audited(true, "src/app.py"))
                .decide(s -> check(s, WORKTREE, PLAN, changed(Map.of(), many)));

        ScopeChecked event = ScopeChecked.TYPE.read(decision.events().get(0).payload());
        assertEquals(3_000, event.counts().deviation());
        assertEquals(3_001, event.paths().size() + event.unlisted());
        assertTrue(event.unlisted() > 0);
        assertTrue(event.payload().toString().length() < 70 * 1024);
    }
}
