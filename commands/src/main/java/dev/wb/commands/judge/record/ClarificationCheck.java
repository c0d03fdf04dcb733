package dev.wb.commands.judge.record;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The experimental clarification signal: when the reviewed change altered the contract (task.md's
 * {@code ## Contract} section with its subsections, or acceptance-criteria.md) and recorded no new
 * clarification under {@code ## Clarifications}, one heuristic notice per changed section. It reads
 * the reviewed base and candidate only, never the live workspace, and never changes a verdict.
 *
 * <p>The comparison ignores line endings, white space reflowed inside prose, and one final full stop
 * on a prose paragraph or list item; code, other punctuation and the {@code proof-command:},
 * {@code proof-doc:} and {@code Retired:} lines stay significant. A new top-level bullet under
 * {@code ## Clarifications} counts when its whole body was absent at the base; so does a new
 * {@code No ambiguity:} bullet with an explanation. A date or heading alone, a duplicate and a
 * {@code None} placeholder do not.
 */
final class ClarificationCheck {

    static final int MAX_NOTICE = 1024;

    private ClarificationCheck() {}

    /** {@code folder}: the capsule's folder in the candidate (the same path is read in the base). */
    static List<String> notices(
            String folder,
            Function<String, Optional<byte[]>> base,
            Function<String, Optional<byte[]>> candidate,
            String baseLabel,
            String candidateLabel) {
        String taskPath = folder + "/task.md";
        String criteriaPath = folder + "/acceptance-criteria.md";
        Optional<String> baseTask = base.apply(taskPath).map(ClarificationCheck::text);
        Optional<String> candidateTask = candidate.apply(taskPath).map(ClarificationCheck::text);
        if (baseTask.isEmpty() || candidateTask.isEmpty()) {
            return List.of(); // a capsule new in the boundary is not comparable
        }
        Optional<String> baseClarifications = MarkdownSections.section(baseTask.get(), "Clarifications");
        Optional<String> candidateClarifications = MarkdownSections.section(candidateTask.get(), "Clarifications");
        if (baseClarifications.isEmpty() && candidateClarifications.isEmpty()) {
            return List.of();
        }
        List<String[]> changed = new ArrayList<>();
        String baseContract =
                MarkdownSections.section(baseTask.get(), "Contract").orElse("");
        String candidateContract =
                MarkdownSections.section(candidateTask.get(), "Contract").orElse("");
        if (!normalize(baseContract).equals(normalize(candidateContract))) {
            changed.add(new String[] {"the ## Contract section of task.md", baseContract, candidateContract, taskPath});
        }
        String baseCriteria =
                base.apply(criteriaPath).map(ClarificationCheck::text).orElse("");
        String candidateCriteria =
                candidate.apply(criteriaPath).map(ClarificationCheck::text).orElse("");
        if (!normalize(baseCriteria).equals(normalize(candidateCriteria))) {
            changed.add(new String[] {"acceptance-criteria.md", baseCriteria, candidateCriteria, criteriaPath});
        }
        if (changed.isEmpty() || newClarification(baseClarifications.orElse(""), candidateClarifications.orElse(""))) {
            return List.of();
        }
        List<String> notices = new ArrayList<>();
        for (String[] section : changed) {
            int[] counts = lineCounts(section[1], section[2]);
            String notice = "Heuristic notice (experimental): " + section[0] + " changed (+" + counts[0] + " −"
                    + counts[1] + " lines) between " + baseLabel + " and " + candidateLabel + " in " + section[3]
                    + ", and no new clarification was recorded under ## Clarifications";
            notices.add(notice.length() > MAX_NOTICE ? notice.substring(0, MAX_NOTICE - 1) + "…" : notice);
        }
        return notices;
    }

    private static String text(byte[] bytes) {
        return new String(bytes, StandardCharsets.UTF_8).replace("\r\n", "\n");
    }

    /** Units of meaning: code lines and significant lines verbatim, prose paragraphs and list items reflowed. */
    static List<String> normalize(String text) {
        List<String> units = new ArrayList<>();
        StringBuilder prose = new StringBuilder();
        boolean code = false;
        for (String raw : text.replace("\r\n", "\n").split("\n", -1)) {
            String line = raw.strip();
            boolean fence = line.startsWith("```") || line.startsWith("~~~");
            if (code || fence) {
                flush(prose, units);
                units.add(raw.stripTrailing());
                code = fence != code;
                continue;
            }
            boolean significant = line.startsWith("proof-command:")
                    || line.startsWith("proof-doc:")
                    || line.startsWith("Retired:")
                    || line.startsWith("#");
            boolean newItem = line.matches("([-*+]|\\d+[.)])\\s.*");
            if (line.isEmpty() || significant || newItem) {
                flush(prose, units);
            }
            if (significant) {
                units.add(line.replaceAll("\\s+", " "));
            } else if (!line.isEmpty()) {
                prose.append(prose.length() == 0 ? "" : " ").append(line);
            }
        }
        flush(prose, units);
        return units;
    }

    private static void flush(StringBuilder prose, List<String> units) {
        if (prose.length() > 0) {
            String unit = prose.toString().replaceAll("\\s+", " ").strip();
            units.add(unit.endsWith(".") ? unit.substring(0, unit.length() - 1) : unit);
            prose.setLength(0);
        }
    }

    /** Whether the candidate's clarifications hold a bullet that counts as new content. */
    static boolean newClarification(String base, String candidate) {
        Set<String> before = new HashSet<>(bullets(base));
        for (String bullet : bullets(candidate)) {
            if (before.contains(bullet)) {
                continue;
            }
            String lower = bullet.toLowerCase(Locale.ROOT);
            if (lower.matches("none\\.?|n/a|\\d{4}-\\d{2}-\\d{2}\\.?") || lower.startsWith("#")) {
                continue;
            }
            if (lower.startsWith("no ambiguity:")) {
                if (!bullet.substring("no ambiguity:".length()).isBlank()) {
                    return true;
                }
                continue;
            }
            return true;
        }
        return false;
    }

    /** Top-level bullets with their continuation lines, white space collapsed. */
    static List<String> bullets(String section) {
        List<String> bullets = new ArrayList<>();
        StringBuilder current = null;
        for (String line : section.split("\n", -1)) {
            if (line.startsWith("- ")) {
                if (current != null) {
                    bullets.add(current.toString().replaceAll("\\s+", " ").strip());
                }
                current = new StringBuilder(line.substring(2));
            } else if (current != null && !line.isBlank() && Character.isWhitespace(line.charAt(0))) {
                current.append(' ').append(line.strip());
            } else if (current != null && !line.isBlank()) {
                bullets.add(current.toString().replaceAll("\\s+", " ").strip());
                current = null;
            }
        }
        if (current != null) {
            bullets.add(current.toString().replaceAll("\\s+", " ").strip());
        }
        return bullets;
    }

    /** Raw lines added and deleted, as a multiset difference. */
    private static int[] lineCounts(String before, String after) {
        Map<String, Integer> remaining = new HashMap<>();
        for (String line : before.split("\n", -1)) {
            remaining.merge(line, 1, Integer::sum);
        }
        int added = 0;
        for (String line : after.split("\n", -1)) {
            Integer n = remaining.get(line);
            if (n == null || n == 0) {
                added++;
            } else {
                remaining.put(line, n - 1);
            }
        }
        int deleted = remaining.values().stream().mapToInt(Integer::intValue).sum();
        return new int[] {added, deleted};
    }
}
