package dev.wb.projections.status;

import dev.wb.projections.events.GitStatus;
import dev.wb.projections.events.audit.CitationVerdict;
import dev.wb.projections.events.verify.ProcessOutcome;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyStarted;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What one stream's history adds up to, for {@code wb status --stats}: citation verdicts over every
 * audit, each verify command's runs, failures and time, what verify refused, and the git steps.
 * Each change copies only the map it touches.
 *
 * @param citations audit citations by verdict ({@code ok}, {@code moved}, {@code mismatch}, …)
 * @param commands verify commands by their text as the plan wrote it
 * @param refusedCommands verify commands refused before anything ran, by their text
 * @param refusedEnv verify_env names refused, by name
 */
public record StageCounters(
        SortedMap<String, Long> citations,
        SortedMap<String, CommandTally> commands,
        SortedMap<String, Refusal> refusedCommands,
        SortedMap<String, Refusal> refusedEnv,
        GitSteps gitSteps) {

    public static final StageCounters EMPTY =
            new StageCounters(new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), new TreeMap<>(), GitSteps.NONE);

    private static final Class<?> FROZEN =
            Collections.unmodifiableSortedMap(new TreeMap<>()).getClass();

    public StageCounters {
        citations = frozen(citations);
        commands = frozen(commands);
        refusedCommands = frozen(refusedCommands);
        refusedEnv = frozen(refusedEnv);
    }

    /**
     * One verify command's record in a task.
     *
     * @param failures runs that exited non-zero, timed out or could not start; an interrupted run is
     *     not the command's failure, and says nothing of whether it passes
     * @param failsThenPasses how often a failing run was followed by a passing one, the task's next of it
     * @param lastFailed whether its latest decided run failed (what the next run is compared with)
     */
    public record CommandTally(long runs, long failures, long durationMs, long failsThenPasses, boolean lastFailed) {
        public static final CommandTally NEVER = new CommandTally(0, 0, 0, 0, false);

        CommandTally ran(long ms, ProcessOutcome outcome, boolean passed) {
            if (passed) {
                return new CommandTally(
                        runs + 1, failures, durationMs + ms, failsThenPasses + (lastFailed ? 1 : 0), false);
            }
            if (outcome == ProcessOutcome.INTERRUPTED) {
                return new CommandTally(runs + 1, failures, durationMs + ms, failsThenPasses, lastFailed);
            }
            return new CommandTally(runs + 1, failures + 1, durationMs + ms, failsThenPasses, true);
        }
    }

    /** How often something was refused, and the reason the latest refusal gave. */
    public record Refusal(long count, String reason) {}

    /** git steps by status: ok and failed ran, refused did not. */
    public record GitSteps(long ok, long failed, long refused) {
        public static final GitSteps NONE = new GitSteps(0, 0, 0);
    }

    StageCounters withCitations(List<CitationVerdict> verdicts) {
        if (verdicts.isEmpty()) {
            return this;
        }
        TreeMap<String, Long> next = new TreeMap<>(citations);
        verdicts.forEach(verdict -> next.merge(verdict.wireName(), 1L, Long::sum));
        return new StageCounters(next, commands, refusedCommands, refusedEnv, gitSteps);
    }

    StageCounters withRefusals(VerifyStarted started) {
        if (started.refused().isEmpty() && started.refusedEnv().isEmpty()) {
            return this;
        }
        TreeMap<String, Refusal> nextCommands = new TreeMap<>(refusedCommands);
        started.refused().forEach(r -> refuse(nextCommands, r.command(), r.reason()));
        TreeMap<String, Refusal> nextEnv = new TreeMap<>(refusedEnv);
        started.refusedEnv().forEach(r -> refuse(nextEnv, r.name(), r.reason()));
        return new StageCounters(citations, commands, nextCommands, nextEnv, gitSteps);
    }

    StageCounters withCommandRan(VerifyCommandRan ran) {
        String command = ran.command();
        TreeMap<String, CommandTally> next = new TreeMap<>(commands);
        next.put(
                command,
                next.getOrDefault(command, CommandTally.NEVER).ran(ran.durationMs(), ran.outcome(), ran.passed()));
        return new StageCounters(citations, next, refusedCommands, refusedEnv, gitSteps);
    }

    StageCounters withGitStep(GitStatus status) {
        GitSteps steps = new GitSteps(
                gitSteps.ok() + (status == GitStatus.OK ? 1 : 0),
                gitSteps.failed() + (status == GitStatus.FAILED ? 1 : 0),
                gitSteps.refused() + (status == GitStatus.REFUSED ? 1 : 0));
        return new StageCounters(citations, commands, refusedCommands, refusedEnv, steps);
    }

    /** An unchanged map passes through as it is: wrapping it at every event would nest wrappers. */
    private static <V> SortedMap<String, V> frozen(SortedMap<String, V> map) {
        return map.getClass() == FROZEN ? map : Collections.unmodifiableSortedMap(new TreeMap<>(map));
    }

    private static void refuse(TreeMap<String, Refusal> counts, String subject, String reason) {
        Refusal before = counts.get(subject);
        counts.put(subject, new Refusal(before == null ? 1 : before.count() + 1, reason));
    }
}
