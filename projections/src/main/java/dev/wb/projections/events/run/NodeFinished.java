package dev.wb.projections.events.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.WbEvent;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A node of a run ended.
 *
 * @param outcome {@code pass}, {@code fail}, {@code accept}, {@code rework}, {@code route:<x>},
 *     {@code done}, {@code incomplete} (manual), {@code crashed} (manual) or {@code interrupted}
 * @param artifacts what the node produced, stored by digest in the content store
 * @param severity an evaluator's severity, when it gave one
 * @param usage the provider's usage figures, when its CLI reported them
 * @param reason why, in words, when the outcome needs one (a failure, a crash, a warning)
 * @param session the provider session an agent or evaluator in a lineage used (docs/RUNS.md, "Sessions and
 *     lineages"); absent for every other node, and in logs written before wb kept sessions
 * @param stopped what was left running of a {@code tool}'s, {@code agent}'s or {@code evaluator}'s process
 *     group when its program ended, and was stopped then (docs/RUNS.md, "The node's end"); absent when
 *     nothing was left, and in logs written before wb stopped it
 */
public record NodeFinished(
        String node,
        String outcome,
        long durationMs,
        List<Artifact> artifacts,
        Optional<String> severity,
        Optional<Usage> usage,
        Optional<String> reason,
        Optional<Session> session,
        Optional<Stopped> stopped)
        implements WbEvent {

    static final String NODE = "node";
    static final String OUTCOME = "outcome";
    static final String DURATION_MS = "durationMs";
    static final String ARTIFACTS = "artifacts";
    static final String SEVERITY = "severity";
    static final String USAGE = "usage";
    static final String REASON = "reason";
    static final String NAME = "name";
    static final String DIGEST = "digest";
    static final String TOKENS = "tokens";
    static final String COST = "cost";
    static final String SESSION = "session";
    static final String LINEAGE = "lineage";
    static final String PROVIDER = "provider";
    static final String ID = "id";
    static final String RESUMED = "resumed";
    static final String REFUSED = "refused";
    static final String STOPPED = "stopped";
    static final String PROCESSES = "processes";
    static final String KILLED = "killed";
    static final String LEFT = "left";

    public static final EventType<NodeFinished> TYPE = EventType.of(
            "node.finished",
            List.of(NODE, OUTCOME, DURATION_MS, ARTIFACTS, SEVERITY, USAGE, REASON, SESSION, STOPPED),
            NodeFinished::read);

    /** One stored output: its name ({@code output}, {@code stdout}, a file's path) and its SHA-256. */
    public record Artifact(String name, String digest) {}

    /** A provider's figures: tokens used and cost in US dollars, as its CLI printed them. */
    public record Usage(long tokens, String cost) {

        /** The cost as an exact decimal, when it reads as one ({@code "0.04"}); a cost printed otherwise counts nothing. */
        public Optional<BigDecimal> amount() {
            try {
                BigDecimal amount = new BigDecimal(cost.strip());
                // bounded, so a hostile "1E999999999" cannot make a sum of it take the memory
                if (amount.precision() > 38 || Math.abs(amount.scale()) > 18) {
                    return Optional.empty();
                }
                return Optional.of(amount.scale() < 0 ? amount.setScale(0) : amount);
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
    }

    /**
     * The provider session a node of a lineage used.
     *
     * @param lineage the lineage: the node that owns it (the node itself, or its {@code lineage_affinity})
     * @param provider the provider whose session it is ({@code claude}, {@code codex}); kept as the text
     *     written, since a session is continued only by the provider that named it, so one this wb does not
     *     know must stay apart rather than read as a provider it knows
     * @param id the session's id; empty when the provider did not tell it (the lineage then has none)
     * @param resumed whether the call continued the lineage's earlier session (false: a new session)
     * @param refused a session the provider refused to continue (not found), after which wb started {@code id}
     */
    public record Session(
            String lineage, String provider, Optional<String> id, boolean resumed, Optional<String> refused) {}

    /**
     * The processes of a node's group still running when its program ended: {@code processes} got SIGTERM,
     * {@code killed} of them were still there after the grace and got SIGKILL, {@code left} outlived that.
     */
    public record Stopped(int processes, int killed, int left) {}

    public NodeFinished {
        artifacts = List.copyOf(artifacts);
    }

    /** A node that ended with an outcome and nothing more to say. */
    public static NodeFinished of(String node, String outcome, long durationMs) {
        return new NodeFinished(
                node,
                outcome,
                durationMs,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty());
    }

    @Override
    public EventType<NodeFinished> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(NODE, node);
        p.put(OUTCOME, outcome);
        p.put(DURATION_MS, durationMs);
        ArrayNode list = p.putArray(ARTIFACTS);
        artifacts.forEach(a -> list.addObject().put(NAME, a.name()).put(DIGEST, a.digest()));
        RunReads.putOptional(p, SEVERITY, severity);
        usage.ifPresentOrElse(
                u -> p.putObject(USAGE).put(TOKENS, u.tokens()).put(COST, u.cost()), () -> p.putNull(USAGE));
        RunReads.putOptional(p, REASON, reason);
        // written only when there is one, so the events of nodes without a session stay as they were
        session.ifPresent(x -> {
            ObjectNode o = p.putObject(SESSION).put(LINEAGE, x.lineage()).put(PROVIDER, x.provider());
            RunReads.putOptional(o, ID, x.id());
            o.put(RESUMED, x.resumed());
            RunReads.putOptional(o, REFUSED, x.refused());
        });
        // likewise only when something was stopped
        stopped.ifPresent(x -> p.putObject(STOPPED)
                .put(PROCESSES, x.processes())
                .put(KILLED, x.killed())
                .put(LEFT, x.left()));
        return p;
    }

    private static NodeFinished read(ObjectNode p) {
        List<Artifact> artifacts = new ArrayList<>();
        p.path(ARTIFACTS)
                .forEach(a -> artifacts.add(new Artifact(RunReads.text(a.path(NAME)), RunReads.text(a.path(DIGEST)))));
        Optional<Usage> usage = p.path(USAGE).isObject()
                ? Optional.of(new Usage(
                        p.path(USAGE).path(TOKENS).asLong(),
                        RunReads.text(p.path(USAGE).path(COST))))
                : Optional.empty();
        return new NodeFinished(
                RunReads.text(p.path(NODE)),
                RunReads.text(p.path(OUTCOME)),
                p.path(DURATION_MS).asLong(),
                artifacts,
                RunReads.optionalText(p.path(SEVERITY)),
                usage,
                RunReads.optionalText(p.path(REASON)),
                session(p.path(SESSION)),
                stopped(p.path(STOPPED)));
    }

    private static Optional<Stopped> stopped(JsonNode s) {
        if (!s.isObject()) {
            return Optional.empty();
        }
        return Optional.of(new Stopped(
                s.path(PROCESSES).asInt(0),
                s.path(KILLED).asInt(0),
                s.path(LEFT).asInt(0)));
    }

    private static Optional<Session> session(JsonNode s) {
        if (!s.isObject()) {
            return Optional.empty();
        }
        return Optional.of(new Session(
                RunReads.text(s.path(LINEAGE)),
                RunReads.text(s.path(PROVIDER)),
                RunReads.optionalText(s.path(ID)).filter(id -> !id.isEmpty()),
                s.path(RESUMED).asBoolean(false),
                RunReads.optionalText(s.path(REFUSED))));
    }
}
