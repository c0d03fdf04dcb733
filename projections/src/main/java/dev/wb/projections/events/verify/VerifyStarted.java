package dev.wb.projections.events.verify;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.EventType;
import dev.wb.projections.events.PayloadFields;
import dev.wb.projections.events.PayloadLists;
import dev.wb.projections.events.Truncated;
import dev.wb.projections.events.WbEvent;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb impl verify KEY} passed the gate and is about to run the audited plan's commands: the plan
 * they came from, the per-command time limit, the commands that passed the boundary, those refused
 * before anything ran (with the reason), the verify_env names merged over the environment (never the
 * values) and those refused. Texts are redacted as output is.
 *
 * @param truncated what was dropped to fit the log, if anything was
 * @param worktree the commit checked out when the run started and how many paths differed from it (a
 *     gate such as {@code wb ci check} accepts a pass only for the commit it judges); empty outside a
 *     git repository with a commit, and in events written before wb recorded it
 * @param tests the plan's test targets that are not among the branch's changed paths; empty when wb
 *     could not read the branch's changes, and in events written before wb checked them
 */
public record VerifyStarted(
        String planDigest,
        int timeoutSeconds,
        List<Command> commands,
        List<Refused> refused,
        List<String> env,
        List<RefusedEnv> refusedEnv,
        Optional<Truncated> truncated,
        Optional<Worktree> worktree,
        Optional<Tests> tests)
        implements WbEvent {

    static final String PLAN_DIGEST = "planDigest";
    static final String TIMEOUT_SECONDS = "timeoutSeconds";
    static final String COMMANDS = "commands";
    static final String REFUSED = "refused";
    static final String ENV = "env";
    static final String REFUSED_ENV = "refusedEnv";
    static final String INDEX = "index";
    static final String COMMAND = "command";
    static final String RUNNER = "runner";
    static final String REASON = "reason";
    static final String NAME = "name";
    static final String WORKTREE = "worktree";
    static final String COMMIT = "commit";
    static final String UNCOMMITTED = "uncommitted";
    static final String TESTS_MISSING = "testsMissing";
    static final String CHANGES_SINCE = "changesSince";

    public static final EventType<VerifyStarted> TYPE = EventType.of(
            "verify.started",
            List.of(
                    PLAN_DIGEST,
                    TIMEOUT_SECONDS,
                    COMMANDS,
                    REFUSED,
                    ENV,
                    REFUSED_ENV,
                    Truncated.FIELD,
                    WORKTREE,
                    TESTS_MISSING,
                    CHANGES_SINCE),
            VerifyStarted::read);

    /** What {@code wb status} folds: the plan and the refusals, streamed without the rest. */
    private static final PayloadFields STAGES = PayloadFields.of(
            PLAN_DIGEST,
            REFUSED + "[]." + COMMAND,
            REFUSED + "[]." + REASON,
            REFUSED_ENV + "[]." + NAME,
            REFUSED_ENV + "[]." + REASON,
            WORKTREE + "." + COMMIT,
            WORKTREE + "." + UNCOMMITTED);

    /** A command that passed the boundary: its position in the plan's verify list, its text, its runner. */
    public record Command(int index, String command, String runner) {}

    /** A command refused before anything ran, and why. */
    public record Refused(int index, String command, String reason) {}

    /** A verify_env name refused (forbidden, malformed, not a string), and why. */
    public record RefusedEnv(String name, String reason) {}

    /**
     * The working tree a run started on: HEAD's full commit id, and the number of paths that differed
     * from it (edited, staged, added or untracked, wb's own files and generated output left out).
     */
    public record Worktree(String commit, int uncommitted) {

        /** Whether the run started on exactly the commit, with nothing uncommitted beside it. */
        public boolean clean() {
            return uncommitted == 0;
        }
    }

    /**
     * The plan's {@code tests[].target}s checked against the branch's changed paths (the working tree
     * against HEAD, and every commit since {@code changesSince}, the merge base with the base branch,
     * empty when no base branch was found): {@code missing} lists the targets no changed path is, or
     * lies under, in plan order.
     */
    public record Tests(List<String> missing, String changesSince) {
        public Tests {
            missing = List.copyOf(missing);
        }
    }

    public VerifyStarted {
        commands = List.copyOf(commands);
        refused = List.copyOf(refused);
        env = List.copyOf(env);
        refusedEnv = List.copyOf(refusedEnv);
    }

    public VerifyStarted(
            String planDigest,
            int timeoutSeconds,
            List<Command> commands,
            List<Refused> refused,
            List<String> env,
            List<RefusedEnv> refusedEnv) {
        this(
                planDigest,
                timeoutSeconds,
                commands,
                refused,
                env,
                refusedEnv,
                Optional.empty(),
                Optional.empty(),
                Optional.empty());
    }

    /** This start, on the working tree given. */
    public VerifyStarted on(Optional<Worktree> tree) {
        return with(tree, tests);
    }

    /** This start, with the plan's test targets checked against the branch's changes. */
    public VerifyStarted with(Tests checked) {
        return with(worktree, Optional.of(checked));
    }

    /** This start with what was learnt of the tree since it was planned: the one copy of its plan. */
    private VerifyStarted with(Optional<Worktree> tree, Optional<Tests> checked) {
        return new VerifyStarted(
                planDigest, timeoutSeconds, commands, refused, env, refusedEnv, truncated, tree, checked);
    }

    @Override
    public EventType<VerifyStarted> eventType() {
        return TYPE;
    }

    @Override
    public ObjectNode payload() {
        ObjectNode p = CanonicalJson.objectNode();
        p.put(PLAN_DIGEST, planDigest);
        p.put(TIMEOUT_SECONDS, timeoutSeconds);
        ArrayNode commandArray = p.putArray(COMMANDS);
        commands.forEach(c -> commandArray
                .addObject()
                .put(INDEX, c.index())
                .put(COMMAND, c.command())
                .put(RUNNER, c.runner()));
        ArrayNode refusedArray = p.putArray(REFUSED);
        refused.forEach(r -> refusedArray
                .addObject()
                .put(INDEX, r.index())
                .put(COMMAND, r.command())
                .put(REASON, r.reason()));
        PayloadLists.putTexts(p, ENV, env);
        ArrayNode refusedEnvArray = p.putArray(REFUSED_ENV);
        refusedEnv.forEach(r -> refusedEnvArray.addObject().put(NAME, r.name()).put(REASON, r.reason()));
        Truncated.write(truncated, p);
        worktree.ifPresent(
                tree -> p.putObject(WORKTREE).put(COMMIT, tree.commit()).put(UNCOMMITTED, tree.uncommitted()));
        tests.ifPresent(t -> {
            PayloadLists.putTexts(p, TESTS_MISSING, t.missing());
            if (!t.changesSince().isEmpty()) {
                p.put(CHANGES_SINCE, t.changesSince());
            }
        });
        return p;
    }

    /**
     * The plan digest and the refusals only, streamed for a fold that reads no more (the commands and
     * the env names read as none, the refusals' indexes as 0).
     */
    public static VerifyStarted readStages(EventEnvelope event) {
        return read(STAGES.read(event));
    }

    private static VerifyStarted read(ObjectNode p) {
        return new VerifyStarted(
                p.path(PLAN_DIGEST).asText(),
                p.path(TIMEOUT_SECONDS).asInt(),
                PayloadLists.objects(
                        p.path(COMMANDS),
                        c -> new Command(
                                c.path(INDEX).asInt(),
                                c.path(COMMAND).asText(),
                                c.path(RUNNER).asText())),
                PayloadLists.objects(p.path(REFUSED), VerifyStarted::refused),
                PayloadLists.texts(p.path(ENV)),
                PayloadLists.objects(
                        p.path(REFUSED_ENV),
                        r -> new RefusedEnv(
                                r.path(NAME).asText(), r.path(REASON).asText())),
                Truncated.read(p),
                worktree(p.get(WORKTREE)),
                p.get(TESTS_MISSING) == null
                        ? Optional.empty()
                        : Optional.of(new Tests(
                                PayloadLists.texts(p.path(TESTS_MISSING)),
                                p.path(CHANGES_SINCE).asText(""))));
    }

    private static Optional<Worktree> worktree(JsonNode tree) {
        if (tree == null || !tree.isObject() || !tree.path(COMMIT).isTextual()) {
            return Optional.empty();
        }
        return Optional.of(
                new Worktree(tree.path(COMMIT).asText(), tree.path(UNCOMMITTED).asInt()));
    }

    private static Refused refused(JsonNode r) {
        return new Refused(
                r.path(INDEX).asInt(), r.path(COMMAND).asText(), r.path(REASON).asText());
    }
}
