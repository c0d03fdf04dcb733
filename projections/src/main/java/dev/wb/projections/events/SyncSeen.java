package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;

/**
 * What this replica had imported of a stream from other replicas when it next appended to it
 * (docs/adr/0010-shared-histories.md): each other replica's head of the stream, and the greatest
 * Lamport clock of the merged view the append was decided on. Written by wb itself, first in the
 * batch of the first append after an import brought new events of the stream; it is what orders this
 * replica's later events after everything it had seen, on every clone alike.
 *
 * @param lamport the greatest clock of any event in the view the append was decided on
 * @param heads each other replica's head of the stream, by replica id
 */
public record SyncSeen(long lamport, List<Head> heads) implements WbEvent {

    static final String LAMPORT = "lamport";
    static final String HEADS = "heads";
    static final String REPLICA = "replica";
    static final String VERSION = "version";
    static final String HASH = "hash";

    public static final EventType<SyncSeen> TYPE = EventType.of("sync.seen", List.of(LAMPORT, HEADS), SyncSeen::read);

    /** One replica's chain of the stream as it was seen: its last event's version and hash. */
    public record Head(String replica, long version, String hash) {}

    public SyncSeen {
        heads = List.copyOf(heads);
    }

    @Override
    public EventType<SyncSeen> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(LAMPORT, lamport);
        ArrayNode list = p.putArray(HEADS);
        heads.forEach(h -> list.addObject()
                .put(REPLICA, h.replica())
                .put(VERSION, h.version())
                .put(HASH, h.hash()));
        return p;
    }

    private static SyncSeen read(ObjectNode p) {
        List<Head> heads = new ArrayList<>();
        p.path(HEADS)
                .forEach(h -> heads.add(new Head(
                        h.path(REPLICA).asText(),
                        h.path(VERSION).asLong(-1),
                        h.path(HASH).asText())));
        return new SyncSeen(p.path(LAMPORT).asLong(0), heads);
    }
}
