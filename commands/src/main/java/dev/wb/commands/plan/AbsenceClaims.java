package dev.wb.commands.plan;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.plan.Plan.Absence;
import dev.wb.commands.plan.Plan.Citation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * An evidence entry with a {@code kind}: the original's absence claim,
 * {@code {"kind": "absence", "claim": …, "search": {"pattern", "paths", "allow", "word"}}}, read
 * with every problem of its shape added to the reading's problems.
 */
final class AbsenceClaims {

    /** The longest pattern searched for; a claim about a longer string is not a claim a reader can check. */
    static final int MAX_PATTERN = 1000;

    /** The most paths in {@code paths} or {@code allow}. */
    static final int MAX_PATHS = 200;

    private final List<String> problems;
    private final PlanFields fields;

    AbsenceClaims(List<String> problems, PlanFields fields) {
        this.problems = problems;
        this.fields = fields;
    }

    Optional<Citation> read(int index, JsonNode entry) {
        String where = "evidence[" + index + "]";
        if (!fields.object(entry, where, Set.of("kind", "claim", "search"))) {
            return Optional.empty();
        }
        JsonNode kind = entry.get("kind");
        if (!kind.isTextual() || !kind.textValue().equals("absence")) {
            problems.add(where + ".kind must be \"absence\" (a citation has no kind), not "
                    + (kind.isTextual() ? "\"" + clip(kind.textValue()) + "\"" : PlanFields.kind(kind)));
            return Optional.empty();
        }
        String claim = fields.text(entry, "claim", where + ".claim", true);
        JsonNode search = entry.get("search");
        if (search == null || search.isNull()) {
            problems.add(where + ".search is missing: {\"pattern\": the fixed string, \"paths\": [where to look]}");
            return Optional.empty();
        }
        if (!fields.object(search, where + ".search", Set.of("pattern", "paths", "allow", "word"))) {
            return Optional.empty();
        }
        Optional<String> pattern = pattern(search.get("pattern"), where + ".search.pattern");
        List<String> paths = paths(search.get("paths"), where + ".search.paths");
        List<String> allow = paths(search.get("allow"), where + ".search.allow");
        boolean word = fields.bool(search.get("word"), where + ".search.word").orElse(false);
        if (claim.isEmpty() || pattern.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(Citation.absence(index, claim, new Absence(pattern.get(), paths, allow, word)));
    }

    private Optional<String> pattern(JsonNode node, String where) {
        if (node == null || node.isNull()) {
            problems.add(where + " is missing: the fixed string that must not occur");
            return Optional.empty();
        }
        if (!node.isTextual() || node.textValue().isEmpty()) {
            problems.add(where + " must be a non-empty string, not " + PlanFields.kind(node));
            return Optional.empty();
        }
        String pattern = node.textValue();
        if (pattern.length() > MAX_PATTERN) {
            problems.add(where + " is " + pattern.length() + " characters long; at most " + MAX_PATTERN);
            return Optional.empty();
        }
        if (pattern.indexOf('\n') >= 0 || pattern.indexOf('\r') >= 0 || pattern.indexOf('\0') >= 0) {
            problems.add(where + " must be one line: a fixed string is searched within a line");
            return Optional.empty();
        }
        return Optional.of(pattern);
    }

    private List<String> paths(JsonNode node, String where) {
        List<String> paths = new ArrayList<>();
        if (node == null || node.isNull()) {
            return paths;
        }
        if (!node.isArray()) {
            problems.add(where + " must be a list of files or folders, not " + PlanFields.kind(node));
            return paths;
        }
        if (node.size() > MAX_PATHS) {
            problems.add(where + " has " + node.size() + " paths; at most " + MAX_PATHS);
            return paths;
        }
        for (int i = 0; i < node.size(); i++) {
            JsonNode path = node.get(i);
            String at = where + "[" + i + "]";
            if (!PlanFields.listedPath(path, at, problems)) {
                continue;
            }
            if (path.textValue().matches(".*[*?\\[].*")) {
                problems.add(at + " \"" + path.textValue() + "\" is a pattern; name files or folders (a folder covers"
                        + " everything under it)");
            } else if (path.textValue().equals(".") || path.textValue().equals("./")) {
                paths.clear();
                paths.add("");
            } else {
                PlanFields.normalized(path.textValue(), at, problems).ifPresent(paths::add);
            }
        }
        return paths;
    }

    private static String clip(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "…" : text;
    }
}
