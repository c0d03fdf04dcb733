package dev.wb.commands.capsule;

import dev.wb.commands.capsule.ValidationBlock.Shape;
import dev.wb.engine.text.TerminalText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** Reads the {@code ## Validation} section of task.md into a {@link ValidationBlock}. */
final class ValidationReader {

    private static final Pattern HEADING = Pattern.compile("^ {0,3}#{1,2}(?:[ \\t].*)?$");
    private static final Pattern VALIDATION = Pattern.compile("^## Validation[ \\t]*$");
    /** Any other ATX heading that reads "validation": a near miss must not turn a capsule into a legacy one. */
    private static final Pattern NEAR_MISS = Pattern.compile("(?i)^ {0,3}#{1,6}[ \\t]*validation[ \\t#]*$");

    private static final Pattern NO_RUNTIME = Pattern.compile("^no-runtime-validation(?=$|[\\s:])");
    /**
     * The block's limits. wb records the declared commands in one event (the log's batches are at most
     * 120 KiB), so the block is bounded where a person can fix it: in the capsule, with a line number.
     */
    static final int MAX_COMMANDS = 100;

    static final int MAX_COMMAND_BYTES = 4 * 1024;
    static final int MAX_BLOCK_BYTES = 16 * 1024;

    private final List<String> lines;
    private final List<CapsuleProblem> problems = new ArrayList<>();

    private ValidationReader(String text) {
        this.lines = Lines.of(text);
    }

    static ValidationBlock read(String text) {
        return new ValidationReader(text).block();
    }

    private ValidationBlock block() {
        List<Integer> headings = new ArrayList<>();
        List<Integer> sections = new ArrayList<>();
        List<FencedBlocks.Block> fences = FencedBlocks.scan(lines, (i, line) -> {
            if (VALIDATION.matcher(line).matches()) {
                sections.add(i);
                headings.add(i);
                return;
            }
            if (NEAR_MISS.matcher(line).matches()) {
                problem(
                        i,
                        "the heading must read exactly \"## Validation\", not \"" + TerminalText.escape(line.strip())
                                + "\"");
            }
            if (HEADING.matcher(line).matches()) {
                headings.add(i);
            }
        });
        if (sections.isEmpty()) {
            return problems.isEmpty()
                    ? new ValidationBlock(Shape.LEGACY, List.of(), Optional.empty(), List.of())
                    : malformed();
        }
        for (int s = 1; s < sections.size(); s++) {
            problem(
                    sections.get(s),
                    "a second ## Validation section (the first is on line " + (sections.get(0) + 1) + "): keep one");
        }
        int start = sections.get(0);
        int end = headings.stream().filter(h -> h > start).findFirst().orElse(lines.size());
        return declarations(start, end, fences);
    }

    private ValidationBlock declarations(int start, int end, List<FencedBlocks.Block> fences) {
        Optional<FencedBlocks.Block> fence =
                fences.stream().filter(f -> f.opensWithin(start, end)).findFirst();
        if (fence.isEmpty()) {
            boolean prose = lines.subList(start + 1, end).stream().anyMatch(l -> !l.isBlank());
            if (prose) {
                problem(start, "the section has no fenced block: write the commands between ``` lines");
            }
            return problems.isEmpty()
                    ? new ValidationBlock(Shape.EMPTY, List.of(), Optional.empty(), List.of())
                    : malformed();
        }
        if (!fence.get().closed()) {
            problem(fence.get().open(), "the fence opened here is never closed");
            return malformed();
        }
        Declared declared = new Declared();
        for (int i = fence.get().open() + 1; i < fence.get().close(); i++) {
            if (!declared.take(i)) {
                break;
            }
        }
        return declared.block(fence.get().open());
    }

    /** The lines of the block, as they are declared: the commands, or the no-runtime-validation line. */
    private final class Declared {
        private final List<DeclaredCommand> commands = new ArrayList<>();
        private int declaredOn = -1;
        private String reason = null;
        private long blockBytes = 0;

        /** Takes line {@code i} of the block; false when the block holds too many commands to go on. */
        boolean take(int i) {
            String trimmed = lines.get(i).strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                return true;
            }
            if (NO_RUNTIME.matcher(trimmed).find()) {
                if (declaredOn >= 0) {
                    problem(i, "a second no-runtime-validation line (the first is on line " + (declaredOn + 1) + ")");
                    return true;
                }
                declaredOn = i;
                reason = reason(i, trimmed.substring("no-runtime-validation".length()));
            } else if (commands.size() == MAX_COMMANDS) {
                problem(
                        i,
                        "more than " + MAX_COMMANDS + " commands: a ## Validation block declares at most "
                                + MAX_COMMANDS);
                return false;
            } else if (utf8Bytes(trimmed) > MAX_COMMAND_BYTES) {
                problem(
                        i,
                        "a command of " + utf8Bytes(trimmed) + " bytes: a command is at most " + MAX_COMMAND_BYTES
                                + " bytes (4 KiB)");
            } else if (!declaredBefore(commands, DeclaredCommand.normalize(trimmed))) {
                blockBytes += utf8Bytes(trimmed);
                DeclaredCommand command = DeclaredCommand.of(i + 1, lines.get(i));
                TerminalText.describeFirstControl(command.normalized())
                        .ifPresent(control -> problem(
                                command.line() - 1,
                                "the command holds " + control
                                        + ": a command is shown to a person before it runs, and a"
                                        + " control character can make it read as another; write it without one"));
                commands.add(command);
            }
            return true;
        }

        /** The block these lines declare, its limits checked; {@code fenceLine} is where it opens. */
        ValidationBlock block(int fenceLine) {
            if (blockBytes > MAX_BLOCK_BYTES) {
                problem(
                        fenceLine,
                        "the commands hold " + blockBytes + " bytes together: a ## Validation block holds at most "
                                + MAX_BLOCK_BYTES + " bytes (16 KiB) of commands");
            }
            if (declaredOn >= 0 && !commands.isEmpty()) {
                problem(
                        declaredOn,
                        "no-runtime-validation needs zero commands, but the block declares " + commands.size()
                                + " (line " + commands.get(0).line() + ")");
            }
            if (!problems.isEmpty()) {
                return malformed();
            }
            if (declaredOn >= 0) {
                return new ValidationBlock(Shape.DOCUMENTATION, List.of(), Optional.of(reason), List.of());
            }
            if (commands.isEmpty()) {
                return new ValidationBlock(Shape.EMPTY, List.of(), Optional.empty(), List.of());
            }
            Shape shape = commands.stream().allMatch(DeclaredCommand::optional) ? Shape.OPTIONAL_ONLY : Shape.REQUIRED;
            return new ValidationBlock(shape, commands, Optional.empty(), List.of());
        }
    }

    /**
     * The judge's rule: a command declared again (the same normalized form) is dropped, the first
     * occurrence and its required/optional flag kept, in the order first declared.
     */
    private static boolean declaredBefore(List<DeclaredCommand> commands, String normalized) {
        return commands.stream().anyMatch(c -> c.normalized().equals(normalized));
    }

    private String reason(int i, String afterWord) {
        String rest = afterWord.strip();
        if (!rest.startsWith(":")) {
            problem(i, "write no-runtime-validation: <reason>, with a colon and the reason");
            return "";
        }
        String reason = rest.substring(1).strip();
        if (reason.isEmpty()) {
            problem(i, "no-runtime-validation needs a reason after the colon");
        }
        return reason;
    }

    private static int utf8Bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }

    private ValidationBlock malformed() {
        problems.sort(Comparator.comparingInt(CapsuleProblem::line));
        return new ValidationBlock(Shape.MALFORMED, List.of(), Optional.empty(), problems);
    }

    private void problem(int index, String message) {
        problems.add(new CapsuleProblem(ValidationBlock.FILE, index + 1, message));
    }
}
