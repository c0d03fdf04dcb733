package dev.wb.commands.judge;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.Digests;
import dev.wb.engine.json.CanonicalJson;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A judge's review record, schema version 6, read strictly: every required field present with its
 * type, unknown keys rejected at every level (the scope block's too: ScopeShape). The judge copies the
 * scope block whole from {@code wb judge scope --json}; verification recomputes it rather than trusting
 * it. A version 5 record's {@code issues} are held in {@code observations} (see {@link #issues}).
 */
public record ReviewRecord(int schemaVersion, String taskId, JsonNode scope, String verdict, List<Test> tests,
        List<Criterion> criteria, List<String> observations, String reviewedAt, Optional<Instant> reviewedInstant,
        boolean independent, Optional<String> receiptDigest, String digest) {

    public static final int SCHEMA_VERSION = 6;

    /** The legacy version: a free-form {@code issues} list instead of criteria and observations. Read, never written. */
    public static final int LEGACY_VERSION = 5;

    public record Test(String command, String status, Optional<String> evidence) {}

    public record Criterion(String id, String status, String evidence) {}

    /** The record, or the reasons it is not one. */
    public record Reading(Optional<ReviewRecord> record, List<String> problems) {}

    private static final Set<String> TOP = Set.of("schemaVersion", "taskId", "scope", "verdict", "tests", "criteria",
            "observations", "reviewedAt", "independent", "receiptDigest");
    private static final Set<String> TOP_V5 = Set.of("schemaVersion", "taskId", "scope", "verdict", "tests", "issues",
            "reviewedAt", "independent", "receiptDigest");
    private static final Set<String> TEST_KEYS = Set.of("command", "status", "evidence");
    private static final Set<String> CRITERION_KEYS = Set.of("id", "status", "evidence");

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
            return new Reading(Optional.empty(), List.of("the record is not valid JSON"));
        }
        if (doc == null || !doc.isObject()) {
            return new Reading(Optional.empty(), List.of("the record is not a JSON object"));
        }
        JsonNode version = doc.get("schemaVersion");
        boolean legacy = version != null && version.isInt() && version.asInt() == LEGACY_VERSION;
        unknownKeys(doc, legacy ? TOP_V5 : TOP, "", problems);
        if (version == null || !version.isInt()) {
            problems.add("schemaVersion is missing or not an integer");
        } else if (version.asInt() != SCHEMA_VERSION && !legacy) {
            problems.add("schemaVersion " + version.asInt() + " is neither " + SCHEMA_VERSION + " nor the legacy "
                    + LEGACY_VERSION);
        }
        String taskId = text(doc, "taskId", problems);
        JsonNode scope = doc.get("scope");
        if (scope == null || !scope.isObject()) {
            problems.add("scope is missing or not an object (copy it whole from wb judge scope --json)");
        } else {
            ScopeShape.check(scope, problems);
        }
        String verdict = text(doc, "verdict", problems);
        if (verdict != null && !Set.of("APPROVED", "NEEDS_CHANGES", "BLOCKED").contains(verdict)) {
            problems.add("verdict is " + verdict + ", not APPROVED, NEEDS_CHANGES or BLOCKED");
        }
        List<Test> tests = tests(doc.get("tests"), problems);
        List<Criterion> criteria = legacy ? List.of() : criteria(doc.get("criteria"), problems);
        List<String> observations = new ArrayList<>();
        String listName = legacy ? "issues" : "observations";
        JsonNode obs = doc.get(listName);
        if (obs == null || !obs.isArray()) {
            problems.add(listName + " is missing or not a list");
        } else {
            obs.forEach(o -> {
                if (o.isTextual()) {
                    observations.add(o.asText());
                } else {
                    problems.add(listName + " holds " + o + ", not a string");
                }
            });
        }
        String reviewedAt = text(doc, "reviewedAt", problems);
        Optional<Instant> instant = Optional.empty();
        if (reviewedAt != null) {
            try {
                instant = Optional.of(OffsetDateTime.parse(reviewedAt).toInstant());
            } catch (DateTimeParseException e) {
                problems.add("reviewedAt is not an ISO-8601 time with an offset: " + reviewedAt);
            }
        }
        JsonNode independent = doc.get("independent");
        if (independent != null && !independent.isBoolean()) {
            problems.add("independent is not a boolean");
        }
        JsonNode receipt = doc.get("receiptDigest");
        if (receipt != null && !(receipt.isTextual() && Digests.isDigest(receipt.asText()))) {
            problems.add("receiptDigest is not a sha256:<64 hex> digest");
        }
        if (!problems.isEmpty()) {
            return new Reading(Optional.empty(), problems);
        }
        return new Reading(Optional.of(new ReviewRecord(version.asInt(), taskId, scope, verdict, tests, criteria,
                observations, reviewedAt, instant, independent == null || independent.asBoolean(),
                Optional.ofNullable(receipt).map(JsonNode::asText), Digests.sha256(bytes))), List.of());
    }

    private static List<Test> tests(JsonNode node, List<String> problems) {
        List<Test> tests = new ArrayList<>();
        if (node == null || !node.isArray()) {
            problems.add("tests is missing or not a list");
            return tests;
        }
        for (int i = 0; i < node.size(); i++) {
            JsonNode t = node.get(i);
            String where = "tests[" + i + "]";
            if (!t.isObject()) {
                problems.add(where + " is not an object");
                continue;
            }
            unknownKeys(t, TEST_KEYS, where + ".", problems);
            String command = text(t, "command", problems, where + ".");
            String status = text(t, "status", problems, where + ".");
            if (status != null && !Set.of("passed", "failed", "not-run").contains(status)) {
                problems.add(where + ".status is " + status + ", not passed, failed or not-run");
            }
            JsonNode evidence = t.get("evidence");
            if (evidence != null && !evidence.isTextual()) {
                problems.add(where + ".evidence is not a string");
            }
            tests.add(new Test(command, status, Optional.ofNullable(evidence).map(JsonNode::asText)));
        }
        return tests;
    }

    private static List<Criterion> criteria(JsonNode node, List<String> problems) {
        List<Criterion> criteria = new ArrayList<>();
        if (node == null || !node.isArray()) {
            problems.add("criteria is missing or not a list");
            return criteria;
        }
        for (int i = 0; i < node.size(); i++) {
            JsonNode c = node.get(i);
            String where = "criteria[" + i + "]";
            if (!c.isObject()) {
                problems.add(where + " is not an object");
                continue;
            }
            unknownKeys(c, CRITERION_KEYS, where + ".", problems);
            String id = text(c, "id", problems, where + ".");
            String status = text(c, "status", problems, where + ".");
            if (status != null && !Set.of("pass", "fail", "not-evaluated").contains(status)) {
                problems.add(where + ".status is " + status + ", not pass, fail or not-evaluated");
            }
            String evidence = text(c, "evidence", problems, where + ".");
            if (evidence != null && evidence.isBlank()) {
                problems.add(where + ".evidence is empty");
            }
            criteria.add(new Criterion(id, status, evidence));
        }
        return criteria;
    }

    private static void unknownKeys(JsonNode node, Set<String> allowed, String prefix, List<String> problems) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
            String name = names.next();
            if (!allowed.contains(name)) {
                problems.add("unknown key " + prefix + name);
            }
        }
    }

    private static String text(JsonNode node, String field, List<String> problems) {
        return text(node, field, problems, "");
    }

    private static String text(JsonNode node, String field, List<String> problems, String prefix) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            problems.add(prefix + field + " is missing or not a string");
            return null;
        }
        return value.asText();
    }
}
