package dev.wb.commands.flow;

import static dev.wb.commands.flow.FlowVocabulary.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.config.LocatedTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads a parsed flow file against the orchestrator's schema (docs/FLOWS.md): every mapping's keys, every
 * value's type and closed set, node ids (portable, unique, not reserved), {@code when}, {@code hitl}, tool
 * {@code args}, edges that name real nodes and loops that name a budget, {@code decomposition} and
 * {@code supervisor}. Every problem is kept, with its line. A key written with no value ({@code key: ~}) is
 * read as left out, as the orchestrator reads it. What the reader could not read it leaves out of the
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
                                evaluatorValues(e, at + ".defaults.evaluator", "flow.defaults.evaluator");
                                return e;
                            })
                            .orElse(EMPTY);
                })
                .orElse(EMPTY);
        List<FlowNode> nodes = nodes(flow, evaluatorDefaults);
        List<FlowEdge> edges = edges(flow, nodes, budgets);
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
                nodes,
                edges,
                decomposition,
                supervisor,
                graphComplete);
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
            Optional<String> kind = f.oneOf(item, at, at, "kind", KINDS);
            Optional<String> id = id(item, at, kind);
            if (!item.hasNonNull("id")) {
                f.problem(at, at, "missing required key id");
            }
            String label = id.map(v -> "node '" + v + "'").orElse(at);
            if (!item.hasNonNull("kind")) {
                f.problem(at, label, "missing required key kind (one of " + String.join(", ", KINDS) + ")");
            }
            if (id.isEmpty() || kind.isEmpty()) {
                graphComplete = false;
                continue;
            }
            Integer first = firstLine.putIfAbsent(id.get(), f.line(at + ".id"));
            if (first != null) {
                f.problem(at + ".id", label, "duplicate node id (first on line " + first + "); node ids are unique");
                graphComplete = false;
                continue;
            }
            nodes.add(node(item, at, id.get(), kind.get(), label, evaluatorDefaults));
        }
        return nodes;
    }

    /** The node's id when it is one portable segment, no Windows device name and, for agents and tools, not reserved. */
    private Optional<String> id(JsonNode item, String at, Optional<String> kind) {
        Optional<String> id = f.text(item, at, at, "id");
        if (id.isEmpty()) {
            return id;
        }
        String v = id.get();
        String where = at + ".id";
        if (!NODE_ID.matcher(v).matches()) {
            f.problem(
                    where,
                    at,
                    "id '" + v + "' is not a portable identifier: one lower-case segment of at most 64"
                            + " characters, a letter or digit first, then letters, digits, '_' or '-'");
            return Optional.empty();
        }
        if (WINDOWS_DEVICE.matcher(v).matches()) {
            f.problem(
                    where,
                    at,
                    "id '" + v + "' is a Windows device name (con, prn, aux, nul, com1-9, lpt1-9);"
                            + " a node id names a folder on every OS");
            return Optional.empty();
        }
        if (kind.filter(k -> k.equals("agent") || k.equals("tool")).isPresent() && reserved(v)) {
            f.problem(
                    where,
                    at,
                    "id '" + v + "' is reserved: an " + kind.get() + " node's {" + v + "_path} would"
                            + " shadow a core prompt token (reserved: " + String.join(", ", RESERVED_IDS)
                            + " and any id starting with " + RESERVED_PREFIX + ")");
            return Optional.empty();
        }
        return id;
    }

    private FlowNode node(JsonNode item, String at, String id, String kind, String label, JsonNode defaults) {
        List<String> known = new ArrayList<>(List.of("id", "kind"));
        known.addAll(KIND_KEYS.get(kind));
        f.only(item, at, label, known);
        f.required(item, at, label, KIND_REQUIRED.get(kind));
        values(item, at, label);
        // An evaluator takes what it leaves out from defaults.evaluator (already checked where it is written).
        JsonNode source = item;
        if (kind.equals("evaluator")) {
            ObjectNode merged = defaults.deepCopy();
            item.fields().forEachRemaining(e -> {
                if (!e.getValue().isNull()) {
                    merged.set(e.getKey(), e.getValue());
                }
            });
            source = merged;
        }
        return new FlowNode(
                id,
                kind,
                f.line(at + ".id"),
                quiet(source, "role_file"),
                quiet(source, "resume_role_file"),
                quiet(source, "provider"),
                quiet(source, "model"),
                quiet(source, "reasoning"),
                quiet(source, "permission_profile").filter(PERMISSIONS::contains),
                quiet(source, "session_scope").filter(SESSION_SCOPES::contains).orElse(SESSION_SCOPES.get(0)),
                quiet(source, "lineage_affinity"),
                flag(source, "network_access"),
                flag(source, "git_evidence"),
                quietStrings(source),
                flag(source, "blocking").orElse(true),
                quietInt(source, "max_rework_per_stage").filter(n -> n >= 0).orElse(DEFAULT_MAX_REWORK),
                quiet(source, "tool"));
    }

    /** Checks the type and value set of every key the node has; unknown keys were reported by {@link FlowFields#only}. */
    private void values(JsonNode o, String at, String label) {
        for (String key : List.of(
                "role",
                "role_file",
                "resume_role_file",
                "provider",
                "model",
                "reasoning",
                "lineage_affinity",
                "tool")) {
            f.text(o, at, label, key);
        }
        evaluatorValues(o, at, label);
        f.oneOf(o, at, label, "checker", CHECKERS);
        f.oneOf(o, at, label, "signal", HITL_SIGNALS);
        f.oneOf(o, at, label, "policy", PUBLISHING);
        f.oneOf(o, at, label, "output_artifact", OUTPUT_ARTIFACTS);
        for (String key : List.of("network_access", "git_evidence", "blocking", "best_effort")) {
            f.bool(o, at, label, key);
        }
        f.integer(o, at, label, "timeout_seconds", 1);
        f.integer(o, at, label, "timeout_s", 1);
        f.strings(o, at, label, "extra_args");
        f.strings(o, at, label, "skills");
        Optional<String> file = portable(o, at, label, "output_file");
        if (file.isPresent() && o.hasNonNull("output_artifact")) {
            f.problem(
                    at + ".output_file",
                    label,
                    "output_file and output_artifact are exclusive: a node that writes"
                            + " a slot reads its output from the slot, so the file would never be read; keep one");
        }
        portable(o, at, label, "manifest");
        when(o, at, label);
        f.object(o, at, label, "hitl").ifPresent(h -> {
            f.only(h, at + ".hitl", label + ": hitl", HITL_SETTINGS_KEYS);
            HITL_SETTINGS_KEYS.forEach(k -> f.bool(h, at + ".hitl", label + ": hitl", k));
        });
        f.object(o, at, label, "args")
                .ifPresent(args -> args.fields().forEachRemaining(e -> {
                    if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                        f.problem(
                                at + ".args." + e.getKey(),
                                label,
                                "args." + e.getKey() + " must be a string, number or"
                                        + " true/false (args is a flat map sent to the tool), not "
                                        + FlowFields.describe(e.getValue()));
                    }
                }));
    }

    /** The keys an evaluator may also take from defaults.evaluator. */
    private void evaluatorValues(JsonNode o, String at, String label) {
        f.oneOf(o, at, label, "permission_profile", PERMISSIONS);
        f.oneOf(o, at, label, "session_scope", SESSION_SCOPES);
        f.integer(o, at, label, "max_rework_per_stage", 0);
        f.text(o, at, label, "gate_severity")
                .filter(v -> !GATE_SEVERITIES.contains(v.toLowerCase(Locale.ROOT)))
                .ifPresent(v -> f.problem(
                        at + ".gate_severity",
                        label,
                        "gate_severity must be one of " + String.join(", ", GATE_SEVERITIES) + ", not '" + v + "'"));
    }

    private Optional<String> portable(JsonNode o, String at, String label, String key) {
        Optional<String> name = f.text(o, at, label, key);
        if (name.isPresent() && !portableName(name.get())) {
            f.problem(
                    at + "." + key,
                    label,
                    key + " '" + name.get() + "' must be one portable file name (no path"
                            + " separator, no '..', not a reserved name)");
            return Optional.empty();
        }
        return name;
    }

    /** {@code when: {fact, equals}}: a fact in the derived. or config. namespace, and the value it must have. */
    private void when(JsonNode o, String at, String label) {
        f.object(o, at, label, "when").ifPresent(w -> {
            String where = at + ".when";
            f.only(w, where, label + ": when", WHEN_KEYS);
            f.required(w, where, label + ": when", List.of("fact"));
            f.bool(w, where, label + ": when", "equals");
            f.text(w, where, label + ": when", "fact")
                    .filter(fact -> WHEN_NAMESPACES.stream().noneMatch(fact::startsWith))
                    .ifPresent(fact -> f.problem(
                            where + ".fact",
                            label,
                            "when.fact '" + fact
                                    + "' must start with " + String.join(" or ", WHEN_NAMESPACES) + " (a bare fact is"
                                    + " refused: it would silently read as false)"));
        });
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
                graphComplete = false;
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
                graphComplete = false;
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
                    graphComplete = false;
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

    // Values already reported by values() are read here without reporting them again.

    private static Optional<String> quiet(JsonNode o, String key) {
        JsonNode v = o.get(key);
        return v != null && v.isValueNode() && !v.isNull() && !v.asText().isBlank()
                ? Optional.of(v.asText())
                : Optional.empty();
    }

    private static Optional<Boolean> flag(JsonNode o, String key) {
        JsonNode v = o.get(key);
        return v != null && v.isBoolean() ? Optional.of(v.booleanValue()) : Optional.empty();
    }

    private static Optional<Integer> quietInt(JsonNode o, String key) {
        JsonNode v = o.get(key);
        return v != null && v.isIntegralNumber() && v.canConvertToInt() ? Optional.of(v.intValue()) : Optional.empty();
    }

    private static List<String> quietStrings(JsonNode o) {
        JsonNode v = o.get("extra_args");
        List<String> args = new ArrayList<>();
        if (v != null && v.isArray()) {
            v.forEach(a -> {
                if (a.isValueNode() && !a.isNull()) {
                    args.add(a.asText());
                }
            });
        }
        return List.copyOf(args);
    }
}
