package dev.wb.projections.events.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.status.StageEvents;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PlanAuditedTest {

    static final String PLAN = "sha256:" + "a".repeat(64);
    static final String C1 = "1".repeat(40);

    static PlanAudited audit() {
        return new PlanAudited(
                "pass",
                "light",
                Optional.of("1 file(s), no critical zone"),
                "first",
                false,
                false,
                Optional.of(C1),
                Optional.of(C1),
                PLAN,
                List.of(
                        new PlannedFile("src/app.py", "edit", Optional.empty()),
                        new PlannedFile("src/old.py", "rename", Optional.of("src/new.py"))),
                List.of("billing"),
                List.of(
                        new PlanAudited.Citation(0, Optional.of("src/app.py"), 3, "ok", true, Optional.empty()),
                        new PlanAudited.Citation(1, Optional.of("src/app.py"), 9, "moved", false, Optional.of(12))),
                List.of(new PlanAudited.FileCheck(1, Optional.of("src/old.py"), Optional.of("rename"), "exists", true)),
                List.of(),
                List.of("zones disagree"),
                false);
    }

    @Test
    void an_audit_is_recorded_in_the_payload_it_always_had() {
        NewEvent event = audit().toNewEvent();

        assertEquals("plan.audited", event.type());
        assertEquals(1, event.schemaVersion());
        assertEquals(
                "{\"baseline\":\"" + C1 + "\",\"citations\":[{\"file\":\"src/app.py\",\"index\":0,\"line\":3,"
                        + "\"passes\":true,\"verdict\":\"ok\"},{\"at\":12,\"file\":\"src/app.py\",\"index\":1,"
                        + "\"line\":9,\"passes\":false,\"verdict\":\"moved\"}],\"fileChecks\":[{\"change\":\"rename\","
                        + "\"index\":1,\"passes\":true,\"path\":\"src/old.py\",\"verdict\":\"exists\"}],"
                        + "\"files\":[{\"change\":\"edit\",\"path\":\"src/app.py\"},{\"change\":\"rename\","
                        + "\"path\":\"src/old.py\",\"to\":\"src/new.py\"}],\"head\":\"" + C1 + "\",\"mode\":\"first\","
                        + "\"notices\":[\"zones disagree\"],\"planDigest\":\"" + PLAN + "\",\"rebaseline\":false,"
                        + "\"structure\":[],\"tier\":\"light\",\"tierReason\":\"1 file(s), no critical zone\","
                        + "\"underWay\":false,\"verdict\":\"pass\",\"zones\":[\"billing\"]}",
                new String(CanonicalJson.bytes(event.payload()), StandardCharsets.UTF_8));
    }

    @Test
    void an_audit_with_no_anchor_writes_nulls_and_a_compact_one_drops_the_paths() {
        PlanAudited compact = new PlanAudited(
                        "fail",
                        "standard",
                        Optional.of("no files listed"),
                        "rebaseline",
                        false,
                        true,
                        Optional.empty(),
                        Optional.empty(),
                        PLAN,
                        List.of(),
                        List.of(),
                        audit().citations(),
                        audit().fileChecks(),
                        List.of("rollback is empty"),
                        List.of(),
                        false)
                .compacted();

        assertEquals(
                "{\"baseline\":null,\"citations\":[{\"index\":0,\"line\":3,\"passes\":true,\"verdict\":\"ok\"},"
                        + "{\"at\":12,\"index\":1,\"line\":9,\"passes\":false,\"verdict\":\"moved\"}],\"compact\":true,"
                        + "\"fileChecks\":[{\"index\":1,\"passes\":true,\"verdict\":\"exists\"}],\"files\":[],"
                        + "\"head\":null,\"mode\":\"rebaseline\",\"notices\":[],\"planDigest\":\"" + PLAN + "\","
                        + "\"rebaseline\":true,\"structure\":[\"rollback is empty\"],\"tier\":\"standard\","
                        + "\"tierReason\":\"no files listed\",\"underWay\":false,\"verdict\":\"fail\",\"zones\":[]}",
                new String(CanonicalJson.bytes(compact.payload()), StandardCharsets.UTF_8));
        assertEquals(compact, PlanAudited.TYPE.read(compact.payload()));
    }

    @Test
    void a_payload_reads_back_into_the_record_it_was_written_from() {
        assertEquals(audit(), PlanAudited.TYPE.read(audit().payload()));
    }

    @Test
    void an_audit_recorded_before_tier_reasons_and_notices_reads_without_them() {
        var old = audit().payload();
        old.remove(List.of("tierReason", "notices"));

        PlanAudited read = PlanAudited.TYPE.read(old);

        assertEquals(Optional.empty(), read.tierReason());
        assertEquals(List.of(), read.notices());
    }

    @Test
    void the_outline_streams_the_verdict_digest_and_citation_verdicts() {
        var envelope = StageEvents.sealed(audit().toNewEvent()).get(0);

        assertEquals(new PlanAudited.Outline("pass", PLAN, List.of("ok", "moved")), PlanAudited.outline(envelope));
    }
}
