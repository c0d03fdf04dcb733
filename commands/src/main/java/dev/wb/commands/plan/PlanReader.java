package dev.wb.commands.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.common.collect.ImmutableSet;
import dev.wb.commands.InputFiles;
import dev.wb.engine.Digests;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

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

    /** wb's one key beyond the original's: the schema an editor checks the plan against; the audit ignores it. */
    static final String SCHEMA_KEY = "$schema";

    /** Every key of a plan, as the original workbench defines them (schema 1). */
    static final Set<String> TOP = ImmutableSet.<String>builder()
            .add("schema", "key", "preset", "persona")
            .addAll(PlanSection.WRITTEN)
            .add("ticket_type", "handover_required")
            .build();

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

    private final PlanFields fields = new PlanFields(problems);
    private final PlanSectionReader sections = new PlanSectionReader(problems, fields);

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
            problems.add("sdd.json must be a JSON object, not " + PlanFields.kind(root));
            return new Reading(Optional.empty(), bounded(problems), digest, Optional.of(root), List.of());
        }
        root.fieldNames().forEachRemaining(name -> {
            if (name.equals(SCHEMA_KEY)) {
                if (!root.get(name).isTextual()) {
                    problems.add("$schema must be a string, the path of a schema for editors, not "
                            + PlanFields.kind(root.get(name)));
                }
            } else if (name.equals("tier")) {
                notices.add("the plan's \"tier\" is ignored: the tier is computed by the audit, never declared");
            } else if (!TOP.contains(name)) {
                problems.add("unknown key " + name + " (see docs/PLAN.md for the keys of a plan)");
            }
        });
        JsonNode schema = root.get("schema");
        if (schema != null && !(schema.isIntegralNumber() && schema.intValue() == 1)) {
            problems.add("schema is " + schema + ", but this wb reads schema 1");
        }
        String planKey = fields.text(root, "key", "key", true);
        if (!planKey.isEmpty() && !planKey.equalsIgnoreCase(key.value())) {
            problems.add("key is " + planKey + ", but this is the plan of " + key.value());
        }
        Plan plan = new Plan(
                planKey,
                fields.text(root, "preset", "preset", false),
                fields.text(root, "persona", "persona", false),
                fields.text(root, "objective", "objective", true),
                sections.evidence(root.get("evidence")),
                sections.files(root.get("files")),
                sections.zones(root.get("zones")),
                sections.steps(root.get("steps")),
                sections.tests(root.get("tests")),
                fields.strings(root.get("verify"), "verify", true),
                sections.verifyEnv(root.get("verify_env")),
                fields.text(root, "rollback", "rollback", true),
                sections.product(root.get("product")),
                sections.handover(root.get("handover")),
                fields.strings(root.get("questions"), "questions", false),
                fields.optionalText(root, "ticket_type"),
                fields.bool(root.get("handover_required"), "handover_required"));
        return new Reading(Optional.of(plan), bounded(problems), digest, Optional.of(root), bounded(notices));
    }

    /** The citations of a document's {@code evidence} array (a plan, or a file of citations), and its problems. */
    public record Evidence(List<Plan.Citation> citations, List<String> problems) {
        public Evidence {
            citations = List.copyOf(citations);
            problems = List.copyOf(problems);
        }
    }

    /**
     * Only the {@code evidence} of a JSON document, read as a plan's is (citations and absence claims);
     * its other keys are not read: {@code wb cite check} takes a plan or a file of citations alike.
     */
    public static Evidence evidence(byte[] bytes, String name) {
        PlanReader reader = new PlanReader();
        JsonNode root;
        try {
            root = CanonicalJson.parse(bytes);
        } catch (IllegalArgumentException e) {
            return new Evidence(List.of(), List.of(name + " is not JSON: " + describe(e)));
        }
        if (!root.isObject()) {
            return new Evidence(
                    List.of(),
                    List.of(name + " must be a JSON object with an evidence array, not " + PlanFields.kind(root)));
        }
        List<Plan.Citation> citations = reader.sections.evidence(root.get("evidence"));
        return new Evidence(citations, bounded(reader.problems));
    }

    /** At most 100 problems of at most 300 characters each: enough to act on, small enough to record. */
    public static List<String> bounded(List<String> problems) {
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
