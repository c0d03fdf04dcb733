package dev.wb.commands.flow;

import static dev.wb.commands.flow.FlowVocabulary.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.wb.commands.config.LocatedTree;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads a parsed flow file against the orchestrator's schema (docs/FLOWS.md): every mapping's keys, every
 * value's type and closed set, the nodes (read by {@link FlowNodeReader}), edges that name real nodes and
 * loops that name a budget, {@code decomposition} and {@code supervisor}. Every problem is kept, with its line. A key written with no value ({@code key: ~}) is
 * read as left out, as the orchestrator reads it. What the reader could not read it leaves out of the
 * definition.
 */
final class FlowReader {

    /** The prefix of a top-level key that holds shared settings (as in a compose file's extension fields). */
    static final String SHARED_PREFIX = "x-";

    private static final JsonNode EMPTY = JsonNodeFactory.instance.objectNode();

    private final FlowFields f;
    private final FlowNodeReader nodes;
    private final String stem;
    private boolean edgesComplete = true;

    private FlowReader(LocatedTree tree, String stem) {
        this.f = new FlowFields(tree);
        this.nodes = new FlowNodeReader(f);
        this.stem = stem;
    }

    /** The definition, or empty when there is no {@code flow:} mapping to read; violations go to {@code out}. */
    static Optional<FlowDefinition> read(LocatedTree tree, String stem, List<String> out) {
        FlowReader reader = new FlowReader(tree, stem);
        Optional<FlowDefinition> flow = reader.root(tree.root());
        out.addAll(reader.f.violations());
        return flow;
    }

    private Optional<FlowDefinition> root(JsonNode root) {
        if (root.isNull() || root.isMissingNode()) {
            f.problem("", "file", "the file is empty; a flow file holds one top-level flow: mapping");
            return Optional.empty();
        }
        if (!root.isObject()) {
            f.problem("", "file", "a flow file holds one top-level flow: mapping, not " + FlowFields.describe(root));
            return Optional.empty();
        }
        topLevel(root);
        if (!root.has(ROOT)) {
            f.problem("", "file", "missing the top-level flow: mapping");
            return Optional.empty();
        }
        if (root.get(ROOT).isNull()) {
            f.problem(ROOT, "file", "flow has no value; a flow file holds one top-level flow: mapping");
            return Optional.empty();
        }
        return f.object(root, "", "file", ROOT).map(this::flow);
    }

    /**
     * Beside {@code flow:}, a top-level key whose name starts with {@code x-} is a block of shared settings
     * ({@code x-common: &c {…}} reused with {@code <<: *c}), read only through its aliases; the original
     * ignores every other top-level key too, wb refuses the rest as typos: {@code flows:}, or a flow key such
     * as {@code nodes:} written without its indentation.
     */
    private void topLevel(JsonNode root) {
        root.fieldNames().forEachRemaining(key -> {
            if (key.equals(ROOT) || key.startsWith(SHARED_PREFIX)) {
                return;
            }
            String hint = FLOW_KEYS.contains(key)
                    ? " (did you mean flow." + key + "? indent it under flow:)"
                    : FlowFields.nearest(key, List.of(ROOT))
                            .map(n -> " (did you mean " + n + "?)")
                            .orElse("");
            f.problem(
                    key,
                    "file",
                    "unknown top-level key " + key + hint + "; a flow file holds flow: and, for settings shared"
                            + " through anchors, keys named " + SHARED_PREFIX + "… (x-common: &common {…})");
        });
    }

    private FlowDefinition flow(JsonNode flow) {
        String at = ROOT;
        f.only(flow, at, "flow", FLOW_KEYS);
        f.required(flow, at, "flow", REQUIRED_FLOW_KEYS);
        String name = f.text(flow, at, "flow", "name").orElse(stem);
        String taskType = f.text(flow, at, "flow", "task_type").orElse(stem);
        if (!taskType.equals(stem)) {
            f.problem(
                    at + ".task_type",
                    "flow",
                    "task_type '" + taskType + "' must be the file's stem '" + stem
                            + "' (the engine finds a task's flow by its task_type)");
        }
        String ceiling =
                f.oneOf(flow, at, "flow", "permission_ceiling", PERMISSIONS).orElse(READ_ONLY);
        String output =
                f.oneOf(flow, at, "flow", "output_policy", OUTPUT_POLICIES).orElse(OUTPUT_POLICIES.get(0));
        String publishing = f.oneOf(flow, at, "flow", "publishing", PUBLISHING).orElse("none");
        Optional<String> network = f.oneOf(flow, at, "flow", "network_policy", NETWORK_POLICIES);
        Map<String, Integer> budgets = budgets(flow);
        JsonNode evaluatorDefaults = f.object(flow, at, "flow", "defaults")
                .map(d -> {
                    f.only(d, at + ".defaults", "flow.defaults", DEFAULTS_KEYS);
                    return f.object(d, at + ".defaults", "flow.defaults", "evaluator")
                            .map(e -> {
                                f.only(
                                        e,
                                        at + ".defaults.evaluator",
                                        "flow.defaults.evaluator",
                                        EVALUATOR_DEFAULT_KEYS);
                                nodes.evaluatorValues(e, at + ".defaults.evaluator", "flow.defaults.evaluator");
                                return e;
                            })
                            .orElse(EMPTY);
                })
                .orElse(EMPTY);
        List<FlowNode> flowNodes = nodes.read(flow, evaluatorDefaults);
        List<FlowEdge> edges = edges(flow, flowNodes, budgets);
        Optional<FlowDefinition.Decomposition> decomposition = decomposition(flow);
        Optional<FlowDefinition.Supervisor> supervisor = supervisor(flow);
        return new FlowDefinition(
                name,
                taskType,
                ceiling,
                output,
                publishing,
                network,
                budgets,
                flowNodes,
                edges,
                decomposition,
                supervisor,
                nodes.complete() && edgesComplete);
    }

    private Map<String, Integer> budgets(JsonNode flow) {
        Map<String, Integer> budgets = new LinkedHashMap<>();
        f.object(flow, ROOT, "flow", "budgets").ifPresent(b -> {
            List<String> loops = new ArrayList<>();
            b.fieldNames().forEachRemaining(loops::add);
            for (String loop : loops) {
                f.integer(b, ROOT + ".budgets", "flow.budgets", loop, 0).ifPresent(n -> budgets.put(loop, n));
            }
        });
        return budgets;
    }

    private List<FlowEdge> edges(JsonNode flow, List<FlowNode> nodes, Map<String, Integer> budgets) {
        List<FlowEdge> edges = new ArrayList<>();
        Optional<JsonNode> list = f.list(flow, ROOT, "flow", "edges");
        if (list.isEmpty()) {
            return edges;
        }
        Set<String> ids = nodes.stream().map(FlowNode::id).collect(Collectors.toCollection(LinkedHashSet::new));
        for (int i = 0; i < list.get().size(); i++) {
            String at = LocatedTree.item(ROOT + ".edges", i);
            JsonNode item = list.get().get(i);
            if (!item.isObject()) {
                f.problem(
                        at,
                        at,
                        "an edge must be a mapping {from, to, outcome?, budget?, loop?}, not "
                                + FlowFields.describe(item));
                edgesComplete = false;
                continue;
            }
            f.only(item, at, at, EDGE_KEYS);
            f.required(item, at, at, List.of("from", "to"));
            Optional<String> from = f.text(item, at, at, "from");
            Optional<String> to = f.text(item, at, at, "to");
            Optional<String> outcome = f.text(item, at, at, "outcome");
            Optional<Integer> budget = f.integer(item, at, at, "budget", 0);
            Optional<String> loop = f.text(item, at, at, "loop");
            if (from.isEmpty() || to.isEmpty()) {
                edgesComplete = false;
                continue;
            }
            FlowEdge edge = new FlowEdge(i, f.line(at), from.get(), to.get(), outcome, budget, loop);
            String label = edge.label();
            for (String end : List.of(from.get(), to.get())) {
                if (!ids.contains(end)) {
                    f.problem(
                            at + (end.equals(from.get()) ? ".from" : ".to"),
                            label,
                            "edge references unknown "
                                    + (end.equals(from.get()) ? "source" : "target") + " node '" + end + "'"
                                    + FlowFields.nearest(end, ids)
                                            .map(n -> " (did you mean '" + n + "'?)")
                                            .orElse(""));
                    edgesComplete = false;
                }
            }
            loop.filter(name -> !budgets.containsKey(name))
                    .ifPresent(
                            name -> f.problem(at + ".loop", label, "edge loop '" + name + "' not declared in budgets"));
            edges.add(edge);
        }
        return edges;
    }

    private Optional<FlowDefinition.Decomposition> decomposition(JsonNode flow) {
        String at = ROOT + ".decomposition";
        String label = "flow.decomposition";
        return f.object(flow, ROOT, "flow", "decomposition").flatMap(d -> {
            f.only(d, at, label, DECOMPOSITION_KEYS);
            f.required(d, at, label, List.of("proposed_by", "sub_flow"));
            Optional<String> proposedBy = f.text(d, at, label, "proposed_by");
            List<String> subFlow = f.strings(d, at, label, "sub_flow");
            Optional<String> shared = f.text(d, at, label, "shared_budget");
            return proposedBy
                    .filter(p -> d.hasNonNull("sub_flow") && d.get("sub_flow").isArray())
                    .map(p -> new FlowDefinition.Decomposition(f.line(at), p, subFlow, shared));
        });
    }

    private Optional<FlowDefinition.Supervisor> supervisor(JsonNode flow) {
        String at = ROOT + ".supervisor";
        String label = "flow.supervisor";
        return f.object(flow, ROOT, "flow", "supervisor").map(s -> {
            f.only(s, at, label, SUPERVISOR_KEYS);
            Map<String, String> prompts = new LinkedHashMap<>();
            SUPERVISOR_PROMPTS.forEach(k -> f.text(s, at, label, k).ifPresent(p -> prompts.put(k, p)));
            f.bool(s, at, label, "emit_follow_ups");
            Optional<String> mode = f.object(s, at, label, "observe").flatMap(o -> {
                f.only(o, at + ".observe", label + ".observe", OBSERVE_KEYS);
                return f.oneOf(o, at + ".observe", label + ".observe", "mode", OBSERVE_MODES);
            });
            return new FlowDefinition.Supervisor(f.line(at), prompts, mode);
        });
    }
}
