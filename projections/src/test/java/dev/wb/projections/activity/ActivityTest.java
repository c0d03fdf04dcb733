package dev.wb.projections.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.EventEnvelope;
import dev.wb.engine.ExpectedVersion;
import dev.wb.engine.InMemoryEventLog;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.projections.Folds;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ActivityTest {

    private static final StreamId TASK = StreamId.task(new TaskKey("ABC-1"));

    /** Seals events exactly as a log would, so the fold sees real envelopes. */
    private static List<EventEnvelope> given(String... types) {
        InMemoryEventLog log = new InMemoryEventLog();
        for (int i = 0; i < types.length; i++) {
            Clock clock = Clock.fixed(TestEvents.T0.plus(Duration.ofMinutes(i)), ZoneOffset.UTC);
            log.append(
                    TASK,
                    ExpectedVersion.any(),
                    List.of(TestEvents.event(types[i], Map.of("i", i))),
                    TestEvents.invocation(clock));
        }
        return log.read(TASK);
    }

    @Test
    void counts_events_by_type_and_remembers_the_last_one() {
        Activity.State state = Folds.fold(Activity.INSTANCE, given("sdd.audited", "impl.checked", "sdd.audited"));

        assertEquals(3, state.events());
        assertEquals(2, state.lastVersion());
        assertEquals(Map.of("impl.checked", 1L, "sdd.audited", 2L), state.countsByType());
        assertEquals("sdd.audited", state.lastType().orElseThrow());
        assertEquals(TestEvents.T0, state.firstTime().orElseThrow());
        assertEquals(TestEvents.T0.plus(Duration.ofMinutes(2)), state.lastTime().orElseThrow());
        assertEquals("tester@test-host", state.lastActor().orElseThrow());
    }

    @Test
    void the_state_as_of_an_event_ignores_every_later_event() {
        Activity.State state = Folds.foldAsOf(Activity.INSTANCE, given("a.one", "a.two", "a.three"), 1);

        assertEquals(2, state.events());
        assertEquals("a.two", state.lastType().orElseThrow());
    }

    @Test
    void no_events_is_the_initial_state() {
        assertEquals(Activity.State.EMPTY, Folds.fold(Activity.INSTANCE, List.of()));
    }

    @Test
    void the_state_survives_its_json_form_unchanged() {
        Activity.State state = Folds.fold(Activity.INSTANCE, given("a.one", "a.two", "a.one"));

        assertEquals(state, Activity.INSTANCE.fromJson(Activity.INSTANCE.toJson(state)));
        assertEquals(Activity.State.EMPTY, Activity.INSTANCE.fromJson(Activity.INSTANCE.toJson(Activity.State.EMPTY)));
    }
}
