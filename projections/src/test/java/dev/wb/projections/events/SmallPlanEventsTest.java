package dev.wb.projections.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** plan.rebaselined, task.created and import.verdict.recorded: their payloads as always, and read back. */
class SmallPlanEventsTest {

    static final String PLAN = "sha256:" + "a".repeat(64);

    private static String bytes(WbEvent event) {
        return new String(CanonicalJson.bytes(event.payload()), StandardCharsets.UTF_8);
    }

    @Test
    void a_rebaseline_names_both_anchors_or_null() {
        PlanRebaselined moved = new PlanRebaselined(Optional.of("1".repeat(40)), Optional.of("2".repeat(40)), PLAN);
        PlanRebaselined first = new PlanRebaselined(Optional.empty(), Optional.of("2".repeat(40)), PLAN);

        assertEquals("plan.rebaselined", moved.toNewEvent().type());
        assertEquals(
                "{\"from\":\"" + "1".repeat(40) + "\",\"planDigest\":\"" + PLAN + "\",\"to\":\"" + "2".repeat(40)
                        + "\"}",
                bytes(moved));
        assertEquals("{\"from\":null,\"planDigest\":\"" + PLAN + "\",\"to\":\"" + "2".repeat(40) + "\"}", bytes(first));
        assertEquals(moved, PlanRebaselined.TYPE.read(moved.payload()));
        assertEquals(first, PlanRebaselined.TYPE.read(first.payload()));
    }

    @Test
    void a_new_task_lists_the_files_it_wrote() {
        TaskCreated created = new TaskCreated(List.of(".workflow/ABC-1/task.md", ".workflow/ABC-1/sdd.json"));
        NewEvent event = created.toNewEvent();

        assertEquals("task.created", event.type());
        assertEquals(1, event.schemaVersion());
        assertEquals("{\"files\":[\".workflow/ABC-1/task.md\",\".workflow/ABC-1/sdd.json\"]}", bytes(created));
        assertEquals(created, TaskCreated.TYPE.read(created.payload()));
    }

    @Test
    void an_import_records_the_file_and_verdict_unverified_with_from_only_when_elsewhere() {
        ImportVerdictRecorded here = new ImportVerdictRecorded(
                OriginalTool.WORKBENCH,
                ImportedKind.AUDIT,
                ".workflow/ABC-1/audit.json",
                Optional.empty(),
                PLAN,
                Optional.of("pass"),
                Optional.empty(),
                false);
        ImportVerdictRecorded elsewhere = new ImportVerdictRecorded(
                OriginalTool.JUDGE,
                ImportedKind.REVIEW,
                ".akrctx/local/judge/r.json",
                Optional.of("/repo"),
                PLAN,
                Optional.empty(),
                Optional.of("2026-01-01T00:00:00Z"),
                false);

        assertEquals("import.verdict.recorded", here.toNewEvent().type());
        assertEquals(
                "{\"file\":\".workflow/ABC-1/audit.json\",\"kind\":\"audit\",\"originalTime\":null,\"sha256\":\"" + PLAN
                        + "\",\"tool\":\"workbench\",\"verdict\":\"pass\",\"verified\":false}",
                bytes(here));
        assertEquals(
                "{\"file\":\".akrctx/local/judge/r.json\",\"from\":\"/repo\",\"kind\":\"review\","
                        + "\"originalTime\":\"2026-01-01T00:00:00Z\",\"sha256\":\"" + PLAN + "\",\"tool\":\"judge\","
                        + "\"verdict\":null,\"verified\":false}",
                bytes(elsewhere));
        assertEquals(here, ImportVerdictRecorded.TYPE.read(here.payload()));
        assertEquals(elsewhere, ImportVerdictRecorded.TYPE.read(elsewhere.payload()));
    }

    @Test
    void an_import_whose_kind_or_tool_this_wb_does_not_know_reads_as_a_judges_record() {
        ObjectNode payload = CanonicalJson.objectNode();
        payload.put("tool", "orchestrator");
        payload.put("kind", "flow-log");

        ImportVerdictRecorded read = ImportVerdictRecorded.TYPE.read(payload);
        assertEquals(OriginalTool.JUDGE, read.tool());
        assertEquals(ImportedKind.REVIEW, read.kind());
        assertEquals(OriginalTool.WORKBENCH, ImportedKind.GIT_LOG.tool());
    }
}
