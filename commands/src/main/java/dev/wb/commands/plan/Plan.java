package dev.wb.commands.plan;

import dev.wb.projections.events.PlannedFile;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A task's plan ({@code .workflow/KEY/sdd.json}, schema 1, the original workbench's format), as far
 * as it could be read: entries that were malformed are left out here and reported as structure
 * problems by {@link PlanReader}.
 *
 * @param zones            the plan's {@code zones}: zone name to the paths of its files in that zone
 * @param handover         present when the plan has a {@code handover} object
 * @param handoverRequired the plan's {@code handover_required}, when it is a boolean
 */
public record Plan(
        String key,
        String preset,
        String persona,
        String objective,
        List<Citation> evidence,
        List<PlannedFile> files,
        Map<String, List<String>> zones,
        List<Step> steps,
        List<PlannedTest> tests,
        List<String> verify,
        Map<String, String> verifyEnv,
        String rollback,
        Product product,
        Optional<Handover> handover,
        List<String> questions,
        Optional<String> ticketType,
        Optional<Boolean> handoverRequired) {

    /**
     * Ticket types whose audience is not only engineering: their plans carry a handover, and are never
     * light (any letter case, surrounding space ignored).
     */
    public static final Set<String> HANDOVER_TYPES =
            Set.of("bug", "support", "incident", "defect", "problem", "service request");

    /**
     * A claim about the code, with where it is and the words that prove it; or, with {@code search}, an
     * absence claim (the original's {@code "kind": "absence"}): the fixed string occurs nowhere searched
     * (then {@code file} and {@code quote} are empty and {@code line} is 0).
     */
    public record Citation(int index, String claim, String file, int line, String quote, Optional<Absence> search) {

        public Citation(int index, String claim, String file, int line, String quote) {
            this(index, claim, file, line, quote, Optional.empty());
        }

        static Citation absence(int index, String claim, Absence search) {
            return new Citation(index, claim, "", 0, "", Optional.of(search));
        }
    }

    /**
     * An absence claim's search, as {@code git grep -l -F [-w] pattern -- paths}: the files under
     * {@code paths} (none: every file) that hold {@code pattern}, less those under {@code allow}, must
     * be none.
     */
    public record Absence(String pattern, List<String> paths, List<String> allow, boolean word) {
        public Absence {
            paths = List.copyOf(paths);
            allow = List.copyOf(allow);
        }
    }

    public record Step(String action, Optional<String> file) {}

    public record PlannedTest(String kind, Optional<String> target, String asserts) {}

    /** {@code product}: which metric the change moves and who asked (empty strings when not given). */
    public record Product(String metric, String whoAsked) {
        public static final Product NONE = new Product("", "");
    }

    /** {@code handover}: what the reporter and QA read; an empty string or list when not given. */
    public record Handover(String symptomPlain, List<String> qaSteps) {
        public Handover {
            qaSteps = List.copyOf(qaSteps);
        }
    }

    public Plan {
        evidence = List.copyOf(evidence);
        files = List.copyOf(files);
        zones = Map.copyOf(zones);
        steps = List.copyOf(steps);
        tests = List.copyOf(tests);
        verify = List.copyOf(verify);
        verifyEnv = Map.copyOf(verifyEnv);
        questions = List.copyOf(questions);
    }

    /**
     * Whether the plan owes a handover: {@code handover_required} when it is given, otherwise whether
     * the ticket type is one of {@link #HANDOVER_TYPES}.
     */
    public boolean needsHandover() {
        return handoverRequired.orElseGet(() -> ticketType
                .map(t -> HANDOVER_TYPES.contains(t.strip().toLowerCase(Locale.ROOT)))
                .orElse(false));
    }

    /** The ticket type as the original names it in a finding: as written, {@code support} when there is none. */
    public String ticketTypeOrSupport() {
        return ticketType.orElse("support");
    }
}
