package dev.wb.commands.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The single fields of a plan (a string, a path, a list of strings, a flag, an object's keys): each
 * reader returns the value when it is usable, and adds a problem to the reading's list when it is not.
 */
final class PlanFields {

    /** What each required field is for, said when it is missing or empty (the original's words). */
    private static final Map<String, String> WHY = Map.of(
            "objective", "state what changes and why, in one or two sentences",
            "evidence", "every claim about this codebase needs a file:line citation",
            "files", "list every file this change touches, before touching any",
            "tests", "the floor is a unit test for every changed logic branch",
            "verify", "list the exact commands that prove this works",
            "rollback", "state how to undo this before doing it");

    private final List<String> problems;

    PlanFields(List<String> problems) {
        this.problems = problems;
    }

    Optional<Boolean> bool(JsonNode node, String name) {
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isBoolean()) {
            problems.add(name + " must be true or false, not " + kind(node));
            return Optional.empty();
        }
        return Optional.of(node.booleanValue());
    }

    List<String> strings(JsonNode node, String name, boolean required) {
        List<String> values = new ArrayList<>();
        if (!array(node, name, required)) {
            return values;
        }
        for (int i = 0; i < node.size(); i++) {
            JsonNode value = node.get(i);
            if (!value.isTextual() || value.textValue().isBlank()) {
                problems.add(name + "[" + i + "] must be a non-empty string, not " + kind(value));
            } else {
                values.add(value.textValue());
            }
        }
        return values;
    }

    /** Whether the node is a usable array; a required one must also be non-empty. */
    boolean array(JsonNode node, String name, boolean required) {
        if (node == null || node.isNull()) {
            if (required) {
                problems.add(name + " is missing" + why(name));
            }
            return false;
        }
        if (!node.isArray()) {
            problems.add(name + " must be an array, not " + kind(node));
            return false;
        }
        if (required && node.isEmpty()) {
            problems.add(name + " is empty" + why(name));
        }
        return true;
    }

    private static String why(String field) {
        return WHY.containsKey(field) ? ": " + WHY.get(field) : "";
    }

    boolean object(JsonNode entry, String where, Set<String> keys) {
        if (!entry.isObject()) {
            problems.add(where + " must be an object, not " + kind(entry));
            return false;
        }
        entry.fieldNames().forEachRemaining(name -> {
            if (!keys.contains(name)) {
                problems.add(where + " has an unknown key " + name);
            }
        });
        return true;
    }

    /** A string field; a required one that is missing, not a string or blank is a problem. */
    String text(JsonNode parent, String field, String where, boolean required) {
        JsonNode value = parent.get(field);
        if (value == null || value.isNull()) {
            if (required) {
                problems.add(where + " is missing" + why(where));
            }
            return "";
        }
        if (!value.isTextual()) {
            problems.add(where + " must be a string, not " + kind(value));
            return "";
        }
        if (value.textValue().isBlank()) {
            if (required) {
                problems.add(where + " is empty" + why(where));
            }
            return "";
        }
        return value.textValue();
    }

    Optional<String> optionalText(JsonNode parent, String field) {
        String value = text(parent, field, field, false);
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    Optional<String> path(JsonNode parent, String field, String where, boolean required) {
        String raw = text(parent, field, where, required);
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        if (raw.length() > PlanReader.MAX_PATH) {
            problems.add(where + " is " + raw.length() + " characters long; at most " + PlanReader.MAX_PATH);
            return Optional.empty();
        }
        return normalized(raw, where, problems);
    }

    /** Whether PATH, listed at AT, is a non-blank string not too long; when not, PROBLEMS says why. */
    static boolean listedPath(JsonNode path, String at, List<String> problems) {
        if (!path.isTextual() || path.textValue().isBlank()) {
            problems.add(at + " must be a path, not " + kind(path));
            return false;
        }
        if (path.textValue().length() > PlanReader.MAX_PATH) {
            problems.add(at + " is " + path.textValue().length() + " characters long; at most " + PlanReader.MAX_PATH);
            return false;
        }
        return true;
    }

    /** RAW relative to the repository's root, with /; empty, with a problem, when it leaves the repository. */
    static Optional<String> normalized(String raw, String where, List<String> problems) {
        Optional<String> path = PlanPaths.normalize(raw);
        if (path.isEmpty()) {
            problems.add(where + " \"" + raw + "\" leaves the repository: paths are relative to its root, with /");
        }
        return path;
    }

    static String kind(JsonNode node) {
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "an array";
        }
        if (node.isTextual()) {
            return "a string";
        }
        if (node.isNumber()) {
            return "a number";
        }
        if (node.isBoolean()) {
            return "a boolean";
        }
        return "null";
    }
}
