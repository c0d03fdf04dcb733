package dev.wb.projections.events;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb validate-flow} checked one flow or all of them (workspace stream): each flow's violations
 * and warnings, and the exit code. Its payload, unfitted, is also {@code wb validate-flow --json}'s
 * document, in this field order.
 *
 * @param request the name asked for, or {@code --all}
 * @param exitCode 0 all valid, 1 any invalid, 2 the named flow not found or no configuration loadable
 * @param truncated what was dropped to fit the log, if anything was
 */
public record FlowValidated(String request, List<Flow> flows, int exitCode, Optional<Truncated> truncated)
        implements WbEvent {

    static final String REQUEST = "request";
    static final String FLOWS = "flows";
    static final String EXIT_CODE = "exitCode";
    static final String NAME = "name";
    static final String FILE = "file";
    static final String VALID = "valid";
    static final String VIOLATIONS = "violations";
    static final String WARNINGS = "warnings";

    public static final EventType<FlowValidated> TYPE =
            EventType.of("flow.validated", List.of(REQUEST, FLOWS, EXIT_CODE, Truncated.FIELD), FlowValidated::read);

    /** What {@code wb status} folds of a run: whether each flow was valid, streamed. */
    private static final PayloadFields STAGES = PayloadFields.of(FLOWS + "[]." + VALID);

    /**
     * One flow's verdict: valid when it has no violation.
     *
     * @param name the file's stem
     * @param file the file, relative to the repository root
     */
    public record Flow(String name, String file, boolean valid, List<String> violations, List<String> warnings) {
        public Flow {
            violations = List.copyOf(violations);
            warnings = List.copyOf(warnings);
        }
    }

    public FlowValidated {
        flows = List.copyOf(flows);
    }

    public FlowValidated(String request, List<Flow> flows, int exitCode) {
        this(request, flows, exitCode, Optional.empty());
    }

    @Override
    public EventType<FlowValidated> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(REQUEST, request);
        ArrayNode array = p.putArray(FLOWS);
        for (Flow f : flows) {
            ObjectNode o = array.addObject();
            o.put(NAME, f.name());
            o.put(FILE, f.file());
            o.put(VALID, f.valid());
            PayloadLists.putTexts(o, VIOLATIONS, f.violations());
            PayloadLists.putTexts(o, WARNINGS, f.warnings());
        }
        p.put(EXIT_CODE, exitCode);
        Truncated.write(truncated, p);
        return p;
    }

    /** Whether each flow was valid, streamed (names, files and texts read as empty). */
    public static FlowValidated readStages(EventEnvelope event) {
        return read(STAGES.read(event));
    }

    private static FlowValidated read(ObjectNode p) {
        return new FlowValidated(
                p.path(REQUEST).asText(),
                PayloadLists.objects(
                        p.path(FLOWS),
                        f -> new Flow(
                                f.path(NAME).asText(),
                                f.path(FILE).asText(),
                                // a flow whose validity is not recorded counts as valid, as the status fold has it
                                f.path(VALID).asBoolean(true),
                                PayloadLists.texts(f.path(VIOLATIONS)),
                                PayloadLists.texts(f.path(WARNINGS)))),
                p.path(EXIT_CODE).asInt(),
                Truncated.read(p));
    }
}
