package dev.wb.commands.sdd;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.sdd.Plan.Citation;
import dev.wb.commands.sdd.Plan.PlannedTest;
import dev.wb.commands.sdd.Plan.Step;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.audit.PlannedFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Reads sdd.json into a {@link Plan} and lists everything wrong with its shape. A problem is a
 * finding of the audit, never an exception: whatever a model or a person wrote, the audit answers
 * with what to fix.
 */
public final class PlanReader {

    /**
     * At most this many citations, and files, are audited: each one is recorded in the audit's
     * event, and an event is at most 120 KiB.
     */
    public static final int MAX_CITATIONS = 400;

    public static final int MAX_FILES = 200;

    /** Paths longer than this are refused: each is echoed in the audit's event. */
    public static final int MAX_PATH = 200;

    /**
     * Larger plans are refused: an audit echoes parts of its plan. A sdd.json on disk is refused unread
     * (InputFiles, the same limit); a larger plan from elsewhere is a structure finding.
     */
    public static final long MAX_PLAN_BYTES = InputFiles.Kind.PLAN.limit();

    static final List<String> CHANGES = List.of("edit", "add", "delete", "rename");

    static final List<String> TEST_KINDS = List.of("unit", "regression", "integration", "e2e", "property");

    /** Every key of a plan, as the original workbench defines them (schema 1). */
    static final Set<String> TOP = Set.of(
            "schema",
            "key",
            "preset",
            "persona",
            "objective",
            "evidence",
            "files",
            "zones",
            "steps",
            "tests",
            "verify",
            "verify_env",
            "rollback",
            "product",
            "handover",
            "questions",
            "ticket_type",
            "handover_required");

    static final Set<String> PRODUCT_KEYS = Set.of("metric", "who_asked", "cost", "pricing_impact");

    static final Set<String> HANDOVER_KEYS =
            Set.of("symptom_plain", "cause_plain", "fix_plain", "scope", "workaround", "qa_steps", "release_note");

    /** What each required field is for, said when it is missing or empty (the original's words). */
    private static final Map<String, String> WHY = Map.of(
            "objective", "state what changes and why, in one or two sentences",
            "evidence", "every claim about this codebase needs a file:line citation",
            "files", "list every file this change touches, before touching any",
            "tests", "the floor is a unit test for every changed logic branch",
            "verify", "list the exact commands that prove this works",
            "rollback", "state how to undo this before doing it");

    /**
     * What reading found: the plan (absent when the document is not a JSON object), its shape
     * problems, and the digest that identifies it — of the canonical JSON, so that re-indenting the
     * file is not a change of plan, or of the raw bytes when it is not JSON at all.
     */
    public record Reading(
            Optional<Plan> plan,
            List<String> problems,
            String digest,
            Optional<JsonNode> canonical,
            List<String> notices) {
        public Reading {
            notices = List.copyOf(notices);
        }
    }

    private final List<String> problems = new ArrayList<>();

    /** What the audit says without failing: a key the original ignores, and wb ignores too. */
    private final List<String> notices = new ArrayList<>();

    private PlanReader() {}

    /** Only the digest that identifies a plan (what the gate compares), without reading its fields. */
    public static String digest(byte[] bytes) {
        try {
            return Digests.sha256(CanonicalJson.bytes(CanonicalJson.parse(bytes)));
        } catch (IllegalArgumentException e) {
            return Digests.sha256(bytes);
        }
    }

    public static Reading read(byte[] bytes, TaskKey key) {
        return new PlanReader().parse(bytes, key);
    }

    private Reading parse(byte[] bytes, TaskKey key) {
        JsonNode root;
        try {
            root = CanonicalJson.parse(bytes);
        } catch (IllegalArgumentException e) {
            problems.add("sdd.json is not JSON: " + describe(e));
            return new Reading(Optional.empty(), bounded(problems), Digests.sha256(bytes), Optional.empty(), List.of());
        }
        String digest = Digests.sha256(CanonicalJson.bytes(root));
        if (!root.isObject()) {
            problems.add("sdd.json must be a JSON object, not " + kind(root));
            return new Reading(Optional.empty(), bounded(problems), digest, Optional.of(root), List.of());
        }
        root.fieldNames().forEachRemaining(name -> {
            if (name.equals("tier")) {
                notices.add("the plan's \"tier\" is ignored: the tier is computed by the audit, never declared");
            } else if (!TOP.contains(name)) {
                problems.add("unknown key " + name + " (see docs/PLAN.md for the keys of a plan)");
            }
        });
        JsonNode schema = root.get("schema");
        if (schema != null && !(schema.isIntegralNumber() && schema.intValue() == 1)) {
            problems.add("schema is " + schema + ", but this wb reads schema 1");
        }
        String planKey = text(root, "key", "key", true);
        if (!planKey.isEmpty() && !planKey.equalsIgnoreCase(key.value())) {
            problems.add("key is " + planKey + ", but this is the plan of " + key.value());
        }
        Plan plan = new Plan(
                planKey,
                text(root, "preset", "preset", false),
                text(root, "persona", "persona", false),
                text(root, "objective", "objective", true),
                evidence(root.get("evidence")),
                files(root.get("files")),
                zones(root.get("zones")),
                steps(root.get("steps")),
                tests(root.get("tests")),
                strings(root.get("verify"), "verify", true),
                verifyEnv(root.get("verify_env")),
                text(root, "rollback", "rollback", true),
                product(root.get("product")),
                handover(root.get("handover")),
                strings(root.get("questions"), "questions", false),
                optionalText(root, "ticket_type"),
                bool(root.get("handover_required"), "handover_required"));
        return new Reading(Optional.of(plan), bounded(problems), digest, Optional.of(root), bounded(notices));
    }

    /** At most 100 problems of at most 300 characters each: enough to act on, small enough to record. */
    static List<String> bounded(List<String> problems) {
        List<String> kept = new ArrayList<>();
        for (String problem : problems) {
            if (kept.size() == 100) {
                kept.add("… and " + (problems.size() - 100) + " more problems");
                break;
            }
            kept.add(problem.length() <= 300 ? problem : problem.substring(0, 299) + "…");
        }
        return kept;
    }

    private List<Citation> evidence(JsonNode node) {
        List<Citation> citations = new ArrayList<>();
        if (!array(node, "evidence", true)) {
            return citations;
        }
        if (node.size() > MAX_CITATIONS) {
            problems.add("evidence has " + node.size() + " citations; at most " + MAX_CITATIONS + " are audited");
            return citations;
        }
        for (int i = 0; i < node.size(); i++) {
            String where = "evidence[" + i + "]";
            JsonNode entry = node.get(i);
            if (!object(entry, where, Set.of("claim", "file", "line", "quote"))) {
                continue;
            }
            String claim = text(entry, "claim", where + ".claim", true);
            String file = text(entry, "file", where + ".file", true);
            String quote = text(entry, "quote", where + ".quote", true);
            JsonNode line = entry.get("line");
            int number = 0;
            if (line == null) {
                problems.add(where + ".line is missing");
            } else if (!line.isIntegralNumber() || !line.canConvertToInt() || line.intValue() < 1) {
                problems.add(where + ".line must be a whole number of at least 1, not " + line);
            } else {
                number = line.intValue();
            }
            if (file.length() > MAX_PATH) {
                problems.add(where + ".file is " + file.length() + " characters long; at most " + MAX_PATH);
                file = "";
            }
            if (!claim.isEmpty() && !file.isEmpty() && !quote.isEmpty() && number > 0) {
                citations.add(new Citation(i, claim, file, number, quote));
            }
        }
        return citations;
    }

    private List<PlannedFile> files(JsonNode node) {
        List<PlannedFile> files = new ArrayList<>();
        if (!array(node, "files", true)) {
            return files;
        }
        if (node.size() > MAX_FILES) {
            problems.add("files has " + node.size() + " entries; at most " + MAX_FILES + " are audited"
                    + " (a folder entry, ending in /, stands for everything under it)");
            return files;
        }
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < node.size(); i++) {
            String where = "files[" + i + "]";
            JsonNode entry = node.get(i);
            if (!object(entry, where, Set.of("path", "change", "why", "to"))) {
                continue;
            }
            Optional<String> path = path(entry, "path", where + ".path", true);
            String change = text(entry, "change", where + ".change", true);
            text(entry, "why", where + ".why", true);
            if (!change.isEmpty() && !CHANGES.contains(change)) {
                problems.add(where + ".change is \"" + change + "\"; it must be one of " + String.join(", ", CHANGES));
                change = "";
            }
            Optional<String> to = path(entry, "to", where + ".to", false);
            if (change.equals("rename") && entry.get("to") == null) {
                problems.add(where + ".to is missing: a rename names the path it becomes");
            } else if (!change.equals("rename") && !change.isEmpty() && entry.get("to") != null) {
                problems.add(where + ".to is only for a rename");
            }
            if (path.isPresent()) {
                Integer first = seen.putIfAbsent(path.get(), i);
                if (first != null) {
                    problems.add(where + ".path repeats files[" + first + "]: " + path.get());
                } else if (!change.isEmpty()) {
                    files.add(new PlannedFile(path.get(), change, to));
                }
            }
        }
        return files;
    }

    private List<Step> steps(JsonNode node) {
        List<Step> steps = new ArrayList<>();
        if (!array(node, "steps", false)) {
            return steps;
        }
        for (int i = 0; i < node.size(); i++) {
            String where = "steps[" + i + "]";
            JsonNode entry = node.get(i);
            if (object(entry, where, Set.of("do", "file"))) {
                String action = text(entry, "do", where + ".do", true);
                Optional<String> file = path(entry, "file", where + ".file", false);
                if (!action.isEmpty()) {
                    steps.add(new Step(action, file));
                }
            }
        }
        return steps;
    }

    private List<PlannedTest> tests(JsonNode node) {
        List<PlannedTest> tests = new ArrayList<>();
        if (!array(node, "tests", true)) {
            return tests;
        }
        for (int i = 0; i < node.size(); i++) {
            String where = "tests[" + i + "]";
            JsonNode entry = node.get(i);
            if (object(entry, where, Set.of("kind", "target", "asserts"))) {
                String kind = text(entry, "kind", where + ".kind", true);
                if (!kind.isEmpty() && !TEST_KINDS.contains(kind)) {
                    problems.add(
                            where + ".kind is \"" + kind + "\"; it must be one of: " + String.join(", ", TEST_KINDS));
                    kind = "";
                }
                Optional<String> target = optionalText(entry, "target");
                String asserts = text(entry, "asserts", where + ".asserts", true);
                if (!kind.isEmpty() && !asserts.isEmpty()) {
                    tests.add(new PlannedTest(kind, target, asserts));
                }
            }
        }
        return tests;
    }

    /** {@code zones}: an object of zone name to the plan's paths in that zone. */
    private Map<String, List<String>> zones(JsonNode node) {
        Map<String, List<String>> zones = new TreeMap<>();
        if (node == null || node.isNull()) {
            return zones;
        }
        if (!node.isObject()) {
            problems.add("zones must be an object of zone: [paths], like {\"billing\": [\"src/checkout.py\"]}, not "
                    + kind(node));
            return zones;
        }
        node.fields().forEachRemaining(zone -> {
            String where = "zones." + zone.getKey();
            JsonNode paths = zone.getValue();
            if (!paths.isArray()) {
                problems.add(where + " must be a list of the plan's paths in that zone, not " + kind(paths));
                return;
            }
            List<String> listed = new ArrayList<>();
            for (int i = 0; i < paths.size(); i++) {
                JsonNode path = paths.get(i);
                String at = where + "[" + i + "]";
                if (!path.isTextual() || path.textValue().isBlank()) {
                    problems.add(at + " must be a path, not " + kind(path));
                } else if (path.textValue().length() > MAX_PATH) {
                    problems.add(at + " is " + path.textValue().length() + " characters long; at most " + MAX_PATH);
                } else {
                    Optional<String> normal = PlanPaths.normalize(path.textValue());
                    if (normal.isEmpty()) {
                        problems.add(at + " \"" + path.textValue() + "\" leaves the repository: paths are relative to"
                                + " its root, with /");
                    } else {
                        listed.add(normal.get());
                    }
                }
            }
            zones.put(zone.getKey(), listed);
        });
        return zones;
    }

    /** {@code product}: {metric, who_asked}, and the original's optional cost and pricing_impact. */
    private Plan.Product product(JsonNode node) {
        if (node == null || node.isNull()) {
            return Plan.Product.NONE;
        }
        if (!node.isObject()) {
            problems.add("product must be an object {\"metric\": \"…\", \"who_asked\": \"…\"}, not " + kind(node));
            return Plan.Product.NONE;
        }
        object(node, "product", PRODUCT_KEYS);
        text(node, "cost", "product.cost", false);
        text(node, "pricing_impact", "product.pricing_impact", false);
        return new Plan.Product(
                text(node, "metric", "product.metric", false), text(node, "who_asked", "product.who_asked", false));
    }

    /** {@code handover}: symptom_plain and qa_steps carry it; the rest are optional text. */
    private Optional<Plan.Handover> handover(JsonNode node) {
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isObject()) {
            problems.add("handover must be an object {\"symptom_plain\": \"…\", \"qa_steps\": [\"…\"], …}, not "
                    + kind(node));
            return Optional.empty();
        }
        object(node, "handover", HANDOVER_KEYS);
        for (String field : List.of("cause_plain", "fix_plain", "scope", "workaround", "release_note")) {
            text(node, field, "handover." + field, false);
        }
        JsonNode steps = node.get("qa_steps");
        List<String> qa = List.of();
        if (steps != null && !steps.isNull() && !steps.isArray()) {
            problems.add("handover.qa_steps must be a list of steps, not " + kind(steps));
        } else {
            qa = strings(steps, "handover.qa_steps", false);
        }
        return Optional.of(new Plan.Handover(text(node, "symptom_plain", "handover.symptom_plain", false), qa));
    }

    private Optional<Boolean> bool(JsonNode node, String name) {
        if (node == null || node.isNull()) {
            return Optional.empty();
        }
        if (!node.isBoolean()) {
            problems.add(name + " must be true or false, not " + kind(node));
            return Optional.empty();
        }
        return Optional.of(node.booleanValue());
    }

    private Map<String, String> verifyEnv(JsonNode node) {
        Map<String, String> env = new TreeMap<>();
        if (node == null) {
            return env;
        }
        if (!node.isObject()) {
            problems.add("verify_env must be an object of NAME: \"literal value\", not " + kind(node));
            return env;
        }
        node.fields().forEachRemaining(field -> {
            Optional<String> problem = VerifyEnvNames.problem(field.getKey());
            if (problem.isPresent()) {
                problems.add(problem.get());
            } else if (!field.getValue().isTextual()) {
                problems.add("verify_env." + field.getKey() + " must be a string: values are literal, never expanded");
            } else {
                env.put(field.getKey(), field.getValue().textValue());
            }
        });
        return env;
    }

    private List<String> strings(JsonNode node, String name, boolean required) {
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
    private boolean array(JsonNode node, String name, boolean required) {
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

    private boolean object(JsonNode entry, String where, Set<String> keys) {
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
    private String text(JsonNode parent, String field, String where, boolean required) {
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

    private Optional<String> optionalText(JsonNode parent, String field) {
        String value = text(parent, field, field, false);
        return value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    private Optional<String> path(JsonNode parent, String field, String where, boolean required) {
        String raw = text(parent, field, where, required);
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        if (raw.length() > MAX_PATH) {
            problems.add(where + " is " + raw.length() + " characters long; at most " + MAX_PATH);
            return Optional.empty();
        }
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

    private static String describe(IllegalArgumentException e) {
        if (e.getCause() instanceof JsonProcessingException json && json.getLocation() != null) {
            return json.getOriginalMessage().lines().findFirst().orElse("malformed") + " (line "
                    + json.getLocation().getLineNr() + ", column "
                    + json.getLocation().getColumnNr() + ")";
        }
        String message = e.getMessage();
        return message.startsWith("not valid JSON: ") ? message.substring("not valid JSON: ".length()) : message;
    }
}
