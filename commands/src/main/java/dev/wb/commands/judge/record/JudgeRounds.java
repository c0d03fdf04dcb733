package dev.wb.commands.judge.record;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.judge.core.ScopeShape;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.RecordCategory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * {@code wb judge rounds}: review rounds counted from the local records. One round is one distinct
 * (reviewedAt as a UTC instant, scopeDigest) pair within a task; exact copies count once and list
 * every file; records sharing a pair that differ in verdict, independence or criterion statuses are
 * one ambiguous round. A record without a parseable instant or a valid scope digest is not counted
 * and makes its task unknown, since it can hide a round. This is an accounting rule, not a log of
 * runs: two runs with identical evidence cannot be told apart.
 *
 * <p>{@link #report} reads ({@link RoundsScan}); {@link #group} is the pure accounting over what was
 * read. Reading writes, renames and deletes no record: its only write is wb's own
 * {@code judge.record.read} event, once per record content.
 */
public final class JudgeRounds {

    private JudgeRounds() {}

    /** A record file read: where (relative to the repository), what it says, its snapshot category. */
    public record Input(String file, RecordFacts facts, RecordCategory category) {}

    public record Round(
            Instant reviewedAt,
            String scopeDigest,
            Optional<String> verdict,
            Optional<Boolean> independent,
            RecordCategory category,
            boolean ambiguous,
            List<String> files) {}

    public enum State {
        CLOSED,
        OPEN,
        UNKNOWN;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public record Task(String taskId, State state, List<Round> rounds) {}

    /** The closed or open tasks: how many, their rounds, mean and max rounds per task (empty when none). */
    public record Group(int taskCount, int roundCount, OptionalDouble mean, OptionalInt max) {}

    /** Records that could hide or blur a round: uncountable ones, and every file of an ambiguous round. */
    public record Unknown(Optional<String> taskId, List<String> files, String reason) {}

    public record Skipped(String file, String reason) {}

    public record Report(List<Task> tasks, Group closed, Group open, List<Unknown> unknown, List<Skipped> skipped) {

        /** Exactly the seed's top-level fields: tasks, closed, open, unknown, skipped. */
        public ObjectNode toJson() {
            ObjectNode doc = CanonicalJson.objectNode();
            ArrayNode taskList = doc.putArray("tasks");
            for (Task task : tasks) {
                ObjectNode t = taskList.addObject();
                t.put("taskId", task.taskId());
                t.put("state", task.state().label());
                ArrayNode rounds = t.putArray("rounds");
                for (Round round : task.rounds()) {
                    ObjectNode r = rounds.addObject();
                    r.put("reviewedAt", round.reviewedAt().toString());
                    r.put("scopeDigest", round.scopeDigest());
                    round.verdict().ifPresentOrElse(v -> r.put("verdict", v), () -> r.putNull("verdict"));
                    round.independent().ifPresentOrElse(v -> r.put("independent", v), () -> r.putNull("independent"));
                    r.put("category", round.category().wireName());
                    r.put("ambiguous", round.ambiguous());
                    round.files().forEach(r.putArray("files")::add);
                }
            }
            doc.set("closed", group(closed));
            doc.set("open", group(open));
            ArrayNode unknownList = doc.putArray("unknown");
            for (Unknown u : unknown) {
                ObjectNode n = unknownList.addObject();
                u.taskId().ifPresentOrElse(id -> n.put("taskId", id), () -> n.putNull("taskId"));
                u.files().forEach(n.putArray("files")::add);
                n.put("reason", u.reason());
            }
            ArrayNode skippedList = doc.putArray("skipped");
            for (Skipped s : skipped) {
                skippedList.addObject().put("file", s.file()).put("reason", s.reason());
            }
            return doc;
        }

        private static ObjectNode group(Group group) {
            ObjectNode n = CanonicalJson.objectNode();
            n.put("taskCount", group.taskCount());
            n.put("roundCount", group.roundCount());
            group.mean().ifPresentOrElse(m -> n.put("mean", m), () -> n.putNull("mean"));
            group.max().ifPresentOrElse(m -> n.put("max", m), () -> n.putNull("max"));
            return n;
        }
    }

    /**
     * Reads every record under {@code .workflow/local/judge/} (see {@link RoundsScan}), appends
     * {@code judge.record.read} for each with a valid task (once per content), and counts.
     *
     * @param only the task filter, applied before the counts
     */
    public static Report report(Session session, Optional<TaskKey> only) {
        ReadPolicy policy = ReadPolicy.load(session.workspace());
        RoundsScan.Result scan =
                RoundsScan.scan(session.workspace(), policy, (file, facts) -> RecordLog.noteRead(session, file, facts));
        return group(scan.inputs(), scan.skipped(), only);
    }

    /**
     * The accounting, over records already read: pure, so it is table-tested without files.
     *
     * @param skipped files already set aside while reading; records without a valid task or verdict
     *     are added to them here
     * @param only the task filter: other tasks' records, and what was skipped inside other tasks'
     *     folders, are left out before anything is counted
     */
    public static Report group(List<Input> inputs, List<Skipped> skipped, Optional<TaskKey> only) {
        List<Skipped> allSkipped = new ArrayList<>(skipped);
        Sorted sorted = Sorted.of(inputs, allSkipped, only);
        List<Task> tasks = new ArrayList<>();
        List<Unknown> unknown = new ArrayList<>();
        for (String taskId : sorted.taskIds()) {
            tasks.add(task(taskId, sorted, unknown));
        }
        if (only.isPresent()) {
            allSkipped.removeIf(s -> !belongsTo(s.file(), only.get()));
        }
        allSkipped.sort(Comparator.comparing(Skipped::file).thenComparing(Skipped::reason));
        return new Report(
                List.copyOf(tasks),
                summary(tasks, State.CLOSED),
                summary(tasks, State.OPEN),
                List.copyOf(unknown),
                List.copyOf(allSkipped));
    }

    /**
     * The records of each task: those that can be counted by their round (reviewedAt and scopeDigest),
     * the others by why they cannot.
     */
    private record Sorted(
            Map<String, Map<Pair, List<Input>>> countable, Map<String, Map<String, List<Input>>> uncountable) {

        /** Sorts {@code inputs}, adding to {@code skipped} those without a valid task or verdict. */
        static Sorted of(List<Input> inputs, List<Skipped> skipped, Optional<TaskKey> only) {
            Sorted sorted =
                    new Sorted(new TreeMap<>(JudgeRounds::compareKeys), new TreeMap<>(JudgeRounds::compareKeys));
            for (Input input : inputs) {
                RecordFacts facts = input.facts();
                if (facts.taskId().isEmpty()) {
                    skipped.add(new Skipped(input.file(), "no valid taskId"));
                    continue;
                }
                String task = facts.taskId().get().value();
                if (only.isPresent() && !only.get().value().equals(task)) {
                    continue;
                }
                if (facts.verdict().isEmpty()) {
                    skipped.add(new Skipped(input.file(), "no valid verdict (APPROVED, NEEDS_CHANGES or BLOCKED)"));
                    continue;
                }
                sorted.add(task, input);
            }
            return sorted;
        }

        private void add(String task, Input input) {
            RecordFacts facts = input.facts();
            if (facts.reviewedInstant().isEmpty() || facts.scopeDigest().isEmpty()) {
                uncountable
                        .computeIfAbsent(task, t -> new TreeMap<>())
                        .computeIfAbsent(uncountableReason(facts), r -> new ArrayList<>())
                        .add(input);
                return;
            }
            countable
                    .computeIfAbsent(task, t -> new TreeMap<>())
                    .computeIfAbsent(
                            new Pair(
                                    facts.reviewedInstant().get(),
                                    facts.scopeDigest().get()),
                            p -> new ArrayList<>())
                    .add(input);
        }

        Set<String> taskIds() {
            Set<String> taskIds = new TreeSet<>(JudgeRounds::compareKeys);
            taskIds.addAll(countable.keySet());
            taskIds.addAll(uncountable.keySet());
            return taskIds;
        }
    }

    /** One task's rounds and state; what cannot be counted in it is added to {@code unknown}. */
    private static Task task(String taskId, Sorted sorted, List<Unknown> unknown) {
        List<Round> rounds = new ArrayList<>();
        sorted.countable().getOrDefault(taskId, Map.of()).forEach((pair, records) -> {
            Round round = round(pair, records);
            rounds.add(round);
            if (round.ambiguous()) {
                unknown.add(new Unknown(
                        Optional.of(taskId),
                        round.files(),
                        "records share reviewedAt "
                                + round.reviewedAt() + " and scopeDigest " + round.scopeDigest() + " but differ in "
                                + differences(records) + ": one ambiguous round"));
            }
        });
        Map<String, List<Input>> hidden = sorted.uncountable().getOrDefault(taskId, Map.of());
        hidden.forEach(
                (reason, records) -> unknown.add(new Unknown(Optional.of(taskId), sortedFiles(records), reason)));
        return new Task(taskId, state(rounds, !hidden.isEmpty()), List.copyOf(rounds));
    }

    private record Pair(Instant instant, String scopeDigest) implements Comparable<Pair> {
        @Override
        public int compareTo(Pair other) {
            int byInstant = instant.compareTo(other.instant);
            return byInstant != 0 ? byInstant : scopeDigest.compareTo(other.scopeDigest);
        }
    }

    private static String uncountableReason(RecordFacts facts) {
        List<String> missing = new ArrayList<>();
        if (facts.reviewedInstant().isEmpty()) {
            missing.add(
                    facts.reviewedAt().isPresent()
                            ? "an unparseable reviewedAt (" + facts.reviewedAt().get() + ")"
                            : "no reviewedAt");
        }
        if (facts.scopeDigest().isEmpty()) {
            missing.add("no valid scopeDigest");
        }
        return "the record has " + String.join(" and ", missing)
                + ": it is not counted, and it makes its task unknown because it can hide a round";
    }

    private static Round round(Pair pair, List<Input> records) {
        Set<String> verdicts = new LinkedHashSet<>();
        Set<Optional<Boolean>> independence = new LinkedHashSet<>();
        Set<Map<String, String>> criteria = new LinkedHashSet<>();
        Set<RecordCategory> categories = new LinkedHashSet<>();
        for (Input input : records) {
            verdicts.add(input.facts().verdict().orElseThrow());
            independence.add(input.facts().independent());
            criteria.add(input.facts().criteria());
            categories.add(input.category());
        }
        boolean ambiguous = verdicts.size() > 1 || independence.size() > 1 || criteria.size() > 1;
        return new Round(
                pair.instant(),
                pair.scopeDigest(),
                verdicts.size() == 1 ? Optional.of(verdicts.iterator().next()) : Optional.empty(),
                independence.size() == 1 ? independence.iterator().next() : Optional.empty(),
                categories.size() == 1 ? categories.iterator().next() : RecordCategory.UNKNOWN,
                ambiguous,
                sortedFiles(records));
    }

    private static String differences(List<Input> records) {
        List<String> what = new ArrayList<>();
        if (records.stream().map(r -> r.facts().verdict()).distinct().count() > 1) {
            what.add("verdict");
        }
        if (records.stream().map(r -> r.facts().independent()).distinct().count() > 1) {
            what.add("independence");
        }
        if (records.stream().map(r -> r.facts().criteria()).distinct().count() > 1) {
            what.add("criterion statuses");
        }
        return String.join(", ", what);
    }

    private static State state(List<Round> rounds, boolean hiddenRound) {
        if (hiddenRound || rounds.isEmpty()) {
            return State.UNKNOWN;
        }
        Instant latest = rounds.stream()
                .map(Round::reviewedAt)
                .max(Comparator.naturalOrder())
                .orElseThrow();
        List<Round> last =
                rounds.stream().filter(r -> r.reviewedAt().equals(latest)).toList();
        if (last.stream().anyMatch(Round::ambiguous)) {
            return State.UNKNOWN;
        }
        Set<String> verdicts = new TreeSet<>();
        last.forEach(r -> verdicts.add(r.verdict().orElseThrow()));
        if (verdicts.size() != 1) {
            return State.UNKNOWN;
        }
        return verdicts.contains("APPROVED") ? State.CLOSED : State.OPEN;
    }

    private static Group summary(List<Task> tasks, State state) {
        List<Task> members = tasks.stream().filter(t -> t.state() == state).toList();
        int roundCount = members.stream().mapToInt(t -> t.rounds().size()).sum();
        if (members.isEmpty()) {
            return new Group(0, 0, OptionalDouble.empty(), OptionalInt.empty());
        }
        return new Group(
                members.size(),
                roundCount,
                OptionalDouble.of((double) roundCount / members.size()),
                members.stream().mapToInt(t -> t.rounds().size()).max());
    }

    private static List<String> sortedFiles(List<Input> records) {
        return records.stream().map(Input::file).distinct().sorted().toList();
    }

    /**
     * Whether a skipped path may concern {@code key}: anything except another task's folder
     * ({@code .workflow/local/judge/<OTHER>}) and what lies inside it.
     */
    static boolean belongsTo(String file, TaskKey key) {
        String prefix = RoundsScan.JUDGE_DIR + "/";
        if (!file.startsWith(prefix)) {
            return true;
        }
        String rest = file.substring(prefix.length());
        int slash = rest.indexOf('/');
        String first = slash < 0 ? rest : rest.substring(0, slash);
        Optional<TaskKey> owner = TaskKey.parse(first);
        return owner.isEmpty() || owner.get().equals(key);
    }

    /**
     * Task keys by their letters, then numerically: TASK-9 before TASK-10; a key of another shape (a bare
     * number, an {@code idea-} slug) after every ticket, by its text.
     */
    static int compareKeys(String a, String b) {
        boolean ticketA = ScopeShape.TASK_ID.matcher(a).matches();
        boolean ticketB = ScopeShape.TASK_ID.matcher(b).matches();
        if (ticketA != ticketB) {
            return ticketA ? -1 : 1;
        }
        if (!ticketA) {
            return a.compareTo(b);
        }
        int da = a.lastIndexOf('-');
        int db = b.lastIndexOf('-');
        int byPrefix = a.substring(0, da).compareTo(b.substring(0, db));
        if (byPrefix != 0) {
            return byPrefix;
        }
        String na = a.substring(da + 1).replaceFirst("^0+(?=.)", "");
        String nb = b.substring(db + 1).replaceFirst("^0+(?=.)", "");
        int byLength = Integer.compare(na.length(), nb.length());
        if (byLength != 0) {
            return byLength;
        }
        int byNumber = na.compareTo(nb);
        return byNumber != 0 ? byNumber : a.compareTo(b);
    }
}
