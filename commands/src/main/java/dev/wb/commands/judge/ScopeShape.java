package dev.wb.commands.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.capsule.Capsule;
import dev.wb.engine.Digests;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The shape of a scope block in a review record, as {@link ScopeBlock#toJson} writes it: every key
 * present with its type, no other key. The judge copies the block whole, so a key it lacks, adds or
 * retypes is a shape problem before anything is recomputed; the values are then compared with the
 * boundary's, recomputed (RecordVerification). The installed JSON Schema says the same.
 */
final class ScopeShape {

    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    private static final Set<String> CHANGE_KEYS = Set.of("path", "change", "mode", "sha256");
    private static final Set<String> CHANGE_KINDS = Set.of(ChangedFile.ADDED, ChangedFile.MODIFIED,
            ChangedFile.DELETED);

    /** Each required key and what its value must be. {@code baseRef} alone is optional. */
    private static final Map<String, Rule> KEYS = keys();

    private record Rule(String what, Predicate<JsonNode> holds) {}

    private ScopeShape() {}

    private static Map<String, Rule> keys() {
        Map<String, Rule> keys = new LinkedHashMap<>();
        keys.put("scopeVersion", new Rule("the integer " + ScopeBlock.VERSION, n -> n.isIntegralNumber()));
        keys.put("taskId", new Rule("a string", JsonNode::isTextual));
        keys.put("base", new Rule("a full commit id (40 or 64 hex digits)", n -> n.isTextual()
                && COMMIT.matcher(n.asText()).matches()));
        keys.put("candidate", new Rule("WORKTREE, SNAPSHOT:<id> or a full commit id", JsonNode::isTextual));
        keys.put("changedFiles", new Rule("a list of paths", ScopeShape::strings));
        keys.put("changes", new Rule("a list of {path, change, mode, sha256} objects", ScopeShape::changes));
        keys.put("excludedPaths", new Rule("a list of paths", ScopeShape::strings));
        keys.put("includedTaskIds", new Rule("a list of task keys", ScopeShape::strings));
        keys.put("capsule", new Rule("an object of the five documents' digests", ScopeShape::capsule));
        keys.put("capsuleDigest", new Rule("a sha256:<64 hex> digest", ScopeShape::digest));
        keys.put("changeDigest", new Rule("a sha256:<64 hex> digest", ScopeShape::digest));
        keys.put("emptyBoundaryAuthorized", new Rule("a boolean", JsonNode::isBoolean));
        keys.put("scopeDigest", new Rule("a sha256:<64 hex> digest", ScopeShape::digest));
        keys.put("wbVersion", new Rule("a string", JsonNode::isTextual));
        return keys;
    }

    /** The problems of {@code scope}'s shape, each naming its key as {@code scope.<key>}. */
    static void check(JsonNode scope, List<String> problems) {
        for (Iterator<String> names = scope.fieldNames(); names.hasNext();) {
            String name = names.next();
            if (!KEYS.containsKey(name) && !name.equals("baseRef")) {
                problems.add("unknown key scope." + name + " (copy the scope block whole from wb judge scope --json)");
            }
        }
        KEYS.forEach((name, rule) -> {
            JsonNode value = scope.get(name);
            if (value == null) {
                problems.add("scope." + name + " is missing (copy the scope block whole from wb judge scope --json)");
            } else if (!rule.holds().test(value)) {
                problems.add("scope." + name + " is not " + rule.what());
            }
        });
        JsonNode baseRef = scope.get("baseRef");
        if (baseRef != null && !baseRef.isTextual()) {
            problems.add("scope.baseRef is not a string");
        }
    }

    private static boolean strings(JsonNode node) {
        if (!node.isArray()) {
            return false;
        }
        for (JsonNode item : node) {
            if (!item.isTextual()) {
                return false;
            }
        }
        return true;
    }

    private static boolean digest(JsonNode node) {
        return node.isTextual() && Digests.isDigest(node.asText());
    }

    private static boolean capsule(JsonNode node) {
        if (!node.isObject() || node.size() != Capsule.DOCUMENTS.size()) {
            return false;
        }
        return Capsule.DOCUMENTS.stream().allMatch(name -> node.has(name) && digest(node.get(name)));
    }

    private static boolean changes(JsonNode node) {
        if (!node.isArray()) {
            return false;
        }
        for (JsonNode change : node) {
            if (!change.isObject() || !change.path("path").isTextual()
                    || !CHANGE_KINDS.contains(change.path("change").asText(""))) {
                return false;
            }
            for (Iterator<String> names = change.fieldNames(); names.hasNext();) {
                String name = names.next();
                if (!CHANGE_KEYS.contains(name) || name.equals("mode") && !change.get(name).isTextual()
                        || name.equals("sha256") && !digest(change.get(name))) {
                    return false;
                }
            }
        }
        return true;
    }
}
