package dev.wb.projections.events;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import dev.wb.projections.events.PreflightCompleted.ProbeVerdict;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The payload exactly as wb wrote it before the record (issue 15), and read back. */
class PreflightCompletedTest {

    static PreflightCompleted notReady() {
        return new PreflightCompleted(
                List.of(
                        new PreflightCompleted.Line("env", LineVerdict.OK, "env: OK — none"),
                        new PreflightCompleted.Line("claude", LineVerdict.FAIL, "claude: FAIL — x"),
                        new PreflightCompleted.Line("gh", LineVerdict.WARN, "gh: WARN — y")),
                PreflightCompleted.Readiness.NOT_READY,
                1,
                1,
                Optional.of(".workflow/.env"),
                Optional.of(new PreflightCompleted.PaidProbe.Declined("claude is not healthy")),
                Optional.empty());
    }

    static PreflightCompleted paid() {
        Map<String, ProbeVerdict> verdicts = new LinkedHashMap<>();
        verdicts.put("gitdir", ProbeVerdict.REFUSED);
        verdicts.put("allowed workspace path", ProbeVerdict.WRITTEN);
        return new PreflightCompleted(
                List.of(),
                PreflightCompleted.Readiness.READY,
                0,
                0,
                Optional.empty(),
                Optional.of(new PreflightCompleted.PaidProbe.Ran("claude", verdicts, ".workflow/local/paid.json")),
                Optional.empty());
    }

    static PreflightCompleted bare() {
        return new PreflightCompleted(
                List.of(),
                PreflightCompleted.Readiness.READY,
                0,
                0,
                Optional.empty(),
                Optional.empty(),
                Optional.empty());
    }

    @Test
    void a_verdict_with_an_env_file_and_a_declined_probe_is_stored_as_before() {
        assertStored(
                notReady(),
                "preflight.completed",
                1,
                "{\"envFile\":\".workflow/.env\",\"failures\":1,\"lines\":[{\"subject\":\"env\",\"text\":\"env: OK — none\""
                        + ",\"verdict\":\"OK\"},{\"subject\":\"claude\",\"text\":\"claude: FAIL — x\",\"verdict\":\"FAIL\"},{\"subject"
                        + "\":\"gh\",\"text\":\"gh: WARN — y\",\"verdict\":\"WARN\"}],\"paidProbe\":{\"declined\":true,\"reason\":\"cla"
                        + "ude is not healthy\"},\"verdict\":\"not ready\",\"warnings\":1}");
    }

    @Test
    void no_env_file_and_no_probe_are_stored_as_nulls_as_before() {
        assertStored(
                bare(),
                "preflight.completed",
                1,
                "{\"envFile\":null,\"failures\":0,\"lines\":[],\"paidProbe\":null,\"verdict\":\"ready\",\"warnings\":0}");
    }

    @Test
    void a_probe_that_ran_is_stored_as_before() {
        assertStored(
                paid(),
                "preflight.completed",
                1,
                "{\"envFile\":null,\"failures\":0,\"lines\":[],\"paidProbe\":{\"evidence\":\".workflow/local/paid.json"
                        + "\",\"provider\":\"claude\",\"verdicts\":{\"allowed workspace path\":\"WRITTEN\",\"gitdir\":\"REFUSED\"}},"
                        + "\"verdict\":\"ready\",\"warnings\":0}");
    }

    @Test
    void each_reads_back_equal() {
        assertReadsBack(notReady());
        assertReadsBack(bare());
        assertReadsBack(paid());
    }

    @Test
    void the_json_document_keeps_the_order_it_always_printed() {
        assertEquals(
                "{\"lines\":[],\"verdict\":\"ready\",\"failures\":0,\"warnings\":0,\"envFile\":null,"
                        + "\"paidProbe\":{\"provider\":\"claude\",\"verdicts\":{\"gitdir\":\"REFUSED\","
                        + "\"allowed workspace path\":\"WRITTEN\"},\"evidence\":\".workflow/local/paid.json\"}}",
                CanonicalJson.text(paid().payload(), false));
    }

    @Test
    void verdicts_this_wb_does_not_know_read_as_a_failed_line_and_a_probe_that_demonstrated_nothing() {
        ObjectNode p = paid().payload();
        p.withArray("lines")
                .addObject()
                .put("subject", "x")
                .put("verdict", "MAYBE")
                .put("text", "x: MAYBE");
        ((ObjectNode) p.get("paidProbe").get("verdicts")).put("gitdir", "SIDEWAYS");

        PreflightCompleted read = PreflightCompleted.TYPE.read(p);

        assertEquals(LineVerdict.FAIL, read.lines().get(0).verdict());
        PreflightCompleted.PaidProbe.Ran ran =
                (PreflightCompleted.PaidProbe.Ran) read.paidProbe().orElseThrow();
        assertEquals(ProbeVerdict.NOT_DEMONSTRATED, ran.verdicts().get("gitdir"));
        assertEquals(ProbeVerdict.WRITTEN, ran.verdicts().get("allowed workspace path"));
        assertEquals(Optional.of(ProbeVerdict.NOT_DEMONSTRATED), WireName.find(ProbeVerdict.class, "NOT DEMONSTRATED"));
    }
}
