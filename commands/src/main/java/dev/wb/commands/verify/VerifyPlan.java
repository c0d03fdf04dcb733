package dev.wb.commands.verify;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.checks.EventFit;
import dev.wb.commands.plan.VerifyEnvNames;
import dev.wb.commands.process.Outcome;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.process.RunResult;
import dev.wb.projections.events.verify.ProcessOutcome;
import dev.wb.projections.events.verify.VerifyCommandRan;
import dev.wb.projections.events.verify.VerifyStarted;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The audited plan's verify list and verify_env, sorted into what may run and what may not, before
 * anything runs. Nothing refused is dropped: each keeps its reason and reaches the evidence.
 */
public record VerifyPlan(
        List<Runnable> runnable, List<Refused> refused, Map<String, String> env, List<Refused> refusedEnv) {

    /** A command that passed the boundary: its words and the runner they name. */
    @SuppressWarnings("JavaLangClash") // the plan's own word, always written VerifyPlan.Runnable outside this file
    public record Runnable(int index, String command, List<String> argv, String runner) {

        /**
         * This command's run as recorded, its whole output stored under {@code outputDigest}; texts
         * shortened when they would pass the log's limit ({@link EventFit}).
         */
        VerifyCommandRan recorded(RunResult result, String outputDigest) {
            return EventFit.fitted(
                    VerifyCommandRan.TYPE,
                    new VerifyCommandRan(
                            index,
                            command,
                            argv,
                            runner,
                            processOutcome(result.outcome()),
                            result.exitCode(),
                            result.passed(),
                            result.duration().toMillis(),
                            result.output().head(),
                            result.output().tail(),
                            result.output().omittedChars(),
                            outputDigest,
                            result.outputBytes(),
                            result.startError().isEmpty() ? Optional.empty() : Optional.of(result.startError()),
                            Optional.empty()));
        }
    }

    /** A command or a variable that will not be used, and why. */
    public record Refused(int index, String subject, String reason) {}

    public VerifyPlan {
        runnable = List.copyOf(runnable);
        refused = List.copyOf(refused);
        env = Map.copyOf(env);
        refusedEnv = List.copyOf(refusedEnv);
    }

    /**
     * The plan's verify list read through the boundary.
     *
     * @param verify the plan's verify list, as written
     * @param verifyEnv the plan's verify_env object as written (may be null or malformed)
     */
    public static VerifyPlan of(List<String> verify, JsonNode verifyEnv) {
        List<Runnable> runnable = new ArrayList<>();
        List<Refused> refused = new ArrayList<>();
        for (int i = 0; i < verify.size(); i++) {
            String command = verify.get(i);
            Optional<String> raw = VerifyPolicy.refusal(command);
            if (raw.isPresent()) {
                refused.add(new Refused(i, command, raw.get()));
                continue;
            }
            List<String> argv = CommandWords.split(command);
            Optional<String> runner = VerifyPolicy.refusal(argv);
            if (runner.isPresent()) {
                refused.add(new Refused(i, command, runner.get()));
            } else {
                runnable.add(new Runnable(i, command, argv, VerifyPolicy.runnerOf(argv)));
            }
        }
        Map<String, String> env = new TreeMap<>();
        List<Refused> refusedEnv = new ArrayList<>();
        if (verifyEnv != null && verifyEnv.isObject()) {
            verifyEnv.properties().forEach(field -> {
                Optional<String> problem = VerifyEnvNames.problem(field.getKey());
                if (problem.isPresent()) {
                    refusedEnv.add(new Refused(-1, field.getKey(), problem.get()));
                } else if (!field.getValue().isTextual()) {
                    refusedEnv.add(new Refused(-1, field.getKey(), "the value is not a string: values are literal"));
                } else {
                    env.put(field.getKey(), field.getValue().textValue());
                }
            });
        }
        return new VerifyPlan(runnable, refused, env, refusedEnv);
    }

    /**
     * This plan as it may be recorded and shown: every command, its words and every reason passed
     * through the redactor its output goes through, so a secret written into a command
     * ({@code --token=…}, a URL's password) is kept out of the events, the evidence and the terminal.
     * Run the words of the plan itself, never these.
     */
    public VerifyPlan redacted(Redactor redactor) {
        List<Runnable> shownRunnable = runnable.stream()
                .map(r -> new Runnable(
                        r.index(),
                        redactor.redact(r.command()),
                        r.argv().stream().map(redactor::redact).toList(),
                        redactor.redact(r.runner())))
                .toList();
        List<Refused> shownRefused = refused.stream()
                .map(r -> new Refused(r.index(), redactor.redact(r.subject()), redactor.redact(r.reason())))
                .toList();
        return new VerifyPlan(shownRunnable, shownRefused, env, refusedEnv);
    }

    /**
     * This plan with every command whose program, followed to its real file, is not a runner moved to
     * the refused ({@link RealRunner}): looked up as it will be launched, from {@code dir} with the
     * {@code environment} the commands get.
     */
    public VerifyPlan checkedOnDisk(Path dir, Map<String, String> environment) {
        List<Runnable> kept = new ArrayList<>();
        List<Refused> refusedNow = new ArrayList<>(refused);
        for (Runnable command : runnable) {
            Optional<String> refusal = RealRunner.refusal(command.argv(), dir, environment);
            if (refusal.isPresent()) {
                refusedNow.add(new Refused(command.index(), command.command(), refusal.get()));
            } else {
                kept.add(command);
            }
        }
        refusedNow.sort(Comparator.comparingInt(Refused::index));
        return new VerifyPlan(kept, refusedNow, env, refusedEnv);
    }

    /**
     * The run's start as recorded: the plan it came from, the per-command limit, what may run, what was
     * refused (redact the plan first: {@link #redacted}), the verify_env names (never the values). Its
     * texts are shortened when together they would pass the log's limit ({@link EventFit}).
     */
    VerifyStarted started(String planDigest, int timeoutSeconds) {
        return EventFit.fitted(
                VerifyStarted.TYPE,
                new VerifyStarted(
                        planDigest,
                        timeoutSeconds,
                        runnable.stream()
                                .map(r -> new VerifyStarted.Command(r.index(), r.command(), r.runner()))
                                .toList(),
                        refused.stream()
                                .map(r -> new VerifyStarted.Refused(r.index(), r.subject(), r.reason()))
                                .toList(),
                        List.copyOf(env.keySet()),
                        refusedEnv.stream()
                                .map(r -> new VerifyStarted.RefusedEnv(r.subject(), r.reason()))
                                .toList()));
    }

    /** How a run ended, as verify's events record it. */
    static ProcessOutcome processOutcome(Outcome outcome) {
        return switch (outcome) {
            case EXITED -> ProcessOutcome.EXITED;
            case TIMED_OUT -> ProcessOutcome.TIMED_OUT;
            case INTERRUPTED -> ProcessOutcome.INTERRUPTED;
            case NOT_STARTED -> ProcessOutcome.NOT_STARTED;
        };
    }
}
