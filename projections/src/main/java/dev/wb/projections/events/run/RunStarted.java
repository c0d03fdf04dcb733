package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb run KEY} started driving the task through a flow that passed the full validator.
 *
 * @param flow the flow's name (its file's stem under {@code .workflow/flows/})
 * @param flowDigest the SHA-256 of the flow file's bytes: a resume refuses a flow that changed since
 * @param configDigest the SHA-256 of {@code .workflow/config.yaml} (of nothing when there is none)
 * @param taskType the task's type the flow was chosen for
 * @param maxSeconds the run's wall time limit in seconds (absent in runs recorded before wb kept one)
 */
public record RunStarted(
        String flow, String flowDigest, String configDigest, String taskType, Optional<Integer> maxSeconds)
        implements WbEvent {

    static final String FLOW = "flow";
    static final String FLOW_DIGEST = "flowDigest";
    static final String CONFIG_DIGEST = "configDigest";
    static final String TASK_TYPE = "taskType";
    static final String MAX_SECONDS = "maxSeconds";

    public static final EventType<RunStarted> TYPE = EventType.of(
            "run.started", List.of(FLOW, FLOW_DIGEST, CONFIG_DIGEST, TASK_TYPE, MAX_SECONDS), RunStarted::read);

    /** A run started with no wall limit recorded (as runs before wb kept one were). */
    public RunStarted(String flow, String flowDigest, String configDigest, String taskType) {
        this(flow, flowDigest, configDigest, taskType, Optional.empty());
    }

    @Override
    public EventType<RunStarted> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(FLOW, flow);
        p.put(FLOW_DIGEST, flowDigest);
        p.put(CONFIG_DIGEST, configDigest);
        p.put(TASK_TYPE, taskType);
        maxSeconds.ifPresent(m -> p.put(MAX_SECONDS, m));
        return p;
    }

    private static RunStarted read(ObjectNode p) {
        return new RunStarted(
                RunReads.text(p.path(FLOW)),
                RunReads.text(p.path(FLOW_DIGEST)),
                RunReads.text(p.path(CONFIG_DIGEST)),
                RunReads.text(p.path(TASK_TYPE)),
                p.path(MAX_SECONDS).isIntegralNumber()
                        ? Optional.of(p.path(MAX_SECONDS).intValue())
                        : Optional.empty());
    }
}
