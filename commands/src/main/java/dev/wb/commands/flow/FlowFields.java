package dev.wb.commands.flow;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.config.ConfigReader;
import dev.wb.commands.config.LocatedTree;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Reads the values of one flow file and keeps every problem it meets, each as {@code line N: <where>:
 * <what>}, instead of stopping at the first as config.json's reader does: a flow author fixes them all in
 * one pass. A value that cannot be read is reported and read as absent.
 */
final class FlowFields {

    private final LocatedTree tree;
    private final List<String> violations = new ArrayList<>();

    FlowFields(LocatedTree tree) {
        this.tree = tree;
    }

    List<String> violations() {
        return violations;
    }

    int line(String path) {
        return tree.line(path);
    }

    /** Records a violation at the line of {@code path}. */
    void problem(String path, String label, String message) {
        violations.add("line " + tree.line(path) + ": " + label + ": " + message);
    }

    /** Reports every key of {@code object} not in {@code known}, with the known key it is closest to. */
    void only(JsonNode object, String path, String label, Collection<String> known) {
        object.fieldNames().forEachRemaining(key -> {
            if (!known.contains(key)) {
                problem(
                        LocatedTree.child(path, key),
                        label,
                        "unknown key " + key
                                + nearest(key, known)
                                        .map(n -> " (did you mean " + n + "?)")
                                        .orElseGet(() -> "; the keys here are: " + String.join(", ", known)));
            }
        });
    }

    /**
     * Reports each of {@code keys} that {@code object} leaves out. A key written with no value ({@code key:},
     * {@code key: ~}) is left out, as the orchestrator reads it.
     */
    void required(JsonNode object, String path, String label, Collection<String> keys) {
        for (String key : keys) {
            if (!object.hasNonNull(key)) {
                problem(path, label, "missing required key " + key);
            }
        }
    }

    Optional<JsonNode> object(JsonNode parent, String path, String label, String key) {
        JsonNode node = parent.get(key);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isObject()) {
            problem(LocatedTree.child(path, key), label, key + " must be a mapping, not " + describe(node));
            return Optional.empty();
        }
        return Optional.of(node);
    }

    Optional<JsonNode> list(JsonNode parent, String path, String label, String key) {
        JsonNode node = parent.get(key);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isArray()) {
            problem(LocatedTree.child(path, key), label, key + " must be a list, not " + describe(node));
            return Optional.empty();
        }
        return Optional.of(node);
    }

    /**
     * A text value. A number or true/false is read as its text, as the orchestrator's {@code str()} reads it;
     * a list, a mapping or a blank string is a violation.
     */
    Optional<String> text(JsonNode parent, String path, String label, String key) {
        JsonNode node = parent.get(key);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isValueNode() || node.asText().isBlank()) {
            problem(LocatedTree.child(path, key), label, key + " must be a non-blank string, not " + describe(node));
            return Optional.empty();
        }
        return Optional.of(node.asText());
    }

    /** A value from a closed set (FlowVocabulary); anything else is named with the set. */
    Optional<String> oneOf(JsonNode parent, String path, String label, String key, List<String> values) {
        Optional<String> value = text(parent, path, label, key);
        if (value.isPresent() && !values.contains(value.get())) {
            problem(
                    LocatedTree.child(path, key),
                    label,
                    key + " must be one of " + String.join(", ", values) + ", not '" + value.get() + "'");
            return Optional.empty();
        }
        return value;
    }

    Optional<Boolean> bool(JsonNode parent, String path, String label, String key) {
        JsonNode node = parent.get(key);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isBoolean()) {
            problem(LocatedTree.child(path, key), label, key + " must be true or false, not " + describe(node));
            return Optional.empty();
        }
        return Optional.of(node.booleanValue());
    }

    /** A whole number of at least {@code min}. */
    Optional<Integer> integer(JsonNode parent, String path, String label, String key, int min) {
        JsonNode node = parent.get(key);
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isIntegralNumber() || !node.canConvertToInt() || node.intValue() < min) {
            problem(
                    LocatedTree.child(path, key),
                    label,
                    key + " must be a whole number of at least " + min + ", not " + describe(node));
            return Optional.empty();
        }
        return Optional.of(node.intValue());
    }

    /** A list of plain values (numbers and true/false read as their text). */
    List<String> strings(JsonNode parent, String path, String label, String key) {
        Optional<JsonNode> node = list(parent, path, label, key);
        List<String> values = new ArrayList<>();
        node.ifPresent(items -> {
            for (int i = 0; i < items.size(); i++) {
                JsonNode item = items.get(i);
                if (item.isValueNode() && !item.isNull()) {
                    values.add(item.asText());
                } else {
                    problem(
                            LocatedTree.item(LocatedTree.child(path, key), i),
                            label,
                            key + "[" + i + "] must be a string, not " + describe(item));
                }
            }
        });
        return List.copyOf(values);
    }

    static String describe(JsonNode node) {
        return node.isObject() ? "a mapping" : ConfigReader.describe(node);
    }

    /** The known word closest to a mistyped one, when it is close enough to be a typo (config's rule). */
    static Optional<String> nearest(String word, Collection<String> known) {
        return ConfigReader.nearest(word, known);
    }
}
