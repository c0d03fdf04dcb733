package dev.wb.commands.judge.core;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.Digests;
import dev.wb.engine.json.CanonicalJson;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A judge's review record, schema version 6, read strictly: every required field present with its
 * type, unknown keys rejected at every level (the scope block's too: ScopeShape). The judge copies the
 * scope block whole from {@code wb judge scope --json}; verification recomputes it rather than trusting
 * it. A version 5 record's {@code issues} are held in {@code observations} (see {@link #issues}).
 */
public record ReviewRecord(
        int schemaVersion,
        String taskId,
        JsonNode scope,
        String verdict,
        List<Test> tests,
        List<Criterion> criteria,
        List<String> observations,
        String reviewedAt,
        Optional<Instant> reviewedInstant,
        boolean independent,
        Optional<String> receiptDigest,
        String digest) {

    public static final int SCHEMA_VERSION = 6;

    /** The legacy version: a free-form {@code issues} list instead of criteria and observations. Read, never written. */
    public static final int LEGACY_VERSION = 5;

    public record Test(String command, String status, Optional<String> evidence) {}

    public record Criterion(String id, String status, String evidence) {}

    /** The record, or the reasons it is not one. */
    public record Reading(Optional<ReviewRecord> record, List<String> problems) {}

    /** A schema for editors ({@code .workflow/schemas/review.schema.json}): accepted, never read. */
    static final String SCHEMA_KEY = "$schema";

    static final Set<String> TOP = top("criteria", "observations");
    static final Set<String> TOP_V5 = top("issues");
    static final Set<String> TEST_KEYS = Set.of("command", "status", "evidence");
    static final Set<String> CRITERION_KEYS = Set.of("id", "status", "evidence");
    static final Set<String> VERDICTS = Set.of("APPROVED", "NEEDS_CHANGES", "BLOCKED");
    static final Set<String> TEST_STATUSES = Set.of("passed", "failed", "not-run");
    static final Set<String> CRITERION_STATUSES = Set.of("pass", "fail", "not-evaluated");
    static final Pattern CRITERION_ID = Pattern.compile("^AC-[1-9][0-9]*$");

    /** The top-level keys of a record, the keys both versions share and {@code own}, its version's. */
    private static Set<String> top(String... own) {
        Set<String> keys = new HashSet<>(Set.of(
                SCHEMA_KEY,
                "schemaVersion",
                "taskId",
                "scope",
                "verdict",
                "tests",
                "reviewedAt",
                "independent",
                "receiptDigest"));
        keys.addAll(List.of(own));
        return Set.copyOf(keys);
    }

    public boolean legacy() {
        return schemaVersion == LEGACY_VERSION;
    }

    public boolean approved() {
        return verdict.equals("APPROVED");
    }

    /**
     * A version 5 record's {@code issues}: what its reviewer left unresolved (the version 6 record has
     * none; its {@code observations} never block).
     */
    public List<String> issues() {
        return legacy() ? observations : List.of();
    }

    /** The candidate the record's scope names ({@code SNAPSHOT:<id>}, {@code WORKTREE} or a commit). */
    public String candidate() {
        return scope.path("candidate").asText("");
    }

    public String scopeDigest() {
        return scope.path("scopeDigest").asText("");
    }

    public static Reading read(byte[] bytes) {
        List<String> problems = new ArrayList<>();
        JsonNode doc;
        try {
            doc = CanonicalJson.parse(bytes);
        } catch (RuntimeException e) {
            return new Reading(Optional.empty(), List.of("Cannot read valid review JSON: " + firstLine(e)));
        }
        if (doc == null || !doc.isObject()) {
            return new Reading(Optional.empty(), List.of("Review record must be a JSON object."));
        }
        JsonNode version = doc.get("schemaVersion");
        boolean legacy = version != null && version.isInt() && version.asInt() == LEGACY_VERSION;
        header(doc, legacy, problems);
        String taskId = checkedText(
                doc.get("taskId"), t -> ScopeShape.TASK_ID.matcher(t).matches(), "taskId is invalid.", problems);
        String verdict = checkedText(doc.get("verdict"), VERDICTS::contains, "verdict is invalid.", problems);
        List<String> observations = new ArrayList<>();
        List<Criterion> criteria = List.of();
        if (legacy) {
            strings(doc.get("issues"), observations, "issues must be a string array.", problems);
        } else {
            criteria = criteria(doc.get("criteria"), problems);
            strings(doc.get("observations"), observations, "observations must be a string array.", problems);
        }
        JsonNode independent = doc.get("independent");
        if (independent != null && !independent.isBoolean()) {
            problems.add("independent must be a boolean when present.");
        }
        List<Test> tests = tests(doc.get("tests"), problems);
        String reviewedAt =
                checkedText(doc.get("reviewedAt"), ReviewedAt::valid, "reviewedAt must be an ISO date-time.", problems);
        JsonNode scope = doc.get("scope");
        scope(scope, legacy, problems);
        JsonNode receipt = doc.get("receiptDigest");
        if (receipt != null && !(receipt.isTextual() && Digests.isDigest(receipt.asText()))) {
            problems.add("receiptDigest must be a sha256:<64 hex> digest when present.");
        }
        if (!problems.isEmpty()) {
            return new Reading(Optional.empty(), problems);
        }
        return new Reading(
                Optional.of(new ReviewRecord(
                        version.asInt(),
                        taskId,
                        scope,
                        verdict,
                        tests,
                        criteria,
                        observations,
                        reviewedAt,
                        Optional.ofNullable(reviewedAt).flatMap(ReviewedAt::instant),
                        independent == null || independent.asBoolean(),
                        Optional.ofNullable(receipt).map(JsonNode::asText),
                        Digests.sha256(bytes))),
                List.of());
    }

    /** The document's keys, {@code $schema} and {@code schemaVersion}, as the record's schema allows them. */
    private static void header(JsonNode doc, boolean legacy, List<String> problems) {
        JsonNode version = doc.get("schemaVersion");
        unknownKeys(doc, legacy ? TOP_V5 : TOP, "Unexpected review field: ", problems);
        if (doc.has(SCHEMA_KEY) && !doc.get(SCHEMA_KEY).isTextual()) {
            problems.add("$schema must be a string.");
        }
        if (!legacy && (version == null || !version.isInt() || version.asInt() != SCHEMA_VERSION)) {
            problems.add("schemaVersion must be " + SCHEMA_VERSION + ".");
        }
    }

    /** The scope block, present and of its schema version's shape. */
    private static void scope(JsonNode scope, boolean legacy, List<String> problems) {
        if (scope == null || !scope.isObject()) {
            problems.add(ScopeShape.CONTRACT + " scope is missing or not an object (copy it whole from wb judge scope"
                    + " --json)");
        } else {
            ScopeShape.check(scope, legacy ? LEGACY_VERSION : SCHEMA_VERSION, problems);
        }
    }

    /** The node's text, or null when it is not text; {@code problem} is added unless it is valid text. */
    private static String checkedText(JsonNode node, Predicate<String> valid, String problem, List<String> problems) {
        String text = node != null && node.isTextual() ? node.asText() : null;
        if (text == null || !valid.test(text)) {
            problems.add(problem);
        }
        return text;
    }

    private static String firstLine(RuntimeException e) {
        String message = String.valueOf(e.getMessage());
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    private static void strings(JsonNode node, List<String> out, String problem, List<String> problems) {
        if (node == null || !node.isArray()) {
            problems.add(problem);
            return;
        }
        for (JsonNode item : node) {
            if (!item.isTextual()) {
                problems.add(problem);
                return;
            }
            out.add(item.asText());
        }
    }

    /** The judge's {@code isTestRecord}: only its keys, a non-empty command, a known status, a string evidence. */
    private static List<Test> tests(JsonNode node, List<String> problems) {
        List<Test> tests = new ArrayList<>();
        boolean invalid = node == null || !node.isArray();
        for (JsonNode t : invalid ? List.<JsonNode>of() : node) {
            boolean ok = t.isObject()
                    && onlyKeys(t, TEST_KEYS)
                    && t.path("command").isTextual()
                    && !t.path("command").asText().isEmpty()
                    && TEST_STATUSES.contains(t.path("status").asText(null))
                    && t.path("status").isTextual()
                    && (t.get("evidence") == null || t.get("evidence").isTextual());
            if (!ok) {
                invalid = true;
                continue;
            }
            tests.add(new Test(
                    t.get("command").asText(),
                    t.get("status").asText(),
                    Optional.ofNullable(t.get("evidence")).map(JsonNode::asText)));
        }
        if (invalid) {
            problems.add("tests contains an invalid entry.");
        }
        return tests;
    }

    /** The judge's {@code criteriaReasons}, in its words. */
    private static List<Criterion> criteria(JsonNode node, List<String> problems) {
        List<Criterion> criteria = new ArrayList<>();
        if (node == null || !node.isArray()) {
            problems.add("criteria must be an array of per-criterion results.");
            return criteria;
        }
        Set<String> seen = new HashSet<>();
        for (JsonNode c : node) {
            if (!c.isObject()) {
                problems.add("criteria contains an entry that is not an object.");
                continue;
            }
            unknownKeys(c, CRITERION_KEYS, "Unexpected criteria field: ", problems);
            JsonNode id = c.get("id");
            boolean validId = id != null
                    && id.isTextual()
                    && CRITERION_ID.matcher(id.asText()).matches();
            if (!validId) {
                problems.add("criteria entry has an invalid id: " + (id == null ? "null" : id.toString()) + ".");
            } else if (!seen.add(id.asText())) {
                problems.add("criteria reports " + id.asText() + " more than once.");
            }
            String label = id != null && id.isTextual() ? id.asText() : "entry";
            JsonNode status = c.get("status");
            if (status == null || !status.isTextual() || !CRITERION_STATUSES.contains(status.asText())) {
                problems.add("criteria " + label + " has an invalid status.");
            }
            JsonNode evidence = c.get("evidence");
            if (evidence == null || !evidence.isTextual() || evidence.asText().isBlank()) {
                problems.add("criteria " + label + " needs non-empty evidence.");
            }
            criteria.add(new Criterion(
                    label, status == null ? "" : status.asText(""), evidence == null ? "" : evidence.asText("")));
        }
        return criteria;
    }

    private static boolean onlyKeys(JsonNode node, Set<String> allowed) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            if (!allowed.contains(names.next())) {
                return false;
            }
        }
        return true;
    }

    private static void unknownKeys(JsonNode node, Set<String> allowed, String message, List<String> problems) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                problems.add(message + name + ".");
            }
        }
    }
}
