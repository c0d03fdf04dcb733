package dev.wb.commands.judge.core;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.checks.EventFit;
import dev.wb.engine.NewEvent;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * A judge event as the log takes it: its record's payload fitted to the log's limit ({@link EventFit}:
 * long texts shortened, items dropped and counted in {@code truncated} should it still not fit), byte
 * for byte what the judge has always recorded. The record is the only source of the payload.
 */
public record Fitted(EventType<?> eventType, ObjectNode fittedPayload) implements WbEvent {

    /** The event with its payload fitted alone. */
    public static WbEvent of(WbEvent event) {
        return new Fitted(event.eventType(), EventFit.fit(event.payload()));
    }

    /** The events of one batch (one record of the log), each fitted to its share when together they are over. */
    public static List<WbEvent> batch(List<? extends WbEvent> events) {
        List<NewEvent> fitted =
                EventFit.fit(events.stream().map(WbEvent::toNewEvent).toList());
        List<WbEvent> out = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            out.add(new Fitted(events.get(i).eventType(), fitted.get(i).payload()));
        }
        return out;
    }

    @Override
    public ObjectNode payload() {
        return fittedPayload.deepCopy();
    }
}
