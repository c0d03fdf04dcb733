package dev.wb.projections.events.judge;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;

/**
 * {@code wb judge run} ran nothing.
 *
 * @param snapshot the snapshot named
 * @param mode {@link JudgeRunMode#IN_PLACE} or {@link JudgeRunMode#ISOLATED}
 * @param outcome {@link JudgeRunOutcome#APPROVAL_MISSING}, {@link JudgeRunOutcome#LOCK_BUSY} or {@link
 *     JudgeRunOutcome#TREE_MISMATCH}
 * @param reason the message the user saw
 * @param changedPaths for {@code tree-mismatch}, the paths that differ from the snapshot
 */
public record JudgeRunRefused(
        String snapshot, JudgeRunMode mode, JudgeRunOutcome outcome, String reason, List<String> changedPaths)
        implements WbEvent {

    static final String SNAPSHOT = JudgeRunStarted.SNAPSHOT;
    static final String MODE = JudgeRunStarted.MODE;
    static final String OUTCOME = "outcome";
    static final String REASON = "reason";
    static final String CHANGED_PATHS = "changedPaths";

    public static final EventType<JudgeRunRefused> TYPE = EventType.of(
            "judge.run.refused", List.of(SNAPSHOT, MODE, OUTCOME, REASON, CHANGED_PATHS), JudgeRunRefused::read);

    public JudgeRunRefused {
        changedPaths = List.copyOf(changedPaths);
    }

    @Override
    public EventType<JudgeRunRefused> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(SNAPSHOT, snapshot);
        p.put(OUTCOME, outcome.wireName());
        p.put(MODE, mode.wireName());
        p.put(REASON, reason);
        Reads.putTexts(p, CHANGED_PATHS, changedPaths);
        return p;
    }

    private static JudgeRunRefused read(ObjectNode p) {
        return new JudgeRunRefused(
                Reads.text(p.path(SNAPSHOT)),
                Reads.mode(p.path(MODE)),
                Reads.outcome(p.path(OUTCOME)),
                Reads.text(p.path(REASON)),
                Reads.texts(p.path(CHANGED_PATHS)));
    }
}
