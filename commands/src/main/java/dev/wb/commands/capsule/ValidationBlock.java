package dev.wb.commands.capsule;

import java.util.List;
import java.util.Optional;

/**
 * The commands task.md declares under {@code ## Validation}, in the first fenced block of that
 * section, and the shape of the declaration (docs/CAPSULE.md). Only a {@link Shape#REQUIRED} or
 * {@link Shape#OPTIONAL_ONLY} block carries commands, and only a {@link Shape#DOCUMENTATION} block a
 * reason: a malformed block declares nothing, so nothing in it can ever be run or approved.
 */
public record ValidationBlock(
        Shape shape, List<DeclaredCommand> commands, Optional<String> noRuntimeReason, List<CapsuleProblem> problems) {

    /** The capsule shapes of the seed's table, which verification tells apart. */
    public enum Shape {
        /** No {@code ## Validation} section: an older capsule; current verification is unknown. */
        LEGACY,
        /** At least one required command: every required one must pass. */
        REQUIRED,
        /** Only {@code # optional} commands: none is mandatory, one must still be the passing entry. */
        OPTIONAL_ONLY,
        /** A single {@code no-runtime-validation: <reason>} line: nothing runs, nothing is claimed. */
        DOCUMENTATION,
        /** The section declares nothing yet (no fenced block, or only blank and comment lines). */
        EMPTY,
        /** The section cannot be read as a declaration; {@link #problems()} says why. */
        MALFORMED;

        /** Whether a capsule of this shape can back an APPROVED record at all. */
        public boolean approvable() {
            return this == REQUIRED || this == OPTIONAL_ONLY || this == DOCUMENTATION;
        }
    }

    public static final String FILE = "task.md";

    public ValidationBlock {
        commands = List.copyOf(commands);
        problems = List.copyOf(problems);
        boolean runs = shape == Shape.REQUIRED || shape == Shape.OPTIONAL_ONLY;
        if (runs == commands.isEmpty()
                || noRuntimeReason.isPresent() != (shape == Shape.DOCUMENTATION)
                || problems.isEmpty() != (shape != Shape.MALFORMED)) {
            throw new IllegalArgumentException("a " + shape + " validation block with " + commands.size()
                    + " commands, reason " + noRuntimeReason + " and " + problems.size() + " problems");
        }
    }

    /** Reads the {@code ## Validation} section of task.md's text. Never throws: problems are findings. */
    public static ValidationBlock parse(String taskMd) {
        return ValidationReader.read(taskMd);
    }

    /** A block that declares nothing because of one problem (task.md is not UTF-8 text, for example). */
    static ValidationBlock malformed(CapsuleProblem problem) {
        return new ValidationBlock(Shape.MALFORMED, List.of(), Optional.empty(), List.of(problem));
    }

    /** The normalized commands in declared order; comments are not commands. */
    public List<String> normalizedCommands() {
        return commands.stream().map(DeclaredCommand::normalized).toList();
    }

    /**
     * The declared command a command names, compared after trimming and removing a trailing
     * {@code # optional} on both sides (the first, if the block declares it twice).
     */
    public Optional<DeclaredCommand> find(String command) {
        String wanted = DeclaredCommand.normalize(command);
        if (wanted.isEmpty()) {
            return Optional.empty();
        }
        return commands.stream().filter(c -> c.normalized().equals(wanted)).findFirst();
    }
}
