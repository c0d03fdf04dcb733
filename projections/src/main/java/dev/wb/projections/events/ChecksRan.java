package dev.wb.projections.events;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb checks KEY} ran the command sets the task's diff selected: the diff's size, the sets with
 * why, every command with its capped, redacted output, the verdict, the skipped sets, whether
 * auto-merge is blocked and the commands that changed the working tree.
 *
 * @param verdict {@link Verdict#PASS}, {@link Verdict#FAIL} or {@link Verdict#INCOMPLETE}; a value this wb does
 *     not know reads as {@link Verdict#FAIL}, which passes nothing
 * @param truncated what was dropped to fit the log, if anything was
 */
public record ChecksRan(
        int changedPaths,
        List<Selected> selected,
        List<Command> commands,
        Verdict verdict,
        List<String> skippedSets,
        boolean autoMergeBlocked,
        List<Mutation> mutations,
        Optional<Truncated> truncated)
        implements WbEvent {

    static final String CHANGED_PATHS = "changedPaths";
    static final String SELECTED = "selected";
    static final String COMMANDS = "commands";
    static final String VERDICT = "verdict";
    static final String SKIPPED_SETS = "skippedSets";
    static final String AUTO_MERGE_BLOCKED = "autoMergeBlocked";
    static final String MUTATIONS = "mutations";
    static final String NAME = "name";
    static final String REASON = "reason";
    static final String SET = "set";
    static final String ARGV = "argv";
    static final String ENV = "env";
    static final String OUTCOME = "outcome";
    static final String EXIT_CODE = "exitCode";
    static final String DURATION_MILLIS = "durationMillis";
    static final String OUTPUT = "output";
    static final String PATHS = "paths";

    public static final EventType<ChecksRan> TYPE = EventType.of(
            "checks.ran",
            List.of(
                    CHANGED_PATHS,
                    SELECTED,
                    COMMANDS,
                    VERDICT,
                    SKIPPED_SETS,
                    AUTO_MERGE_BLOCKED,
                    MUTATIONS,
                    Truncated.FIELD),
            ChecksRan::read);

    /** What {@code wb status} folds of a run, streamed without its outputs. */
    private static final PayloadFields STAGES = PayloadFields.of(VERDICT, AUTO_MERGE_BLOCKED);

    /** A set that ran, and why: {@code always}, or the first changed path one of its globs matched. */
    public record Selected(String name, String reason) {}

    /**
     * One command of a set, as it ended.
     *
     * @param outcome a value this wb does not know reads as {@link CheckOutcome#FAILED}
     */
    public record Command(
            String set,
            List<String> argv,
            Map<String, String> env,
            CheckOutcome outcome,
            int exitCode,
            long durationMillis,
            String output) {
        public Command {
            argv = List.copyOf(argv);
            env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
        }

        /** A command given no variables of its own (every command before command sets had {@code env}). */
        public Command(
                String set, List<String> argv, CheckOutcome outcome, int exitCode, long durationMillis, String output) {
            this(set, argv, Map.of(), outcome, exitCode, durationMillis, output);
        }

        /** The argv as the operator wrote it, words joined by spaces, after its variables as {@code NAME=value}. */
        public String command() {
            return command(argv, env);
        }

        /** {@link #command()} of an argv and its variables. */
        public static String command(List<String> argv, Map<String, String> env) {
            StringBuilder shown = new StringBuilder();
            env.forEach((name, value) ->
                    shown.append(name).append('=').append(value).append(' '));
            return shown.append(String.join(" ", argv)).toString();
        }
    }

    /** A command that changed the working tree while it ran, and the paths it changed. */
    public record Mutation(String set, List<String> argv, List<String> paths) {
        public Mutation {
            argv = List.copyOf(argv);
            paths = List.copyOf(paths);
        }
    }

    public ChecksRan {
        selected = List.copyOf(selected);
        commands = List.copyOf(commands);
        skippedSets = List.copyOf(skippedSets);
        mutations = List.copyOf(mutations);
    }

    @Override
    public EventType<ChecksRan> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(CHANGED_PATHS, changedPaths);
        ArrayNode sets = p.putArray(SELECTED);
        selected.forEach(s -> sets.addObject().put(NAME, s.name()).put(REASON, s.reason()));
        ArrayNode commandArray = p.putArray(COMMANDS);
        for (Command c : commands) {
            ObjectNode o = commandArray.addObject();
            o.put(SET, c.set());
            PayloadLists.putTexts(o, ARGV, c.argv());
            if (!c.env().isEmpty()) {
                // Optional: absent when the command had no variables, so a run without them is stored as before.
                ObjectNode env = o.putObject(ENV);
                c.env().forEach(env::put);
            }
            o.put(OUTCOME, c.outcome().wireName());
            o.put(EXIT_CODE, c.exitCode());
            o.put(DURATION_MILLIS, c.durationMillis());
            o.put(OUTPUT, c.output());
        }
        p.put(VERDICT, verdict.wireName());
        PayloadLists.putTexts(p, SKIPPED_SETS, skippedSets);
        p.put(AUTO_MERGE_BLOCKED, autoMergeBlocked);
        ArrayNode mutationArray = p.putArray(MUTATIONS);
        for (Mutation m : mutations) {
            ObjectNode o = mutationArray.addObject();
            o.put(SET, m.set());
            PayloadLists.putTexts(o, ARGV, m.argv());
            PayloadLists.putTexts(o, PATHS, m.paths());
        }
        Truncated.write(truncated, p);
        return p;
    }

    /** The verdict and whether auto-merge is blocked only, streamed (the rest reads as empty). */
    public static ChecksRan readStages(EventEnvelope event) {
        return read(STAGES.read(event));
    }

    private static ChecksRan read(ObjectNode p) {
        return new ChecksRan(
                p.path(CHANGED_PATHS).asInt(),
                PayloadLists.objects(
                        p.path(SELECTED),
                        s -> new Selected(s.path(NAME).asText(), s.path(REASON).asText())),
                PayloadLists.objects(p.path(COMMANDS), ChecksRan::command),
                WireName.of(Verdict.class, p.path(VERDICT).asText(), Verdict.FAIL),
                PayloadLists.texts(p.path(SKIPPED_SETS)),
                p.path(AUTO_MERGE_BLOCKED).asBoolean(),
                PayloadLists.objects(
                        p.path(MUTATIONS),
                        m -> new Mutation(
                                m.path(SET).asText(),
                                PayloadLists.texts(m.path(ARGV)),
                                PayloadLists.texts(m.path(PATHS)))),
                Truncated.read(p));
    }

    private static Command command(JsonNode c) {
        Map<String, String> env = new LinkedHashMap<>();
        c.path(ENV).properties().forEach(e -> env.put(e.getKey(), e.getValue().asText()));
        return new Command(
                c.path(SET).asText(),
                PayloadLists.texts(c.path(ARGV)),
                env,
                WireName.of(CheckOutcome.class, c.path(OUTCOME).asText(), CheckOutcome.FAILED),
                c.path(EXIT_CODE).asInt(),
                c.path(DURATION_MILLIS).asLong(),
                c.path(OUTPUT).asText());
    }
}
