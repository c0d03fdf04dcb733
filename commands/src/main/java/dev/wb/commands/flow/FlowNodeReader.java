package dev.wb.commands.flow;

import static dev.wb.commands.flow.FlowVocabulary.*;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.config.LocatedTree;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a flow file's {@code nodes:} for {@link FlowReader}: each node's id (portable, unique, not
 * reserved), the keys its kind takes and the type and value set of each, {@code when}, {@code hitl} and
 * tool {@code args}; an evaluator takes what it leaves out from {@code defaults.evaluator}.
 */
final class FlowNodeReader {

    private final FlowFields f;
    private boolean complete = true;

    FlowNodeReader(FlowFields f) {
        this.f = f;
    }

    /** False when a node could not be read, so the graph is not whole. */
    boolean complete() {
        return complete;
    }

    /** The nodes that could be read, in order; violations go to the fields' list. */
    List<FlowNode> read(JsonNode flow, JsonNode evaluatorDefaults) {
        List<FlowNode> nodes = new ArrayList<>();
        Optional<JsonNode> list = f.list(flow, ROOT, "flow", "nodes");
        if (list.isPresent() && list.get().isEmpty()) {
            f.problem(ROOT + ".nodes", "flow", "nodes is empty; a flow needs at least one node");
        }
        if (list.isEmpty()) {
            complete = false;
            return nodes;
        }
        Map<String, Integer> firstLine = new HashMap<>();
        for (int i = 0; i < list.get().size(); i++) {
            String at = LocatedTree.item(ROOT + ".nodes", i);
            JsonNode item = list.get().get(i);
            if (!item.isObject()) {
                f.problem(at, at, "a node must be a mapping with id and kind, not " + FlowFields.describe(item));
                complete = false;
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
                complete = false;
                continue;
            }
            Integer first = firstLine.putIfAbsent(id.get(), f.line(at + ".id"));
            if (first != null) {
                f.problem(at + ".id", label, "duplicate node id (first on line " + first + "); node ids are unique");
                complete = false;
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
            item.properties().forEach(e -> {
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
                .ifPresent(args -> args.properties().forEach(e -> {
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
    void evaluatorValues(JsonNode o, String at, String label) {
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
