package dev.wb.commands.init;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.NewEvent;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.WbEvents;
import java.util.List;

/** {@code wb init} always records what it found and what it made, so a re-run is visible too. */
public final class InitDecider {

    private InitDecider() {}

    public static List<NewEvent> decide(List<String> created, List<String> kept) {
        ObjectNode payload = CanonicalJson.objectNode();
        created.forEach(payload.putArray("created")::add);
        kept.forEach(payload.putArray("kept")::add);
        return List.of(new NewEvent(WbEvents.WORKSPACE_INITIALIZED, WbEvents.WORKSPACE_INITIALIZED_VERSION, payload));
    }
}
