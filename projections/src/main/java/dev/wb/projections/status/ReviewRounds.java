package dev.wb.projections.status;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.JudgeRecordRead;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A task's review rounds, folded from its {@code judge.record.read} events, by the rule of
 * {@code wb judge rounds}: one round per distinct (reviewedAt as a UTC instant, scopeDigest);
 * records sharing a round that differ in verdict, independence or criteria make it ambiguous; a
 * record without an instant or a scope digest cannot be counted and makes the task's state unknown.
 *
 * @param rounds by {@code "<instant> <scopeDigest>"}: the round's verdict ({@code ""} when its records
 *     disagree), a signature of what its records said, whether they disagreed
 * @param uncountable records that named the task but could not be placed in a round
 */
public record ReviewRounds(SortedMap<String, Round> rounds, long uncountable) {

    public static final ReviewRounds NONE = new ReviewRounds(new TreeMap<>(), 0);

    public record Round(String verdict, String signature, boolean ambiguous) {}

    public ReviewRounds {
        rounds = Collections.unmodifiableSortedMap(new TreeMap<>(rounds));
    }

    ReviewRounds withRecord(JudgeRecordRead read) {
        String instant = read.reviewedInstant().orElse("");
        String scope = read.scopeDigest().orElse("");
        String verdict = read.verdict().orElse("");
        if (verdict.isEmpty()) {
            return this; // not a record wb judge rounds would read as one: skipped, not counted
        }
        if (instant.isEmpty() || scope.isEmpty()) {
            return new ReviewRounds(rounds, uncountable + 1);
        }
        String signature = verdict + "|"
                + read.independent().map(String::valueOf).orElse("true") + "|" + criteria(read.criteria());
        String key = instant + " " + scope;
        TreeMap<String, Round> next = new TreeMap<>(rounds);
        Round before = next.get(key);
        if (before == null) {
            next.put(key, new Round(verdict, signature, false));
        } else if (!before.signature().equals(signature)) {
            next.put(key, new Round(before.verdict().equals(verdict) ? verdict : "", before.signature(), true));
        }
        return new ReviewRounds(next, uncountable);
    }

    /** The criteria as their JSON object, as the signature has always spelled them. */
    private static String criteria(Map<String, String> criteria) {
        ObjectNode object = CanonicalJson.objectNode();
        criteria.forEach(object::put);
        return object.toString();
    }

    /** {@code closed}, {@code open}, {@code unknown}, or {@code none} when the task was never reviewed. */
    public String state() {
        if (rounds.isEmpty()) {
            return uncountable > 0 ? "unknown" : "none";
        }
        if (uncountable > 0) {
            return "unknown";
        }
        String latestInstant = rounds.lastKey().substring(0, rounds.lastKey().indexOf(' '));
        String verdict = null;
        for (Map.Entry<String, Round> round :
                rounds.tailMap(latestInstant + " ").entrySet()) {
            if (round.getValue().ambiguous()
                    || round.getValue().verdict().isEmpty()
                    || (verdict != null && !verdict.equals(round.getValue().verdict()))) {
                return "unknown";
            }
            verdict = round.getValue().verdict();
        }
        return "APPROVED".equals(verdict) ? "closed" : "open";
    }
}
