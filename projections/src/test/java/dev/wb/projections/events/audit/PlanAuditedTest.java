package dev.wb.projections.events.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.PlannedFile;
import dev.wb.projections.events.Verdict;
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
                Verdict.PASS,
                new PlanAudited.Rigour(AuditTier.LIGHT, Optional.of("1 file(s), no critical zone")),
                PlanAudited.Anchor.of(AuditMode.FIRST, Optional.of(C1), Optional.of(C1)),
                new PlanAudited.AuditedPlan(
                        PLAN,
                        List.of(
                                new PlannedFile("src/app.py", "edit", Optional.empty()),
                                new PlannedFile("src/old.py", "rename", Optional.of("src/new.py"))),
                        List.of("billing")),
                new PlanAudited.Findings(
                        List.of(
                                new PlanAudited.Citation(
                                        0, Optional.of("src/app.py"), 3, CitationVerdict.OK, true, Optional.empty()),
                                new PlanAudited.Citation(
                                        1,
                                        Optional.of("src/app.py"),
                                        9,
                                        CitationVerdict.MOVED,
                                        false,
                                        Optional.of(12))),
                        List.of(new PlanAudited.FileCheck(
                                1, Optional.of("src/old.py"), Optional.of("rename"), FileCheckVerdict.EXISTS, true)),
                        List.of(),
                        List.of("zones disagree")),
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
                        Verdict.FAIL,
                        new PlanAudited.Rigour(AuditTier.STANDARD, Optional.of("no files listed")),
                        PlanAudited.Anchor.of(AuditMode.REBASELINE, Optional.empty(), Optional.empty()),
                        new PlanAudited.AuditedPlan(PLAN, List.of(), List.of()),
                        new PlanAudited.Findings(
                                audit().findings().citations(),
                                audit().findings().fileChecks(),
                                List.of("rollback is empty"),
                                List.of()),
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

        assertEquals(Optional.empty(), read.rigour().reason());
        assertEquals(List.of(), read.findings().notices());
    }

    @Test
    void the_outline_streams_the_verdict_digest_and_citation_verdicts() {
        var envelope = StageEvents.sealed(audit().toNewEvent()).get(0);

        assertEquals(
                new PlanAudited.Outline(Verdict.PASS, PLAN, List.of(CitationVerdict.OK, CitationVerdict.MOVED)),
                PlanAudited.outline(envelope));
    }

    @Test
    void values_this_wb_does_not_know_read_as_ones_that_pass_and_anchor_nothing() {
        ObjectNode p = audit().payload();
        p.put("verdict", "maybe").put("tier", "heavy").put("mode", "sideways");
        ((ObjectNode) p.withArray("citations").get(0)).put("verdict", "fine");
        ((ObjectNode) p.withArray("fileChecks").get(0)).put("verdict", "somewhere");

        PlanAudited read = PlanAudited.TYPE.read(p);

        assertEquals(Verdict.FAIL, read.verdict());
        assertFalse(read.passed());
        assertEquals(AuditTier.STANDARD, read.rigour().tier());
        assertEquals(AuditMode.UNDER_WAY, read.anchor().mode());
        assertFalse(read.strict(), "an unknown mode anchors nothing");
        assertFalse(read.anchor().consistent(), "its flags were written for another mode");
        assertTrue(audit().anchor().consistent());
        assertEquals(
                CitationVerdict.MISMATCH, read.findings().citations().get(0).verdict());
        assertEquals(
                FileCheckVerdict.MISSING, read.findings().fileChecks().get(0).verdict());
    }
}
