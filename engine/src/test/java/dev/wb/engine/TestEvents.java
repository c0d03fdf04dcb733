package dev.wb.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/** Small builders for events and invocations in tests. */
public final class TestEvents {

    public static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

    private TestEvents() {}

    public static Invocation invocation() {
        return invocation(Clock.fixed(T0, ZoneOffset.UTC));
    }

    public static Invocation invocation(Clock clock) {
        Actor actor = new Actor("tester", "test-host", ProcessHandle.current().pid(), Optional.empty());
        return new Invocation("inv-" + System.nanoTime(), actor, "test", clock);
    }

    public static NewEvent event(String type, Map<String, ?> payload) {
        ObjectNode node = CanonicalJson.object(payload);
        return new NewEvent(type, 1, node);
    }

    public static NewEvent note(int n) {
        return event("test.noted", Map.of("n", n, "text", "note " + n));
    }

    public static List<NewEvent> notes(int from, int count) {
        return IntStream.range(from, from + count).mapToObj(TestEvents::note).toList();
    }
}
