package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import dev.wb.projections.events.WireName;
import java.util.List;
import java.util.Optional;

/**
 * A run stopped for a person: a {@code hitl} node asks, or a node that edited the tree was
 * interrupted and only a person can say whether its half-done work stands.
 *
 * @param reason why it waits for a person
 * @param question what a {@code hitl} node asks, when it asks
 * @param head the commit HEAD named when the run parked (empty outside a repository with commits)
 * @param changedPaths the paths the working tree changed against HEAD then
 */
public record RunParked(
        Reason reason, String node, Optional<String> question, Optional<String> head, List<String> changedPaths)
        implements WbEvent {

    /**
     * Why a run waits for a person. A reason this wb does not know reads as {@link #INTERRUPTED}: failing
     * closed, the person is asked whether the node's work stands rather than taken to have answered it.
     */
    public enum Reason implements WireName {
        /** A {@code hitl} node asks a question; any text answers it. */
        QUESTION("question"),
        /** A {@code hitl} node asks for an approval: approve or deny. */
        APPROVAL("approval"),
        /** A node that edited the tree was interrupted: approve, rerun or deny. */
        INTERRUPTED("interrupted");

        private final String wire;

        Reason(String wire) {
            this.wire = wire;
        }

        @Override
        public String wireName() {
            return wire;
        }
    }

    static final String REASON = "reason";
    static final String NODE = "node";
    static final String QUESTION = "question";
    static final String HEAD = "head";
    static final String CHANGED_PATHS = "changedPaths";

    public static final EventType<RunParked> TYPE =
            EventType.of("run.parked", List.of(REASON, NODE, QUESTION, HEAD, CHANGED_PATHS), RunParked::read);

    public RunParked {
        changedPaths = List.copyOf(changedPaths);
    }

    @Override
    public EventType<RunParked> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(REASON, reason.wireName());
        p.put(NODE, node);
        RunReads.putOptional(p, QUESTION, question);
        RunReads.putOptional(p, HEAD, head);
        RunReads.putTexts(p, CHANGED_PATHS, changedPaths);
        return p;
    }

    private static RunParked read(ObjectNode p) {
        return new RunParked(
                WireName.of(Reason.class, RunReads.text(p.path(REASON)), Reason.INTERRUPTED),
                RunReads.text(p.path(NODE)),
                RunReads.optionalText(p.path(QUESTION)),
                RunReads.optionalText(p.path(HEAD)),
                RunReads.texts(p.path(CHANGED_PATHS)));
    }
}
