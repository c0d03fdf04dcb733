package dev.wb.commands.checks;

import dev.wb.commands.process.Redactor;
import java.util.List;

/**
 * A check that changed the task's diff while it ran ({@link WorkingTree}): its set, its argv and the paths
 * it changed ({@code HEAD} for a commit or a branch switch). A passing run with one goes to a person, as
 * the orchestrator parks it: "a check mutated the working tree".
 */
public record Mutation(String set, List<String> argv, List<String> paths) {

    public Mutation {
        argv = List.copyOf(argv);
        paths = List.copyOf(paths);
    }

    /** This mutation as it may be shown and recorded: the argv through the workspace redactor. */
    Mutation redacted(Redactor redactor) {
        return new Mutation(set, argv.stream().map(redactor::redact).toList(), paths);
    }

    /** {@code sh -c echo x >> README.md (set fmt) changed README.md}. */
    public String sentence() {
        return String.join(" ", argv) + " (set " + set + ") changed " + String.join(", ", paths);
    }

    /** {@code MUTATED fmt: sh -c echo x >> README.md changed README.md}. */
    public String line() {
        return "MUTATED " + set + ": " + String.join(" ", argv) + " changed " + String.join(", ", paths);
    }
}
