package dev.wb.commands.sdd;

import static dev.wb.commands.DeciderSpec.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Decision;
import dev.wb.commands.sdd.AuditReport.CitationFinding;
import dev.wb.engine.NewEvent;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.PlanRebaselined;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.audit.AuditMode;
import dev.wb.projections.events.audit.AuditTier;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.audit.PlanAudited;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class AuditDeciderTest {

    static final String PLAN = "sha256:" + "a".repeat(64);
    static final String EDITED = "sha256:" + "b".repeat(64);
    static final Optional<String> C1 = Optional.of("1".repeat(40));
    static final Optional<String> C2 = Optional.of("2".repeat(40));

    static AuditReport report(AuditMode mode, boolean passes) {
        CitationFinding citation = new CitationFinding(
                0,
                "src/app.py",
                3,
                passes ? CitationVerdict.OK : CitationVerdict.MISMATCH,
                passes,
                Optional.empty(),
                "");
        return new AuditReport(
                mode,
                Optional.empty(),
                List.of(citation),
                List.of(),
                List.of(),
                AuditTier.LIGHT,
                "1 file(s), no critical zone",
                new TreeSet<>(),
                List.of(new PlannedFile("src/app.py", "edit", Optional.empty())),
                List.of());
    }

    static List<NewEvent> audit(
            AuditGate.State state, boolean passes, String digest, Optional<String> head, boolean rebaseline) {
        return AuditDecider.decide(state, report(AuditDecider.mode(state, rebaseline), passes), digest, head)
                .events();
    }

    @Test
    void the_first_audit_is_strict_and_a_pass_records_the_commit_as_baseline() {
        AuditGate.State after = given(AuditGate.INSTANCE).then(s -> audit(s, true, PLAN, C1, false));

        assertEquals(C1, after.baseline());
        assertTrue(after.underWay());
        assertTrue(after.openFor(PLAN));
    }

    @Test
    void a_failing_first_audit_anchors_nothing_and_the_next_audit_is_strict_again() {
        AuditGate.State after = given(AuditGate.INSTANCE).then(s -> audit(s, false, PLAN, C1, false));

        assertEquals(Optional.empty(), after.baseline());
        assertFalse(after.underWay());
        assertEquals(AuditMode.FIRST, AuditDecider.mode(after, false));
        assertFalse(after.openFor(PLAN));
    }

    @Test
    void once_under_way_audits_keep_the_baseline_they_were_anchored_to() {
        List<NewEvent> first = audit(AuditGate.State.EMPTY, true, PLAN, C1, false);
        AuditGate.State state = given(AuditGate.INSTANCE, first).state();

        List<NewEvent> next = audit(state, true, PLAN, C2, false);

        assertEquals(1, next.size());
        assertEquals("under-way", next.get(0).payload().get("mode").asText());
        assertEquals(C1.get(), next.get(0).payload().get("baseline").asText());
        assertEquals(C1, given(AuditGate.INSTANCE, first).then(s -> next).baseline());
    }

    @Test
    void a_passing_rebaseline_moves_the_anchor_and_says_so_in_its_own_event() {
        List<NewEvent> first = audit(AuditGate.State.EMPTY, true, PLAN, C1, false);

        List<NewEvent> events = given(AuditGate.INSTANCE, first).when(s -> audit(s, true, PLAN, C2, true));

        assertEquals(
                List.of(PlanAudited.TYPE.name(), PlanRebaselined.TYPE.name()),
                events.stream().map(NewEvent::type).toList());
        assertEquals(C1.get(), events.get(1).payload().get("from").asText());
        assertEquals(C2.get(), events.get(1).payload().get("to").asText());
        assertEquals(C2, given(AuditGate.INSTANCE, first).then(s -> events).baseline());
    }

    @Test
    void a_failing_rebaseline_leaves_the_old_anchor() {
        List<NewEvent> first = audit(AuditGate.State.EMPTY, true, PLAN, C1, false);

        AuditGate.State after = given(AuditGate.INSTANCE, first).then(s -> audit(s, false, PLAN, C2, true));

        assertEquals(C1, after.baseline());
        assertFalse(after.openFor(PLAN), "the latest audit failed");
    }

    @Test
    void an_edited_plan_closes_the_gate_until_it_is_audited_again() {
        AuditGate.State passed = given(AuditGate.INSTANCE).then(s -> audit(s, true, PLAN, C1, false));

        assertTrue(passed.openFor(PLAN));
        assertFalse(passed.openFor(EDITED));
    }

    @Test
    void a_failed_audit_claims_nothing_and_a_passed_one_claims_its_files() {
        assertEquals(
                List.of(),
                given(AuditGate.INSTANCE)
                        .then(s -> audit(s, false, PLAN, C1, false))
                        .claims());
        assertEquals(
                "src/app.py",
                given(AuditGate.INSTANCE)
                        .then(s -> audit(s, true, PLAN, C1, false))
                        .claims()
                        .get(0)
                        .path());
    }

    @Test
    void every_finding_is_recorded_passing_ones_too() {
        NewEvent event = audit(AuditGate.State.EMPTY, true, PLAN, C1, false).get(0);

        assertEquals(
                "ok", event.payload().get("citations").get(0).get("verdict").asText());
        assertEquals(PLAN, event.payload().get("planDigest").asText());
        assertEquals("light", event.payload().get("tier").asText());
    }

    @Test
    void the_decision_returns_the_report_it_recorded() {
        AuditReport report = report(AuditMode.FIRST, false);

        Decision<AuditReport> decision =
                given(AuditGate.INSTANCE).decide(s -> AuditDecider.decide(s, report, PLAN, C1));

        assertEquals(report, decision.result());
        assertEquals(1, decision.events().size());
    }

    @Test
    void an_audit_too_large_to_echo_its_paths_is_recorded_compact() {
        List<CitationFinding> many = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            many.add(new CitationFinding(
                    i,
                    "src/" + "deep/".repeat(10) + "file" + i + ".py",
                    3,
                    CitationVerdict.OK,
                    true,
                    Optional.empty(),
                    ""));
        }
        AuditReport large = new AuditReport(
                AuditMode.FIRST,
                Optional.empty(),
                many,
                List.of(),
                List.of(),
                AuditTier.STANDARD,
                "standard",
                new TreeSet<>(),
                List.of(),
                List.of());

        NewEvent event = AuditDecider.decide(AuditGate.State.EMPTY, large, PLAN, C1)
                .events()
                .get(0);

        assertTrue(event.payload().get("compact").asBoolean());
        assertFalse(event.payload().get("citations").get(0).has("file"));
        assertEquals(2_000, event.payload().get("citations").size());
    }
}
