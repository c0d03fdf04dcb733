package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb judge enable|disable} changed the judge setting and its agent files (workspace stream).
 *
 * @param action {@code enable} or {@code disable}
 * @param files agent files written (enable)
 * @param hook {@code installed}, {@code removed} or {@code unchanged}: the Claude Code guard hook
 * @param models the model in effect per target id, in the targets' order (empty: the target's default)
 */
public record JudgeAgentsConfigured(
        String action, List<String> files, String hook, Map<String, Optional<String>> models) implements WbEvent {

    static final String ACTION = "action";
    static final String FILES = "files";
    static final String HOOK = "hook";
    static final String MODELS = "models";

    public static final EventType<JudgeAgentsConfigured> TYPE =
            EventType.of("judge.agents.configured", List.of(ACTION, FILES, HOOK, MODELS), JudgeAgentsConfigured::read);

    public JudgeAgentsConfigured {
        files = List.copyOf(files);
        models = Reads.ordered(models);
    }

    @Override
    public EventType<JudgeAgentsConfigured> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(ACTION, action);
        Reads.putTexts(p, FILES, files);
        p.put(HOOK, hook);
        ObjectNode object = p.putObject(MODELS);
        models.forEach((target, model) -> Reads.putOptional(object, target, model));
        return p;
    }

    private static JudgeAgentsConfigured read(ObjectNode p) {
        Map<String, Optional<String>> models = new LinkedHashMap<>();
        p.path(MODELS).properties().forEach(field -> models.put(field.getKey(), Reads.optionalText(field.getValue())));
        return new JudgeAgentsConfigured(
                Reads.text(p.path(ACTION)), Reads.texts(p.path(FILES)), Reads.text(p.path(HOOK)), models);
    }
}
