package dev.wb.cli.show;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;

/**
 * {@code wb show KEY --json}: the same grouping as the text, as one document: {@code stream}, {@code
 * events}, {@code stages} (each {@code stage}, {@code state}, {@code events}: {@code number}, {@code
 * type}, {@code time}, {@code summary}, {@code replica}), and {@code chain} ({@code intact} and each
 * chain's state).
 */
final class ShowJson {

    private ShowJson() {}

    static ObjectNode of(StreamId stream, int events, List<Timeline.Group> groups, List<ChainState> chains) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("stream", stream.name());
        doc.put("events", events);
        ArrayNode stages = doc.putArray("stages");
        for (Timeline.Group group : groups) {
            ObjectNode stage = stages.addObject();
            stage.put("stage", group.stage().word());
            stage.put("state", group.state().word());
            ArrayNode list = stage.putArray("events");
            for (Timeline.Row row : group.rows()) {
                ObjectNode e = list.addObject();
                e.put("number", row.number());
                e.put("type", row.type());
                e.put("time", row.time().toString());
                e.put("summary", row.summary());
                e.put("outcome", row.tone().outcome().word());
                row.replica().ifPresentOrElse(r -> e.put("replica", r), () -> e.putNull("replica"));
            }
        }
        ObjectNode chain = doc.putObject("chain");
        chain.put("intact", chains.stream().allMatch(ChainState::intact));
        ArrayNode list = chain.putArray("chains");
        for (ChainState state : chains) {
            ObjectNode c = list.addObject();
            c.put("replica", state.replica());
            c.put("intact", state.intact());
            c.put("eventsChecked", state.eventsChecked());
            state.head().ifPresentOrElse(h -> c.put("head", h), () -> c.putNull("head"));
            state.broken()
                    .ifPresentOrElse(
                            b -> {
                                ObjectNode broken = c.putObject("firstBreak");
                                broken.put("version", b.version());
                                state.number().ifPresent(n -> broken.put("number", n));
                                b.eventId().ifPresent(id -> broken.put("eventId", id));
                                broken.put("reason", b.reason());
                            },
                            () -> c.putNull("firstBreak"));
        }
        return doc;
    }
}
