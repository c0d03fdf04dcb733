package dev.wb.commands.flow;

import static dev.wb.commands.flow.FlowVocabulary.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.wb.commands.config.LocatedTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads a parsed flow file against the schema of docs/FLOWS.md: every mapping's keys, every value's type
 * and closed set, unique lower-case node ids, edges that name real nodes and loops that name a budget.
 * Every problem is kept, with its line. A key written with no value ({@code kind:}, {@code flow: ~}) is a
 * problem like an unknown key, never read as absent. What the reader could not read it leaves out of the
 * definition.
 */
final class FlowReader {

    private static final JsonNode EMPTY = JsonNodeFactory.instance.objectNode();

    private final FlowFields f;
    private final String stem;
    private boolean graphComplete = true;

    private FlowReader(LocatedTree tree, String stem) {
        this.f = new FlowFields(tree);
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
        f.only(root, "", "file", List.of(ROOT));
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

    private FlowDefinition flow(JsonNode flow) {
        String at = ROOT;
        f.only(flow, at, "flow", FLOW_KEYS);
        f.filled(flow, at, "flow", FLOW_KEYS, REQUIRED_FLOW_KEYS);
        f.required(flow, at, "flow", REQUIRED_FLOW_KEYS);
        String name = f.text(flow, at, "flow", "name").orElse(stem);
        String taskType = f.text(flow, at, "flow", "task_type").orElse(stem);
        if (!taskType.equals(stem)) {
            f.problem(at + ".task_type", "flow", "task_type '" + taskType + "' must be the file's stem '" + stem
                    + "'");
        }
        String ceiling = f.oneOf(flow, at, "flow", "permission_ceiling", PERMISSIONS).orElse(PERMISSIONS.get(0));
        String output = f.oneOf(flow, at, "flow", "output_policy", OUTPUT_POLICIES).orElse("none");
        String publishing = f.oneOf(flow, at, "flow", "publishing", PUBLISHING).orElse("none");
        String network = f.oneOf(flow, at, "flow", "network_policy", NETWORK_POLICIES).orElse("deny");
        Map<String, Integer> budgets = budgets(flow);
        JsonNode evaluatorDefaults = f.object(flow, at, "flow", "defaults").map(d -> {
            f.only(d, at + ".defaults", "flow.defaults", DEFAULTS_KEYS);
            f.filled(d, at + ".defaults", "flow.defaults", DEFAULTS_KEYS, List.of());
            return f.object(d, at + ".defaults", "flow.defaults", "evaluator").map(e -> {
                f.only(e, at + ".defaults.evaluator", "flow.defaults.evaluator", EVALUATOR_DEFAULT_KEYS);
                f.filled(e, at + ".defaults.evaluator", "flow.defaults.evaluator", EVALUATOR_DEFAULT_KEYS,
                        List.of());
                checkValues(e, at + ".defaults.evaluator", "flow.defaults.evaluator");
                return e;
            }).orElse(EMPTY);
        }).orElse(EMPTY);
        List<FlowNode> nodes = nodes(flow, evaluatorDefaults);
        List<FlowEdge> edges = edges(flow, nodes, budgets);
        return new FlowDefinition(name, taskType, ceiling, output, publishing, network, budgets, nodes, edges,
                graphComplete);
    }

    private Map<String, Integer> budgets(JsonNode flow) {
        Map<String, Integer> budgets = new LinkedHashMap<>();
        f.object(flow, ROOT, "flow", "budgets").ifPresent(b -> {
            List<String> loops = new ArrayList<>();
            b.fieldNames().forEachRemaining(loops::add);
            f.filled(b, ROOT + ".budgets", "flow.budgets", loops, List.of());
            for (String loop : loops) {
                if (!LOOP_NAME.matcher(loop).matches()) {
                    f.problem(ROOT + ".budgets." + loop, "flow.budgets", "loop name '" + loop
                            + "' must be lower-case: a letter, then letters, digits, '_' or '-'");
                }
                f.integer(b, ROOT + ".budgets", "flow.budgets", loop, MIN_BUDGET, MAX_BUDGET)
                        .ifPresent(n -> budgets.put(loop, n));
            }
        });
        return budgets;
    }

    private List<FlowNode> nodes(JsonNode flow, JsonNode evaluatorDefaults) {
        List<FlowNode> nodes = new ArrayList<>();
        Optional<JsonNode> list = f.list(flow, ROOT, "flow", "nodes");
        if (list.isPresent() && list.get().isEmpty()) {
            f.problem(ROOT + ".nodes", "flow", "nodes is empty; a flow needs at least one node");
        }
        if (list.isEmpty()) {
            graphComplete = false;
            return nodes;
        }
        Map<String, Integer> firstLine = new HashMap<>();
        for (int i = 0; i < list.get().size(); i++) {
            String at = LocatedTree.item(ROOT + ".nodes", i);
            JsonNode item = list.get().get(i);
            if (!item.isObject()) {
                f.problem(at, at, "a node must be a mapping with id and kind, not " + FlowFields.describe(item));
                graphComplete = false;
                continue;
            }
            Optional<String> id = f.matching(item, at, at, "id", NODE_ID,
                    "lower-case: a letter, then letters, digits, '_' or '-'");
            if (!item.has("id")) {
                f.problem(at, at, "missing required key id");
            } else if (item.get("id").isNull()) {
                f.problem(at + ".id", at, "id has no value; it is required");
            }
            String label = id.map(v -> "node '" + v + "'").orElse(at);
            Optional<String> kind = f.oneOf(item, at, label, "kind", KINDS);
            if (!item.has("kind")) {
                f.problem(at, label, "missing required key kind (one of " + String.join(", ", KINDS) + ")");
            } else if (item.get("kind").isNull()) {
                f.problem(at + ".kind", label, "kind has no value; it is required (one of " + String.join(", ", KINDS)
                        + ")");
            }
            if (id.isEmpty() || kind.isEmpty()) {
                graphComplete = false;
                continue;
            }
            Integer first = firstLine.putIfAbsent(id.get(), f.line(at + ".id"));
            if (first != null) {
                f.problem(at + ".id", label, "id given twice (first on line " + first + "); node ids are unique");
                graphComplete = false;
                continue;
            }
            nodes.add(node(item, at, id.get(), kind.get(), label, evaluatorDefaults));
        }
        return nodes;
    }

    private FlowNode node(JsonNode item, String at, String id, String kind, String label, JsonNode defaults) {
        List<String> known = new ArrayList<>(List.of("id", "kind"));
        known.addAll(KIND_KEYS.get(kind));
        f.only(item, at, label, known);
        f.filled(item, at, label, known, KIND_REQUIRED.get(kind));
        f.required(item, at, label, KIND_REQUIRED.get(kind));
        checkValues(item, at, label);
        // An evaluator takes what it leaves out from defaults.evaluator (already checked where it is written).
        JsonNode source = item;
        if (kind.equals("evaluator")) {
            com.fasterxml.jackson.databind.node.ObjectNode merged = defaults.deepCopy();
            item.fields().forEachRemaining(e -> merged.set(e.getKey(), e.getValue()));
            source = merged;
        }
        return new FlowNode(id, kind, f.line(at + ".id"), quiet(source, "role_file"), quiet(source, "provider"),
                quiet(source, "model"), quiet(source, "reasoning"),
                quiet(source, "permission_profile").filter(PERMISSIONS::contains).orElse(PERMISSIONS.get(0)),
                flag(source, "network_access", false), flag(source, "git_evidence", false), quietStrings(source),
                flag(source, "blocking", true),
                quietInt(source, "max_rework_per_stage").filter(n -> n >= 0 && n <= MAX_BUDGET),
                quiet(source, "tool").filter(t -> TOOL_NAME.matcher(t).matches()), quiet(source, "checker"));
    }

    /** Checks the type and value set of every key the object has; unknown keys were reported by {@link FlowFields#only}. */
    private void checkValues(JsonNode o, String at, String label) {
        for (String key : List.of("description", "role", "role_file", "provider", "model", "reasoning", "checker")) {
            f.text(o, at, label, key);
        }
        f.oneOf(o, at, label, "permission_profile", PERMISSIONS);
        f.oneOf(o, at, label, "session_scope", SESSION_SCOPES);
        f.oneOf(o, at, label, "lineage_affinity", LINEAGE_AFFINITIES);
        f.oneOf(o, at, label, "gate_severity", GATE_SEVERITIES);
        f.oneOf(o, at, label, "when", WHEN);
        f.oneOf(o, at, label, "signal", HITL_SIGNALS);
        f.oneOf(o, at, label, "policy", PUBLISH_POLICIES);
        f.matching(o, at, label, "tool", TOOL_NAME, "a file name in .workflow/tools/ (letters, digits, '.', '_', '-')");
        for (String key : List.of("network_access", "git_evidence", "blocking")) {
            f.bool(o, at, label, key);
        }
        f.integer(o, at, label, "timeout_seconds", 1, MAX_TIMEOUT_SECONDS);
        f.integer(o, at, label, "max_rework_per_stage", 0, MAX_BUDGET);
        f.strings(o, at, label, "extra_args");
        f.object(o, at, label, "args").ifPresent(args -> args.fields().forEachRemaining(e -> {
            String argAt = at + ".args." + e.getKey();
            if (!ARG_NAME.matcher(e.getKey()).matches()) {
                f.problem(argAt, label, "args key '" + e.getKey() + "' must be a name (letters, digits, '_', '-')");
            }
            if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                f.problem(argAt, label, "args." + e.getKey() + " must be a string, number or true/false (args is"
                        + " a flat map), not " + FlowFields.describe(e.getValue()));
            }
        }));
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
                f.problem(at, at, "an edge must be a mapping {from, to, outcome?, budget?, loop?}, not "
                        + FlowFields.describe(item));
                graphComplete = false;
                continue;
            }
            f.only(item, at, at, EDGE_KEYS);
            f.filled(item, at, at, EDGE_KEYS, List.of("from", "to"));
            f.required(item, at, at, List.of("from", "to"));
            Optional<String> from = f.text(item, at, at, "from");
            Optional<String> to = f.text(item, at, at, "to");
            Optional<String> outcome = f.text(item, at, at, "outcome");
            Optional<Integer> budget = f.integer(item, at, at, "budget", MIN_BUDGET, MAX_BUDGET);
            Optional<String> loop = f.text(item, at, at, "loop");
            if (from.isEmpty() || to.isEmpty()) {
                graphComplete = false;
                continue;
            }
            FlowEdge edge = new FlowEdge(i, f.line(at), from.get(), to.get(), outcome, budget, loop);
            String label = edge.label();
            for (String end : List.of(from.get(), to.get())) {
                if (!ids.contains(end)) {
                    f.problem(at + (end.equals(from.get()) ? ".from" : ".to"), label, "'" + end + "' is not a node"
                            + FlowFields.nearest(end, ids).map(n -> " (did you mean '" + n + "'?)").orElse(""));
                    graphComplete = false;
                }
            }
            loop.filter(name -> !budgets.containsKey(name)).ifPresent(name -> f.problem(at + ".loop", label,
                    "loop '" + name + "' is not named under flow.budgets"));
            if (budget.isPresent() && loop.isPresent()) {
                f.problem(at, label, "give budget or loop, not both");
            }
            if ((item.hasNonNull("budget") || item.hasNonNull("loop")) && !edge.loopsBack()) {
                f.problem(at, label, "budget and loop bound rework and fail edges only");
            }
            edges.add(edge);
        }
        return edges;
    }

    // Values already reported by checkValues are read here without reporting them again.

    private static Optional<String> quiet(JsonNode o, String key) {
        JsonNode v = o.get(key);
        return v != null && v.isTextual() && !v.textValue().isBlank() ? Optional.of(v.textValue()) : Optional.empty();
    }

    private static boolean flag(JsonNode o, String key, boolean otherwise) {
        JsonNode v = o.get(key);
        return v != null && v.isBoolean() ? v.booleanValue() : otherwise;
    }

    private static Optional<Integer> quietInt(JsonNode o, String key) {
        JsonNode v = o.get(key);
        return v != null && v.isIntegralNumber() && v.canConvertToInt() ? Optional.of(v.intValue())
                : Optional.empty();
    }

    private static List<String> quietStrings(JsonNode o) {
        JsonNode v = o.get("extra_args");
        List<String> args = new ArrayList<>();
        if (v != null && v.isArray()) {
            v.forEach(a -> {
                if (a.isTextual()) {
                    args.add(a.textValue());
                }
            });
        }
        return List.copyOf(args);
    }
}
