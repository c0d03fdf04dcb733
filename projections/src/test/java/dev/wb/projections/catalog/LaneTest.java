package dev.wb.projections.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.projections.events.EventType;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One lane vocabulary for wb show and the page: every type wb writes is placed in a lane by name. */
class LaneTest {

    @Test
    void everyTypeWbWritesHasALaneOfItsOwn() {
        List<String> unplaced = new ArrayList<>();
        Set<Lane> used = EnumSet.noneOf(Lane.class);
        for (EventType<?> type : WbEvents.TYPES) {
            Lane.named(type.name()).ifPresentOrElse(used::add, () -> unplaced.add(type.name()));
        }
        assertEquals(List.of(), unplaced, "types with no lane: add them to Lane");
        assertEquals(EnumSet.allOf(Lane.class), used, "every lane holds some type");
    }

    @Test
    void aTypeThisWbDoesNotKnowGoesToOther() {
        assertEquals(Lane.OTHER, Lane.of("made.by.a.newer.wb"));
        assertTrue(Lane.named("made.by.a.newer.wb").isEmpty());
    }

    @Test
    void theAuditIsPartOfThePlanLaneAndRunsAndPreflightHaveTheirs() {
        assertEquals(Lane.PLAN, Lane.of("plan.audited"));
        assertEquals(Lane.RUN, Lane.of("node.finished"));
        assertEquals(Lane.VERIFY, Lane.of("preflight.completed"));
    }
}
