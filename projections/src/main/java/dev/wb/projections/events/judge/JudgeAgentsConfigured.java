package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb judge enable|disable} changed the judge setting and its agent files (workspace stream).
 *
 * @param action {@code enable} or {@code disable}; an unknown wire name reads as {@link JudgeSwitch#DISABLE}
 * @param files agent files written (enable)
 * @param hook {@code installed}, {@code removed} or {@code unchanged}: the Claude Code guard hook; an unknown
 *     wire name reads as {@link JudgeHookAction#UNCHANGED}
 * @param models the model in effect per target id, in the targets' order (empty: the target's default)
 */
public record JudgeAgentsConfigured(
        JudgeSwitch action, List<String> files, JudgeHookAction hook, Map<String, Optional<String>> models)
        implements WbEvent {

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
        p.put(ACTION, action.wireName());
        Reads.putTexts(p, FILES, files);
        p.put(HOOK, hook.wireName());
        ObjectNode object = p.putObject(MODELS);
        models.forEach((target, model) -> Reads.putOptional(object, target, model));
        return p;
    }

    private static JudgeAgentsConfigured read(ObjectNode p) {
        Map<String, Optional<String>> models = new LinkedHashMap<>();
        p.path(MODELS).properties().forEach(field -> models.put(field.getKey(), Reads.optionalText(field.getValue())));
        return new JudgeAgentsConfigured(
                WireName.of(JudgeSwitch.class, Reads.text(p.path(ACTION)), JudgeSwitch.DISABLE),
                Reads.texts(p.path(FILES)),
                WireName.of(JudgeHookAction.class, Reads.text(p.path(HOOK)), JudgeHookAction.UNCHANGED),
                models);
    }
}
