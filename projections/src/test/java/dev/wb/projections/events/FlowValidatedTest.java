package dev.wb.projections.events;

import static dev.wb.projections.events.RecordChecks.assertReadsBack;
import static dev.wb.projections.events.RecordChecks.assertStored;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The payload exactly as wb wrote it before the record (issue 15), and read back. */
class FlowValidatedTest {

    static FlowValidated all() {
        return new FlowValidated(
                "--all",
                List.of(
                        new FlowValidated.Flow(
                                "impl", ".workflow/flows/impl.yaml", false, List.of("line 3: bad"), List.of("w1")),
                        new FlowValidated.Flow("ok", ".workflow/flows/ok.yaml", true, List.of(), List.of())),
                1);
    }

    @Test
    void a_validation_is_stored_as_before() {
        assertStored(
                all(),
                "flow.validated",
                1,
                "{\"exitCode\":1,\"flows\":[{\"file\":\".workflow/flows/impl.yaml\",\"name\":\"impl\",\"valid\":false,\"vi"
                        + "olations\":[\"line 3: bad\"],\"warnings\":[\"w1\"]},{\"file\":\".workflow/flows/ok.yaml\",\"name\":\"ok\""
                        + ",\"valid\":true,\"violations\":[],\"warnings\":[]}],\"request\":\"--all\"}");
    }

    @Test
    void a_validation_reads_back_equal() {
        assertReadsBack(all());
        assertReadsBack(new FlowValidated("missing", List.of(), 2));
    }

    @Test
    void the_json_document_keeps_the_order_it_always_printed() {
        assertEquals(
                "{\"request\":\"--all\",\"flows\":[{\"name\":\"impl\",\"file\":\".workflow/flows/impl.yaml\","
                        + "\"valid\":false,\"violations\":[\"line 3: bad\"],\"warnings\":[\"w1\"]},{\"name\":\"ok\","
                        + "\"file\":\".workflow/flows/ok.yaml\",\"valid\":true,\"violations\":[],\"warnings\":[]}],\"exitCode\":1}",
                CanonicalJson.text(all().payload(), false));
    }
}
