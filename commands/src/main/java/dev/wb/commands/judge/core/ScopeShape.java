package dev.wb.commands.judge.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.Digests;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The shape of a scope block in a review record: the review judge's contract ({@code isScope}) —
 * every key of {@code ScopeBlock.KEYS} present with its type, {@code baseRef} alone optional, no
 * other key, arrays without duplicates. A violation is one reason in the judge's words, {@code scope
 * does not match the judge scope contract.}, with wb's detail after it. The values are then compared
 * with the boundary's, recomputed (Boundary). wb's one widening: task ids may be any wb task key
 * ({@code ABC-12}), of which the judge's {@code TASK-001} is one.
 */
public final class ScopeShape {

    static final String CONTRACT = "scope does not match the judge scope contract.";

    static final Pattern COMMIT = Pattern.compile("^(?:[0-9a-f]{40}|[0-9a-f]{64})$");

    /** A wb task key (the judge's {@code ^TASK-[0-9]+$} is one). */
    public static final Pattern TASK_ID = Pattern.compile("^[A-Za-z][A-Za-z0-9]*-[0-9]+$");

    private record Rule(String what, Predicate<JsonNode> holds) {}

    private ScopeShape() {}

    private static Map<String, Rule> keys(int schemaVersion) {
        Map<String, Rule> keys = new LinkedHashMap<>();
        keys.put(
                "schemaVersion",
                new Rule("the integer " + schemaVersion, n -> n.isIntegralNumber() && n.asInt() == schemaVersion));
        keys.put("cliVersion", new Rule("a non-empty string", ScopeShape::nonEmpty));
        keys.put("taskId", new Rule("a task key (TASK-001)", n -> matches(n, TASK_ID)));
        keys.put("base", new Rule("a full commit id (40 or 64 hex digits)", n -> matches(n, COMMIT)));
        keys.put("baseRef", new Rule("a non-empty string", ScopeShape::nonEmpty));
        keys.put("candidate", new Rule("WORKTREE, SNAPSHOT:<id> or a commit", ScopeShape::nonEmpty));
        keys.put("baseCommit", new Rule("a full commit id (40 or 64 hex digits)", n -> matches(n, COMMIT)));
        keys.put("candidateCommit", new Rule("a full commit id (40 or 64 hex digits)", n -> matches(n, COMMIT)));
        keys.put("changedFiles", new Rule("a list of distinct paths", n -> distinct(n, m -> m.isTextual())));
        keys.put("emptyBoundaryAuthorized", new Rule("a boolean", JsonNode::isBoolean));
        keys.put("excludedPaths", new Rule("a list of distinct paths", n -> distinct(n, m -> m.isTextual())));
        keys.put(
                "includedTaskIds",
                new Rule("a list of distinct task keys", n -> distinct(n, m -> matches(m, TASK_ID))));
        keys.put("taskDigest", new Rule("a sha256:<64 hex> digest", ScopeShape::digest));
        keys.put("changeDigest", new Rule("a sha256:<64 hex> digest", ScopeShape::digest));
        keys.put("scopeDigest", new Rule("a sha256:<64 hex> digest", ScopeShape::digest));
        return keys;
    }

    /** The problems of {@code scope}'s shape for a record of {@code schemaVersion}, each naming its key. */
    static void check(JsonNode scope, int schemaVersion, List<String> problems) {
        Map<String, Rule> keys = keys(schemaVersion);
        for (Iterator<String> names = scope.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!keys.containsKey(name)) {
                problems.add(CONTRACT + " Unexpected key scope." + name + " (copy the block whole from wb judge scope"
                        + " --json)");
            }
        }
        keys.forEach((name, rule) -> {
            JsonNode value = scope.get(name);
            if (value == null) {
                if (!name.equals("baseRef")) {
                    problems.add(CONTRACT + " scope." + name + " is missing (copy the block whole from wb judge scope"
                            + " --json)");
                }
            } else if (!rule.holds().test(value)) {
                problems.add(CONTRACT + " scope." + name + " is not " + rule.what());
            }
        });
    }

    private static boolean nonEmpty(JsonNode node) {
        return node.isTextual() && !node.asText().isEmpty();
    }

    private static boolean matches(JsonNode node, Pattern pattern) {
        return node.isTextual() && pattern.matcher(node.asText()).matches();
    }

    private static boolean distinct(JsonNode node, Predicate<JsonNode> item) {
        if (!node.isArray()) {
            return false;
        }
        Set<String> seen = new HashSet<>();
        for (JsonNode element : node) {
            if (!item.test(element) || !seen.add(element.asText())) {
                return false;
            }
        }
        return true;
    }

    private static boolean digest(JsonNode node) {
        return node.isTextual() && Digests.isDigest(node.asText());
    }
}
