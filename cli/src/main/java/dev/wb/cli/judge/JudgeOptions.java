package dev.wb.cli.judge;

import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Failure;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.commands.judge.snapshot.Candidate;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import picocli.CommandLine.Model.OptionSpec;

/**
 * What the judge's commands that run declared commands share: the {@code --approve-commands} and
 * {@code --timings} options, the terminal's consent, the {@code SNAPSHOT:<id>} candidate they need,
 * and the timings line they end with.
 */
final class JudgeOptions {

    private JudgeOptions() {}

    /** {@code --approve-commands COMMAND}, once per command: the option, and the commands it was given. */
    static final class Approvals {
        private List<String> given = List.of();

        /** The option; {@code description} says which list it approves. */
        OptionSpec option(String description) {
            return Specs.repeatable("--approve-commands", "COMMAND", description, v -> given = v);
        }

        /** The commands approved headless, in the order given. */
        List<String> given() {
            return given;
        }
    }

    /** {@code --timings}: the phases' durations, one JSON line on stderr. */
    static OptionSpec timings(Consumer<Boolean> set) {
        return Specs.flag("--timings", "One diagnostic JSON line on stderr with the phases' durations.", set);
    }

    /** {@code consent}, when a person is at the terminal and the output is not JSON; otherwise none. */
    static Optional<CommandApprovals.Terminal> terminal(WbCommand root, CommandApprovals.Terminal consent) {
        return root.context().terminals().interactive() && !root.json() ? Optional.of(consent) : Optional.empty();
    }

    /**
     * The snapshot id of a {@code SNAPSHOT:<id>} candidate; any other is refused, with how to capture
     * one ({@code capture} is the command to run).
     */
    static String snapshotId(String command, String candidate, String capture) {
        if (!candidate.startsWith("SNAPSHOT:")) {
            throw Failure.usage(
                    "wb judge " + command + " needs a snapshot candidate, not " + candidate,
                    "capture one first: " + capture + ", then --candidate SNAPSHOT:<id>");
        }
        return Candidate.snapshotId(candidate);
    }

    /** The {@code --timings} line on stderr, when timings were asked for. */
    static void reportTimings(WbCommand root, Timings clock, String status) {
        if (clock.on()) {
            PrintWriter err = root.context().console().err();
            err.println(clock.line(status));
            err.flush();
        }
    }
}
