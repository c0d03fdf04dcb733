package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;

/**
 * {@code wb hooks install|uninstall HOST} wrote, or found, an agent host's hook settings (workspace stream).
 *
 * @param action {@code install} or {@code uninstall}; an unknown wire name reads as {@link HooksAction#UNINSTALL}
 * @param host {@code claude}, {@code codex} or {@code copilot}; an unknown wire name reads as {@link
 *     AgentHost#CLAUDE}
 * @param file the settings file, relative to the repository's top: a path, not a category, kept as written
 * @param result {@code installed}, {@code updated}, {@code unchanged}, {@code removed} or {@code absent}; an
 *     unknown wire name reads as {@link InstallResult#ABSENT}
 * @param guard the judge's guard (Claude Code): {@code added}, {@code present}, {@code kept}, {@code removed}
 *     or {@code none}; an unknown wire name reads as {@link HookGuard#NONE}
 */
public record HooksConfigured(HooksAction action, AgentHost host, String file, InstallResult result, HookGuard guard)
        implements WbEvent {

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
        p.put(ACTION, action.wireName());
        p.put(HOST, host.wireName());
        p.put(FILE, file);
        p.put(RESULT, result.wireName());
        p.put(GUARD, guard.wireName());
        return p;
    }

    private static HooksConfigured read(ObjectNode p) {
        return new HooksConfigured(
                WireName.of(HooksAction.class, p.path(ACTION).asText(), HooksAction.UNINSTALL),
                WireName.of(AgentHost.class, p.path(HOST).asText(), AgentHost.CLAUDE),
                p.path(FILE).asText(),
                WireName.of(InstallResult.class, p.path(RESULT).asText(), InstallResult.ABSENT),
                WireName.of(HookGuard.class, p.path(GUARD).asText(), HookGuard.NONE));
    }
}
