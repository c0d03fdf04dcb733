package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;

/**
 * {@code wb task get KEY} distilled the task's ticket into {@code .workflow/KEY/triage.json}.
 *
 * @param provider {@code github} or {@code local}; an unknown wire name reads as {@link TicketProvider#LOCAL}
 * @param source where the ticket was read: {@code github:OWNER/NAME#N} (or {@code github:#N} when gh chose
 *     the repository), or the local backlog's file
 * @param digest the sha256 of triage.json as written
 * @param cached whether it came from the 15-minute cache rather than the tracker
 */
public record TaskFetched(TicketProvider provider, String source, String digest, boolean cached) implements WbEvent {

    static final String PROVIDER = "provider";
    static final String SOURCE = "source";
    static final String DIGEST = "digest";
    static final String CACHED = "cached";

    public static final EventType<TaskFetched> TYPE =
            EventType.of("task.fetched", List.of(PROVIDER, SOURCE, DIGEST, CACHED), TaskFetched::read);

    @Override
    public EventType<TaskFetched> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(PROVIDER, provider.wireName());
        p.put(SOURCE, source);
        p.put(DIGEST, digest);
        p.put(CACHED, cached);
        return p;
    }

    private static TaskFetched read(ObjectNode p) {
        return new TaskFetched(
                WireName.of(TicketProvider.class, p.path(PROVIDER).asText(""), TicketProvider.LOCAL),
                p.path(SOURCE).asText(""),
                p.path(DIGEST).asText(""),
                p.path(CACHED).asBoolean(false));
    }
}
