package dev.wb.commands.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.process.SecretNames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * Reads one document against a schema written as code: every object names its keys, so a key it does
 * not know is an error (with the nearest known key suggested), and every value is read as its type or
 * refused, naming the key and the line of {@link #file} it is on. Fails closed with exit 3.
 */
public final class ConfigReader {

    private final String file;
    private final LocatedTree tree;
    private final String docs;

    public ConfigReader(String file, LocatedTree tree, String docs) {
        this.file = file;
        this.tree = tree;
        this.docs = docs;
    }

    public JsonNode root() {
        return tree.root();
    }

    public LocatedTree tree() {
        return tree;
    }

    /** A failure naming the path's line; exit 3. */
    public Failure error(String path, String message, String... fixes) {
        List<String> all = new ArrayList<>(List.of(fixes));
        all.add("edit " + file + " (every key: " + docs + ")");
        return new Failure(Failure.Kind.CONFIG, file + " line " + tree.line(path) + ": " + message, all);
    }

    /** Refuses any key of the object at {@code path} that is not in {@code known}. */
    public void only(JsonNode object, String path, Collection<String> known) {
        object.fieldNames().forEachRemaining(key -> {
            if (!known.contains(key)) {
                String at = LocatedTree.child(path, key);
                Optional<String> near = nearest(key, known);
                String where = path.isEmpty() ? "the top level" : path;
                throw error(
                        at,
                        "unknown key " + at
                                + near.map(n -> " (did you mean " + n + "?)").orElse(""),
                        "the keys of " + where + " are: " + String.join(", ", known));
            }
        });
    }

    /** The object at {@code path}, or empty when absent or null; anything else is an error. */
    public Optional<JsonNode> object(JsonNode parent, String path, String key) {
        JsonNode node = parent.get(key);
        String at = LocatedTree.child(path, key);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isObject()) {
            throw error(at, at + " must be an object, not " + describe(at, node));
        }
        return Optional.of(node);
    }

    public boolean bool(JsonNode parent, String path, String key, boolean otherwise) {
        JsonNode node = parent.get(key);
        String at = LocatedTree.child(path, key);
        if (node == null || node.isNull()) {
            return otherwise;
        }
        if (!node.isBoolean()) {
            throw error(at, at + " must be true or false, not " + describe(at, node));
        }
        return node.booleanValue();
    }

    public int integer(JsonNode parent, String path, String key, int min, int max, int otherwise) {
        JsonNode node = parent.get(key);
        String at = LocatedTree.child(path, key);
        if (node == null || node.isNull()) {
            return otherwise;
        }
        if (!node.isIntegralNumber() || !node.canConvertToLong() || node.longValue() < min || node.longValue() > max) {
            throw error(at, at + " must be a whole number from " + min + " to " + max + ", not " + describe(at, node));
        }
        return node.intValue();
    }

    public Optional<Integer> optionalInteger(JsonNode parent, String path, String key, int min, int max) {
        JsonNode node = parent.get(key);
        return node == null || node.isNull()
                ? Optional.empty()
                : Optional.of(integer(parent, path, key, min, max, min));
    }

    public String text(JsonNode parent, String path, String key, String otherwise) {
        JsonNode node = parent.get(key);
        String at = LocatedTree.child(path, key);
        if (node == null || node.isNull()) {
            return otherwise;
        }
        if (!node.isTextual()) {
            throw error(at, at + " must be a string, not " + describe(at, node));
        }
        return plain(at, node.textValue());
    }

    /** A list of strings each checked by {@code check} (a problem, or empty). */
    public List<String> strings(
            JsonNode parent,
            String path,
            String key,
            List<String> otherwise,
            BiFunction<String, String, Optional<String>> check) {
        JsonNode node = parent.get(key);
        String at = LocatedTree.child(path, key);
        if (node == null || node.isNull()) {
            return otherwise;
        }
        if (!node.isArray()) {
            throw error(at, at + " must be a list of strings, not " + describe(at, node));
        }
        List<String> values = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode item = node.get(i);
            String itemPath = LocatedTree.item(at, i);
            if (!item.isTextual()) {
                throw error(itemPath, itemPath + " must be a string, not " + describe(itemPath, item));
            }
            plain(itemPath, item.textValue());
            Optional<String> problem = check.apply(itemPath, item.textValue());
            if (problem.isPresent()) {
                throw error(itemPath, problem.get());
            }
            values.add(item.textValue());
        }
        return List.copyOf(values);
    }

    /** An object of string values, in file order, names and values checked. */
    public Map<String, String> stringMap(
            JsonNode parent, String path, String key, BiFunction<String, String, Optional<String>> nameCheck) {
        Map<String, String> values = new LinkedHashMap<>();
        Optional<JsonNode> object = object(parent, path, key);
        if (object.isEmpty()) {
            return values;
        }
        String at = LocatedTree.child(path, key);
        object.get().properties().forEach(e -> {
            String itemPath = LocatedTree.child(at, e.getKey());
            Optional<String> problem = nameCheck.apply(itemPath, e.getKey());
            if (problem.isPresent()) {
                throw error(itemPath, problem.get());
            }
            if (!e.getValue().isTextual()) {
                throw error(itemPath, itemPath + " must be a string, not " + describe(itemPath, e.getValue()));
            }
            values.put(e.getKey(), plain(itemPath, e.getValue().textValue()));
        });
        return values;
    }

    public static BiFunction<String, String, Optional<String>> nonBlank() {
        return (path, value) -> value.isBlank() ? Optional.of(path + " must not be blank") : Optional.empty();
    }

    public static BiFunction<String, String, Optional<String>> matching(Pattern pattern, String what) {
        return (path, value) -> pattern.matcher(value).matches()
                ? Optional.empty()
                : Optional.of(path + " must be " + what + ", not \"" + value + "\"");
    }

    /**
     * Refuses a value holding a control character (a line break, NUL, an escape): no setting of wb is
     * one, and such a value would break the files and command lines it ends up in.
     */
    public String plain(String path, String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw error(
                        path,
                        path + " must not hold control characters (a line break, a tab, NUL…); found"
                                + String.format(" U+%04X at character %d", (int) c, i + 1));
            }
        }
        return value;
    }

    /**
     * A value as a user would recognise it in an error, unless the key holds a secret ({@link SecretNames},
     * or a token): then only its type, so an error never echoes a secret.
     */
    public static String describe(String path, JsonNode node) {
        String last = path.substring(path.lastIndexOf('.') + 1).replaceAll("\\[\\d+]$", "");
        if (SecretNames.secret(last)) {
            return node.isTextual() ? "a string" : node.isNumber() ? "a number" : describe(node);
        }
        return describe(node);
    }

    /** A value as a user would recognise it in an error. */
    public static String describe(JsonNode node) {
        if (node.isTextual()) {
            String text = node.textValue();
            return "the string \"" + (text.length() > 60 ? text.substring(0, 60) + "…" : text) + "\"";
        }
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "a list";
        }
        if (node.isNull()) {
            return "null";
        }
        return node.toString();
    }

    /** The known key closest to a mistyped one, when it is close enough to be a typo. */
    public static Optional<String> nearest(String key, Collection<String> known) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int d = distance(key.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        return best != null && bestDistance <= Math.max(2, key.length() / 4) ? Optional.of(best) : Optional.empty();
    }

    /**
     * The known keys closest to a mistyped one, nearest first, at most {@code most}: those at the least
     * distance {@link #nearest} would accept, so a far-off key names none.
     */
    public static List<String> closest(String key, Collection<String> known, int most) {
        String lower = key.toLowerCase(Locale.ROOT);
        int limit = Math.max(2, key.length() / 4);
        int best = known.stream()
                .mapToInt(k -> distance(lower, k.toLowerCase(Locale.ROOT)))
                .min()
                .orElse(Integer.MAX_VALUE);
        if (best > limit) {
            return List.of();
        }
        return known.stream()
                .filter(k -> distance(lower, k.toLowerCase(Locale.ROOT)) == best)
                .sorted()
                .limit(most)
                .toList();
    }

    private static int distance(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
