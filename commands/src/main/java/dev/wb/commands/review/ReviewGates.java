package dev.wb.commands.review;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.FindingKind;
import dev.wb.projections.events.judge.ReviewGated;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code wb review gates KEY}: the gates a script can settle, as findings on the lines the diff adds
 * ({@link GateRules}), plus the original's one rule about the whole diff: a bug fix (the ticket type
 * that {@code .workflow/KEY/triage.json} records) with no test file among the changed paths. Every run
 * is recorded as a {@code review.gated} event of the task, passed or not.
 */
public final class ReviewGates {

    /** The ticket types that count as a bug fix, as the original lists them. */
    private static final Set<String> BUG_TYPES = Set.of("bug", "defect", "incident", "problem");

    /**
     * The outcome.
     *
     * @param ticketType the type triage.json records, empty when there is none
     */
    public record Result(TaskKey key, ReviewDiff diff, List<Finding> findings, String ticketType, EventEnvelope event) {
        public boolean passed() {
            return findings.isEmpty();
        }
    }

    private ReviewGates() {}

    public static Result run(Session session, TaskKey key, ReviewDiff.Request request) {
        ReviewDiff diff = ReviewDiff.read(session, request);
        List<Finding> findings = new ArrayList<>(GateRules.findings(diff.added()));
        String type = ticketType(
                session.workspace().workflowDir().resolve(key.value()).resolve("triage.json"));
        if (BUG_TYPES.contains(type.toLowerCase(Locale.ROOT))
                && diff.changed().stream().noneMatch(Paths::isTest)) {
            findings.add(new Finding(
                    FindingKind.REGRESSION_TEST,
                    "no-test-in-diff",
                    "diff",
                    0,
                    "",
                    "a " + type + " fix with no test file in the diff"));
        }
        EventEnvelope event = new EventService(session)
                .record(StreamId.task(key), event(diff, findings))
                .get(0);
        return new Result(key, diff, List.copyOf(findings), type, event);
    }

    /** The event: where and which rule for each finding, never a quote. */
    static ReviewGated event(ReviewDiff diff, List<Finding> findings) {
        Map<FindingKind, Integer> counts = new EnumMap<>(FindingKind.class);
        for (FindingKind kind : FindingKind.values()) {
            counts.put(kind, 0);
        }
        findings.forEach(f -> counts.merge(f.kind(), 1, Integer::sum));
        List<ReviewGated.Finding> listed = findings.stream()
                .limit(ReviewGated.LISTED_AT_MOST)
                .map(f -> new ReviewGated.Finding(f.path(), f.line(), f.kind(), f.rule()))
                .toList();
        return new ReviewGated(
                diff.staged() ? ReviewGated.Mode.STAGED : ReviewGated.Mode.BRANCH,
                diff.base(),
                diff.baseCommit(),
                counts,
                findings.isEmpty(),
                listed,
                findings.size() - listed.size());
    }

    /** The ticket type triage.json records; empty when there is no such file or it is no JSON object. */
    static String ticketType(Path triage) {
        try {
            JsonNode doc = CanonicalJson.parse(Files.readAllBytes(triage));
            return doc.path("type").asText("");
        } catch (IOException | IllegalArgumentException e) {
            return ""; // a missing triage must not fail the review, as in the original
        }
    }
}
