package dev.wb.commands.commit;

import dev.wb.projections.events.draft.CommitStyle;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The original workbench's commit-message rules: how a convention is read off a history, and what a
 * drafted message must be. A subject of at most 72 characters, no trailing period, no unfinished-work
 * marker, a blank second line, the repository's style, the ticket key where the history names keys,
 * nothing that looks like a credential; and, wb's own addition, a subject in the imperative.
 */
public final class CommitRules {

    /** The longest subject that passes. */
    public static final int SUBJECT_LIMIT = 72;

    /** How many of the latest subjects a convention is read from. */
    public static final int SAMPLE_SIZE = 50;

    /** Below this share of the sample, a pattern is coincidence, not a house style. */
    static final double ADOPTION_THRESHOLD = 0.6;

    static final List<String> CONVENTIONAL_TYPES =
            List.of("feat", "fix", "chore", "docs", "refactor", "test", "perf", "build", "ci", "style", "revert");

    private static final Pattern CONVENTIONAL =
            Pattern.compile("^(" + String.join("|", CONVENTIONAL_TYPES) + ")(\\([^)]+\\))?!?: (.+)");
    private static final Pattern TICKET_PREFIX = Pattern.compile("^[A-Z][A-Z0-9]+-\\d+[: ]");
    private static final Pattern WIP = Pattern.compile("^(wip\\b|fixup!|squash!|amend!)", Pattern.CASE_INSENSITIVE);
    private static final Pattern FIRST_WORD = Pattern.compile("^[A-Z][A-Z0-9]+-\\d+:?\\s+|^");

    /** Words ending in -ed or -ing that are imperatives (or nouns) all the same. */
    private static final Set<String> NOT_TENSED = Set.of(
            "embed", "shred", "bring", "string", "ring", "sing", "spring", "swing", "ping", "thing", "sting", "wing",
            "king", "ding", "ceiling", "shed", "bed");

    private CommitRules() {}

    /** The convention the latest subjects (newest first) hold to; free-form with no history. */
    public static Convention detect(List<String> subjects) {
        List<String> sample = subjects.stream()
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .limit(SAMPLE_SIZE)
                .toList();
        if (sample.isEmpty()) {
            return new Convention(CommitStyle.FREE_FORM, false, 0, false, List.of());
        }
        double total = sample.size();
        double conventional =
                sample.stream().filter(s -> CONVENTIONAL.matcher(s).find()).count();
        double ticketed =
                sample.stream().filter(s -> TICKET_PREFIX.matcher(s).find()).count();
        CommitStyle style = conventional / total >= ADOPTION_THRESHOLD
                ? CommitStyle.CONVENTIONAL
                : ticketed / total >= ADOPTION_THRESHOLD ? CommitStyle.TICKET_PREFIXED : CommitStyle.FREE_FORM;
        return new Convention(
                style,
                ticketed / total >= ADOPTION_THRESHOLD,
                sample.size(),
                false,
                sample.subList(0, Math.min(3, sample.size())));
    }

    /** Every rule {@code message} breaks under {@code convention}, in order; empty when it may be used. */
    public static List<String> check(String message, Convention convention, Optional<String> key) {
        List<String> lines =
                List.of(message.replace("\r\n", "\n").stripTrailing().split("\n", -1));
        String subject = lines.get(0).strip();
        if (subject.isEmpty()) {
            return List.of("subject is empty");
        }
        List<String> problems = new ArrayList<>(subjectProblems(subject));
        if (lines.size() > 1 && !lines.get(1).isBlank()) {
            problems.add("line 2 must be blank: git treats the first paragraph as the subject");
        }
        problems.addAll(styleProblems(subject, convention));
        key.filter(k -> convention.ticketPrefix() && !message.contains(k))
                .ifPresent(k -> problems.add("the ticket key " + k + " does not appear in the message"));
        if (Credentials.found(message)) {
            problems.add("the message contains something that looks like a credential");
        }
        return problems;
    }

    private static List<String> subjectProblems(String subject) {
        List<String> problems = new ArrayList<>();
        int length = subject.codePointCount(0, subject.length());
        if (length > SUBJECT_LIMIT) {
            problems.add("subject is " + length + " chars; keep it under " + SUBJECT_LIMIT);
        }
        if (subject.endsWith(".")) {
            problems.add("subject ends with a period");
        }
        if (WIP.matcher(subject).find()) {
            problems.add("subject marks unfinished work (wip/fixup/squash); finish or squash it first");
        } else {
            tensed(subject)
                    .ifPresent(word -> problems.add("subject starts with \"" + word
                            + "\": write it in the imperative (\"fix\", not \"fixed\" or \"fixing\")"));
        }
        return problems;
    }

    private static List<String> styleProblems(String subject, Convention convention) {
        if (convention.style() == CommitStyle.CONVENTIONAL
                && !CONVENTIONAL.matcher(subject).find()) {
            return List.of(
                    "this repo uses conventional commits; start with one of: " + String.join(", ", CONVENTIONAL_TYPES));
        }
        if (convention.style() == CommitStyle.TICKET_PREFIXED
                && !TICKET_PREFIX.matcher(subject).find()) {
            return List.of("this repo prefixes subjects with the ticket key");
        }
        return List.of();
    }

    /** The subject's first word when it is a past tense or a gerund ("added", "fixing"), after any type or key. */
    static Optional<String> tensed(String subject) {
        Matcher conventional = CONVENTIONAL.matcher(subject);
        String rest = conventional.find() ? conventional.group(3) : subject;
        Matcher prefix = FIRST_WORD.matcher(rest);
        rest = prefix.lookingAt() ? rest.substring(prefix.end()) : rest;
        String word = rest.split("[^\\p{L}]", 2)[0];
        String lower = word.toLowerCase(Locale.ROOT);
        boolean tensed = lower.length() > 4
                && ((lower.endsWith("ed") && !lower.endsWith("eed")) || lower.endsWith("ing"))
                && !NOT_TENSED.contains(lower);
        return tensed ? Optional.of(word) : Optional.empty();
    }
}
