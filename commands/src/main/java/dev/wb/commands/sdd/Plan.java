package dev.wb.commands.sdd;

import dev.wb.projections.audit.PlannedFile;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A task's plan ({@code .workflow/KEY/sdd.json}, schema 1), as far as it could be read: entries that
 * were malformed are left out here and reported as structure problems by {@link PlanReader}.
 */
public record Plan(
        String key,
        String objective,
        List<Citation> evidence,
        List<PlannedFile> files,
        List<String> zones,
        List<Step> steps,
        List<PlannedTest> tests,
        List<String> verify,
        Map<String, String> verifyEnv,
        String rollback,
        String product,
        List<String> questions,
        Optional<String> ticketType) {

    /** A claim about the code, with where it is and the words that prove it. */
    public record Citation(int index, String claim, String file, int line, String quote) {}

    public record Step(String action, Optional<String> file) {}

    public record PlannedTest(String kind, Optional<String> target, String asserts) {}

    public Plan {
        evidence = List.copyOf(evidence);
        files = List.copyOf(files);
        zones = List.copyOf(zones);
        steps = List.copyOf(steps);
        tests = List.copyOf(tests);
        verify = List.copyOf(verify);
        verifyEnv = Map.copyOf(verifyEnv);
        questions = List.copyOf(questions);
    }
}
