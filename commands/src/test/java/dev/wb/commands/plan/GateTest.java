package dev.wb.commands.plan;

import static dev.wb.commands.DeciderSpec.given;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.wb.commands.base.Failure;
import dev.wb.engine.NewEvent;
import dev.wb.engine.TaskKey;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.Verdict;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.PlanAudited;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The audit gate's rules (given the task's audits and what this clone makes of the latest one, when a
 * gated command asks, then it opens or refuses with these words): the one rule set {@code wb impl
 * check}, {@code wb impl verify}, {@code wb checks}, {@code wb ci check} and {@code wb git} apply.
 */
class GateTest {

    static final TaskKey KEY = new TaskKey("ABC-12");
    static final String PLAN = "sha256:" + "a".repeat(64);
    static final String EDITED = "sha256:" + "b".repeat(64);
    static final String COMMIT = "c".repeat(40);

    static NewEvent audited(boolean passed) {
        return new PlanAudited(
                        passed ? Verdict.PASS : Verdict.FAIL,
                        new PlanAudited.Rigour(AuditTier.LIGHT, Optional.of("1 file(s), no critical zone")),
                        PlanAudited.Anchor.of(AuditMode.FIRST, Optional.empty(), Optional.empty()),
                        new PlanAudited.AuditedPlan(
                                PLAN, List.of(new PlannedFile("src/app.py", "edit", Optional.empty())), List.of()),
                        new PlanAudited.Findings(List.of(), List.of(), List.of(), List.of()),
                        false)
                .toNewEvent();
    }

    /** The latest audit as this clone's own, at the version the fold holds. */
    static AuditTrust own(AuditGate.State state) {
        long at = state.latest().map(AuditGate.Audit::version).orElse(-1L);
        return AuditTrust.own(at, "local", at);
    }

    /** Another replica's passing audit at the version the fold holds, as {@code ClaimCheck} settled it. */
    static AuditTrust claim(AuditGate.State state, AuditTrust.Standing standing, String... reasons) {
        long at = state.latest().map(AuditGate.Audit::version).orElseThrow();
        return new AuditTrust(standing, at, "B", 7, Optional.of(COMMIT), List.of(reasons));
    }

    static Failure refused(AuditGate.State state, AuditTrust trust, String digest) {
        return assertThrows(Failure.class, () -> Gate.requireOpen(state, trust, KEY, digest));
    }

    @Test
    void a_task_never_audited_is_refused_with_the_audit_to_run() {
        AuditGate.State state = given(AuditGate.INSTANCE).state();

        Failure failure = refused(state, AuditTrust.none(-1), PLAN);

        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertEquals("the plan for ABC-12 has not been audited", failure.getMessage());
        assertEquals(List.of("wb sdd audit ABC-12"), failure.fixes());
    }

    @Test
    void a_failed_latest_audit_is_refused_even_after_an_earlier_pass() {
        AuditGate.State state =
                given(AuditGate.INSTANCE, audited(true), audited(false)).state();

        Failure failure = refused(state, own(state), PLAN);

        assertEquals("the latest audit of ABC-12 failed", failure.getMessage());
        assertEquals(
                List.of("fix the findings in .workflow/ABC-12/sdd.json, then: wb sdd audit ABC-12"), failure.fixes());
    }

    @Test
    void a_plan_edited_since_its_passing_audit_is_refused() {
        AuditGate.State state = given(AuditGate.INSTANCE, audited(true)).state();

        Failure failure = refused(state, own(state), EDITED);

        assertEquals("the plan for ABC-12 changed since its audit", failure.getMessage());
        assertEquals(List.of("wb sdd audit ABC-12"), failure.fixes());
    }

    @Test
    void a_passing_latest_audit_of_this_plan_of_this_clones_own_opens_the_gate() {
        AuditGate.State state =
                given(AuditGate.INSTANCE, audited(false), audited(true)).state();

        assertDoesNotThrow(() -> Gate.requireOpen(state, own(state), KEY, PLAN));
    }

    @Test
    void another_replicas_passing_audit_confirmed_here_opens_the_gate() {
        AuditGate.State state = given(AuditGate.INSTANCE, audited(true)).state();
        AuditTrust confirmed = claim(state, AuditTrust.Standing.CONFIRMED);

        assertDoesNotThrow(() -> Gate.requireOpen(state, confirmed, KEY, PLAN));
        assertEquals(
                "the plan on this branch passed its audit on replica B, confirmed here at commit cccccccccccc",
                Gate.describe(confirmed));
    }

    @Test
    void a_refuted_claim_is_refused_as_forged_or_stale_naming_the_replica_the_commit_and_why() {
        AuditGate.State state = given(AuditGate.INSTANCE, audited(true)).state();

        Failure failure = refused(state, claim(state, AuditTrust.Standing.REFUTED, "the audit fails"), PLAN);

        assertEquals(
                "the passing audit of ABC-12 from replica B (its event 7) is a forged or stale claim: audited"
                        + " again here at commit cccccccccccc it fails (the audit fails)",
                failure.getMessage());
        assertEquals(
                List.of("wb sdd audit ABC-12   # audit the plan here; a new audit supersedes the claim"),
                failure.fixes());
    }

    @Test
    void an_unverifiable_claim_is_refused_with_a_fetch_or_a_new_audit_as_the_fix() {
        AuditGate.State state = given(AuditGate.INSTANCE, audited(true)).state();
        AuditTrust unverifiable =
                claim(state, AuditTrust.Standing.UNVERIFIABLE, "its commit " + COMMIT + " is not in this repository");

        Failure failure = refused(state, unverifiable, PLAN);

        assertEquals(
                "the passing audit of ABC-12 from replica B (its event 7) cannot be confirmed here: its commit "
                        + COMMIT + " is not in this repository",
                failure.getMessage());
        assertEquals(
                List.of(
                        "git fetch   # bring the commit it names, then run this again",
                        "wb sdd audit ABC-12   # audit the plan here; a new audit supersedes the claim"),
                failure.fixes());
    }

    @Test
    void a_trust_settled_on_another_audit_than_the_folded_latest_is_refused_as_a_moved_history() {
        AuditGate.State state =
                given(AuditGate.INSTANCE, audited(true), audited(true)).state();
        AuditTrust earlier = AuditTrust.own(0, "local", 0);

        Failure failure = refused(state, earlier, PLAN);

        assertEquals("the history of ABC-12 changed while its audit gate was read", failure.getMessage());
        assertEquals(List.of("run the command again"), failure.fixes());
    }

    @Test
    void a_closed_gate_names_the_replicas_whose_events_were_not_counted() {
        AuditGate.State state = given(AuditGate.INSTANCE).state();
        AuditTrust trust = AuditTrust.none(-1).withUncounted(List.of("replica B (unsigned)"));

        Failure failure = refused(state, trust, PLAN);

        assertEquals(
                "the plan for ABC-12 has not been audited; not counted here: replica B (unsigned)",
                failure.getMessage());
    }
}
