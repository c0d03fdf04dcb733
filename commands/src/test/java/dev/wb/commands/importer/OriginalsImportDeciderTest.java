package dev.wb.commands.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.DeciderSpec;
import dev.wb.commands.Decision;
import dev.wb.engine.NewEvent;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.events.ImportVerdictRecorded;
import dev.wb.projections.events.ImportedKind;
import dev.wb.projections.events.OriginalTool;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The import's rules without storage: what is recorded once, in batches, and what it never opens. */
class OriginalsImportDeciderTest {

    private static final TaskKey KEY = new TaskKey("ABC-12");

    private static ImportedVerdict audit(String digestChar, String verdict) {
        return new ImportedVerdict(
                KEY,
                new ImportVerdictRecorded(
                        OriginalTool.WORKBENCH,
                        ImportedKind.AUDIT,
                        ".workflow/ABC-12/audit.json",
                        Optional.empty(),
                        "sha256:" + digestChar.repeat(64),
                        Optional.of(verdict),
                        Optional.empty(),
                        false));
    }

    @Test
    void a_verdict_not_yet_imported_is_recorded_unverified_with_its_file_digest_and_verdict() {
        Decision<List<String>> decision = DeciderSpec.given(ImportedVerdicts.INSTANCE)
                .decide(state -> ImportedVerdicts.decide(state, List.of(audit("a", "pass"))));
        List<NewEvent> events = decision.events();

        assertEquals(1, events.size());
        NewEvent event = events.get(0);
        assertEquals("import.verdict.recorded", event.type());
        assertEquals(1, event.schemaVersion());
        assertEquals("pass", event.payload().path("verdict").asText());
        assertEquals(".workflow/ABC-12/audit.json", event.payload().path("file").asText());
        assertFalse(event.payload().path("verified").asBoolean(true));
        assertTrue(event.payload().path("originalTime").isNull());
        assertEquals(List.of(audit("a", "pass").identity()), decision.result());
    }

    @Test
    void the_same_file_with_the_same_bytes_is_recorded_once() {
        List<NewEvent> events = DeciderSpec.given(
                        ImportedVerdicts.INSTANCE, audit("a", "pass").event().toNewEvent())
                .decide(state -> ImportedVerdicts.decide(state, List.of(audit("a", "pass"), audit("a", "pass"))))
                .events();

        assertEquals(List.of(), events);
    }

    @Test
    void the_same_bytes_found_twice_in_one_pass_are_recorded_once() {
        Decision<List<String>> decision = DeciderSpec.given(ImportedVerdicts.INSTANCE)
                .decide(state -> ImportedVerdicts.decide(state, List.of(audit("a", "pass"), audit("a", "pass"))));

        assertEquals(1, decision.events().size());
        assertEquals(List.of(audit("a", "pass").identity()), decision.result());
    }

    @Test
    void a_batch_takes_the_first_verdicts_not_yet_imported_in_the_order_found() {
        List<ImportedVerdict> found = new ArrayList<>();
        IntStream.range(0, ImportedVerdicts.BATCH + 2).forEach(i -> found.add(approvedRecord(i)));

        Decision<List<String>> decision = DeciderSpec.given(
                        ImportedVerdicts.INSTANCE, found.get(0).event().toNewEvent())
                .decide(state -> ImportedVerdicts.decide(state, found));

        assertEquals(ImportedVerdicts.BATCH, decision.events().size());
        assertEquals(
                found.subList(1, ImportedVerdicts.BATCH + 1).stream()
                        .map(ImportedVerdict::identity)
                        .toList(),
                decision.result());
        assertEquals(
                ".akrctx/local/judge/records/r1.json",
                decision.events().get(0).payload().path("file").asText());
    }

    @Test
    void the_same_file_with_other_bytes_is_a_new_import() {
        List<NewEvent> events = DeciderSpec.given(
                        ImportedVerdicts.INSTANCE, audit("a", "pass").event().toNewEvent())
                .decide(state -> ImportedVerdicts.decide(state, List.of(audit("b", "fail"))))
                .events();

        assertEquals(1, events.size());
        assertEquals("fail", events.get(0).payload().path("verdict").asText());
    }

    @Test
    void many_verdicts_are_recorded_a_batch_at_a_time_until_none_is_left() {
        List<ImportedVerdict> found = new ArrayList<>();
        IntStream.range(0, 120).forEach(i -> found.add(approvedRecord(i)));
        List<NewEvent> all = new ArrayList<>();
        List<NewEvent> batch;
        do {
            List<NewEvent> sofar = List.copyOf(all);
            batch = DeciderSpec.given(ImportedVerdicts.INSTANCE, sofar)
                    .decide(state -> ImportedVerdicts.decide(state, found))
                    .events();
            assertTrue(batch.size() <= ImportedVerdicts.BATCH);
            all.addAll(batch);
        } while (!batch.isEmpty());

        assertEquals(120, all.size());
    }

    private static JsonNode json(String text) {
        return CanonicalJson.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void wbs_own_views_are_told_from_the_originals_files() {
        assertTrue(OriginalVerdicts.renderedByWb(
                json("{\"schema\":1,\"verdict\":\"pass\",\"note\":\"rendered by wb from the event log\"}")));
        assertTrue(OriginalVerdicts.renderedByWb(
                json("[{\"schema\":1,\"at\":1,\"ok\":true,\"stopped\":\"\",\"steps\":[],\"series\":\"commit\","
                        + "\"version\":4}]")));
        assertFalse(OriginalVerdicts.renderedByWb(
                json("[{\"schema\":1,\"at\":1,\"ok\":true,\"stopped\":\"\",\"steps\":[]}]")));
        assertFalse(OriginalVerdicts.renderedByWb(json("{\"schema\":1,\"verdict\":\"pass\"}")));
    }

    @Test
    void an_imported_audit_pass_leaves_the_audit_gate_closed() {
        AuditGate.State gate = DeciderSpec.given(
                        AuditGate.INSTANCE, audit("a", "pass").event().toNewEvent())
                .state();

        assertTrue(gate.latest().isEmpty(), "the gate folds only plan.audited");
        assertFalse(gate.openFor("sha256:" + "a".repeat(64)));
    }

    /** The judge's approving record number {@code i}, as wb import finds it. */
    private static ImportedVerdict approvedRecord(int i) {
        return new ImportedVerdict(
                KEY,
                new ImportVerdictRecorded(
                        OriginalTool.JUDGE,
                        ImportedKind.REVIEW,
                        ".akrctx/local/judge/records/r" + i + ".json",
                        Optional.empty(),
                        "sha256:" + "c".repeat(64),
                        Optional.of("APPROVED"),
                        Optional.empty(),
                        false));
    }
}
