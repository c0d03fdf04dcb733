package dev.wb.commands.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.FlowValidated;
import dev.wb.projections.events.GitSeriesFinished;
import dev.wb.projections.events.GitSeriesName;
import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.GitStepRan;
import dev.wb.projections.events.WbEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A record fitted to the log writes exactly the payload EventFit makes of its whole payload. */
class EventFitRecordsTest {

    @Test
    void a_record_that_fits_is_returned_as_it_is() {
        FlowValidated small = new FlowValidated("--all", List.of(), 0);

        assertSame(small, EventFit.fitted(FlowValidated.TYPE, small));
    }

    @Test
    void a_record_with_long_texts_reads_back_from_its_shortened_payload() {
        FlowValidated big = flows(12, "v".repeat(20_000));

        FlowValidated fitted = EventFit.fitted(FlowValidated.TYPE, big);

        assertEquals(bytes(EventFit.fit(big.payload())), bytes(fitted.payload().deepCopy()));
        assertTrue(fitted.flows().get(0).violations().get(0).contains("characters omitted"));
        assertTrue(fitted.truncated().isEmpty());
    }

    @Test
    void a_record_with_too_many_items_says_how_many_went_as_the_payload_does() {
        FlowValidated many = flows(5_000, "line 1: bad");

        FlowValidated fitted = EventFit.fitted(FlowValidated.TYPE, many);

        assertEquals(bytes(EventFit.fit(many.payload())), bytes(fitted.payload()));
        assertEquals(
                5_000 - fitted.flows().size(),
                fitted.truncated().orElseThrow().dropped().get("/flows"));
    }

    @Test
    void a_batch_over_the_limit_gives_each_event_an_equal_share() {
        List<WbEvent> batch = List.of(
                new GitStepRan(
                        GitSeriesName.PUSH,
                        0,
                        List.of("push", "origin", "x".repeat(90_000)),
                        GitStatus.FAILED,
                        1,
                        "y".repeat(90_000),
                        Optional.empty(),
                        5,
                        Optional.empty()),
                new GitSeriesFinished(GitSeriesName.PUSH, GitStatus.FAILED, 1, List.of(), Optional.empty()));

        List<WbEvent> fitted = EventFit.fittedBatch(batch);

        int total = fitted.stream().mapToInt(e -> EventFit.size(e.payload())).sum();
        assertTrue(total <= EventFit.MAX_PAYLOAD_BYTES, "fits: " + total);
        assertEquals(batch.get(1), fitted.get(1), "the small event keeps everything");
        assertEquals(
                bytes(EventFit.fit(batch.get(0).payload(), EventFit.MAX_PAYLOAD_BYTES / 2)),
                bytes(fitted.get(0).payload()));
    }

    private static FlowValidated flows(int count, String violation) {
        List<FlowValidated.Flow> flows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            flows.add(new FlowValidated.Flow(
                    "f" + i, ".workflow/flows/f" + i + ".yaml", false, List.of(violation), List.of()));
        }
        return new FlowValidated("--all", flows, 1);
    }

    private static String bytes(com.fasterxml.jackson.databind.JsonNode node) {
        return new String(CanonicalJson.bytes(node), java.nio.charset.StandardCharsets.UTF_8);
    }
}
