package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;

/**
 * {@code wb hooks install|uninstall HOST} wrote, or found, an agent host's hook settings (workspace stream).
 *
 * @param action {@code install} or {@code uninstall}
 * @param host {@code claude}, {@code codex} or {@code copilot}
 * @param file the settings file, relative to the repository's top
 * @param result {@code installed}, {@code updated}, {@code unchanged}, {@code removed} or {@code absent}
 * @param guard the judge's guard (Claude Code): {@code added}, {@code present}, {@code kept}, {@code removed}
 *     or {@code none}
 */
public record HooksConfigured(String action, String host, String file, String result, String guard) implements WbEvent {

    static final String ACTION = "action";
    static final String HOST = "host";
    static final String FILE = "file";
    static final String RESULT = "result";
    static final String GUARD = "guard";

    public static final EventType<HooksConfigured> TYPE =
            EventType.of("hooks.configured", List.of(ACTION, HOST, FILE, RESULT, GUARD), HooksConfigured::read);

    @Override
    public EventType<HooksConfigured> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(ACTION, action);
        p.put(HOST, host);
        p.put(FILE, file);
        p.put(RESULT, result);
        p.put(GUARD, guard);
        return p;
    }

    private static HooksConfigured read(ObjectNode p) {
        return new HooksConfigured(
                p.path(ACTION).asText(),
                p.path(HOST).asText(),
                p.path(FILE).asText(),
                p.path(RESULT).asText(),
                p.path(GUARD).asText());
    }
}
