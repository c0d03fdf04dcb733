package dev.wb.commands.next;

import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.git.Repositories;
import dev.wb.commands.status.Mark;
import dev.wb.commands.status.Stage;
import dev.wb.commands.status.StageRules;
import dev.wb.commands.status.StatusQuery;
import dev.wb.commands.status.StatusQuery.StreamStatus;
import dev.wb.commands.status.TaskFiles;
import dev.wb.commands.status.TaskStatus;
import dev.wb.commands.status.TaskStatus.StageStatus;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.git.GitException;
import dev.wb.git.GitRepository;
import dev.wb.projections.audit.AuditGate;
import dev.wb.projections.status.TaskStages;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code wb next}: which task to act on and its one next step, from wb's own status projection
 * ({@link StatusQuery}, {@link StageRules}); read-only. The task is chosen in the original's order:
 * the key named, a branch naming a task with history, the task touched most recently, a key read out
 * of the branch's name; none of these is exit 6. A task marked done ({@code wb task done}) reads as
 * done, and is never chosen unless named.
 */
public final class NextStep {

    /** A key's shape anywhere in a branch name, as a whole token. */
    private static final Pattern KEY_IN_BRANCH =
            Pattern.compile("(?<![A-Za-z0-9])([A-Za-z][A-Za-z0-9]*-\\d+)(?![A-Za-z0-9])");

    /** Why this task was chosen. */
    public enum Origin {
        NAMED("named"),
        BRANCH("branch"),
        MOST_RECENT("most recent");

        private final String word;

        Origin(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /** How the chosen step stands: the original's words. */
    public enum State {
        BLOCKED("blocked"),
        PENDING("pending"),
        COMPLETE("complete"),
        DONE("done");

        private final String word;

        State(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }
    }

    /**
     * The chosen task and its step.
     *
     * @param step the first stage that is not ok; empty when every stage is
     */
    public record Pick(TaskKey key, Origin origin, TaskStatus status, Optional<StageStatus> step, boolean done) {

        public State state() {
            if (done) {
                return State.DONE;
            }
            return step.map(s -> s.mark() == Mark.FAIL ? State.BLOCKED : State.PENDING)
                    .orElse(State.COMPLETE);
        }

        /** The command that moves the task on; empty when it is complete. */
        public String command() {
            return done ? "" : status.next().orElse("");
        }

        /** The original's skill for the step; empty when the task is complete. */
        public String skill() {
            return done ? "" : step.map(s -> NextStep.skill(s.stage())).orElse("");
        }
    }

    private NextStep() {}

    /** The task to act on and its step; exit 6 when nothing names one. */
    public static Pick pick(Session session, Optional<String> named) {
        if (named.isPresent()) {
            TaskKey key = Keys.task(named.get());
            return of(session, key, Origin.NAMED, new StatusQuery(session).all());
        }
        StatusQuery.WorkspaceStatus all = new StatusQuery(session).all();
        List<TaskKey> tasks = new ArrayList<>(tasksByRecency(all));
        tasks.removeIf(task -> done(session, task));
        Optional<String> branch = branch(session);
        for (TaskKey task : tasks) {
            if (branch.isPresent() && spelledIn(task.value(), branch.get())) {
                return of(session, task, Origin.BRANCH, all);
            }
        }
        if (!tasks.isEmpty()) {
            return of(session, tasks.get(0), Origin.MOST_RECENT, all);
        }
        Optional<TaskKey> parsed = branch.flatMap(NextStep::keyIn);
        if (parsed.isPresent()) {
            return of(session, parsed.get(), Origin.BRANCH, all);
        }
        throw Failure.missing(
                "no work in progress in this checkout: no task not done has history, and the branch names none",
                "wb task new KEY",
                "wb next KEY");
    }

    /** The original's skill that does a stage. */
    static String skill(Stage stage) {
        return stage.skill();
    }

    /** Whether {@code key} appears in {@code branch} as a whole token, in any letter case. */
    static boolean spelledIn(String key, String branch) {
        Pattern token =
                Pattern.compile("(?<![A-Za-z0-9])" + Pattern.quote(key) + "(?![A-Za-z0-9])", Pattern.CASE_INSENSITIVE);
        return token.matcher(branch).find();
    }

    /** The first key-shaped token of a branch name, upper-cased. */
    static Optional<TaskKey> keyIn(String branch) {
        Matcher matcher = KEY_IN_BRANCH.matcher(branch);
        return matcher.find() ? TaskKey.parse(matcher.group(1).toUpperCase(Locale.ROOT)) : Optional.empty();
    }

    private static Pick of(Session session, TaskKey key, Origin origin, StatusQuery.WorkspaceStatus all) {
        TaskStatus status = all.streams().stream()
                .filter(s -> s.task().isPresent() && s.stream().name().equals(key.value()))
                .findFirst()
                .flatMap(StreamStatus::task)
                .orElseGet(() -> StageRules.of(
                        key, TaskStages.State.EMPTY, Optional.empty(), TaskFiles.read(session.workspace(), key)));
        return new Pick(key, origin, status, status.current(), done(session, key));
    }

    /** Whether the log marks the task done ({@code wb task done}), folded by the audit projection. */
    private static boolean done(Session session, TaskKey key) {
        AuditGate.State state = AuditGate.INSTANCE.initialState();
        for (EventEnvelope event : session.reader().read(StreamId.task(key))) {
            state = AuditGate.INSTANCE.evolve(state, event);
        }
        return state.done();
    }

    /** Every task with history or a plan, the most recently active first (then by name). */
    private static List<TaskKey> tasksByRecency(StatusQuery.WorkspaceStatus all) {
        List<StreamStatus> tasks = new ArrayList<>();
        for (StreamStatus s : all.streams()) {
            if (s.task().isPresent()) {
                tasks.add(s);
            }
        }
        tasks.sort((a, b) -> {
            Instant ta = a.activity().lastTime().orElse(Instant.MIN);
            Instant tb = b.activity().lastTime().orElse(Instant.MIN);
            int byTime = tb.compareTo(ta);
            return byTime != 0 ? byTime : a.stream().name().compareTo(b.stream().name());
        });
        return tasks.stream().map(s -> new TaskKey(s.stream().name())).toList();
    }

    private static Optional<String> branch(Session session) {
        try (GitRepository git = Repositories.open(session.workspace(), session.env())) {
            return git.currentBranch();
        } catch (GitException e) {
            return Optional.empty(); // no branch to read: the other rules still choose
        }
    }
}
