package dev.wb.commands.checks;

import dev.wb.projections.events.ChecksRan;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * The {@code checks.ran} event of one run (docs/EVENTS.md): the diff's size, the selection with its
 * reasons, every command with its capped, redacted output, the verdict, the skipped sets, whether
 * auto-merge is blocked and the commands that changed the working tree. An event is at most 120 KiB, so
 * when the outputs together pass {@value #MAX_OUTPUT_BYTES} bytes each keeps only its end (where failures
 * are), evenly shared; and
 * should the whole still not fit (thousands of argv words, say), {@link EventFit} shortens every long
 * text in it, argv included, each marked with what it lost.
 */
final class ChecksEvent {

    static final int MAX_OUTPUT_BYTES = 64 * 1024;
    static final String CUT = "[…]";

    private ChecksEvent() {}

    static ChecksRan of(
            int changedPaths,
            List<CommandSetSelection.Selected> selected,
            List<ChecksRan.Command> results,
            ChecksVerdict verdict,
            List<String> skippedSets,
            List<Mutation> mutations) {
        int share = share(results);
        ChecksRan event = new ChecksRan(
                changedPaths,
                selected.stream()
                        .map(s -> new ChecksRan.Selected(s.set().name(), s.reason()))
                        .toList(),
                results.stream()
                        .map(r -> new ChecksRan.Command(
                                r.set(),
                                r.argv(),
                                r.env(),
                                r.outcome(),
                                r.exitCode(),
                                r.durationMillis(),
                                tail(r.output(), share)))
                        .toList(),
                verdict.verdict(),
                skippedSets,
                !skippedSets.isEmpty(),
                mutations.stream()
                        .map(m -> new ChecksRan.Mutation(m.set(), m.argv(), m.paths()))
                        .toList(),
                Optional.empty());
        return EventFit.fitted(ChecksRan.TYPE, event);
    }

    /** Characters each output may keep: all of them while the outputs fit together. */
    private static int share(List<ChecksRan.Command> results) {
        long total = results.stream()
                .mapToLong(r -> r.output().getBytes(StandardCharsets.UTF_8).length)
                .sum();
        return total <= MAX_OUTPUT_BYTES ? Integer.MAX_VALUE : MAX_OUTPUT_BYTES / 4 / results.size();
    }

    private static String tail(String output, int keep) {
        if (output.length() <= keep) {
            return output;
        }
        int from = output.length() - keep;
        if (Character.isLowSurrogate(output.charAt(from))) {
            from++;
        }
        return CUT + output.substring(from);
    }
}
