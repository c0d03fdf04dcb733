package dev.wb.commands.judge.record;

import static dev.wb.commands.judge.snapshot.JudgeFixture.ENV;
import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.record.JudgeRounds.Input;
import dev.wb.commands.judge.record.JudgeRounds.Report;
import dev.wb.commands.judge.record.JudgeRounds.Round;
import dev.wb.commands.judge.record.JudgeRounds.Skipped;
import dev.wb.commands.judge.record.JudgeRounds.State;
import dev.wb.commands.judge.record.JudgeRounds.Task;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeFixture;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.engine.Digests;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.JudgeRecordRead;
import dev.wb.projections.events.judge.RecordCategory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code wb judge rounds}: the accounting as a table over records already read, then reading itself
 * (which folders, links, blocked paths, the category from real snapshots, the event once per content).
 */
class JudgeRoundsTest {

    static final String S1 = "sha256:" + "1".repeat(64);
    static final String S2 = "sha256:" + "2".repeat(64);
    static final String DIR = ".workflow/local/judge/";

    @TempDir
    Path tmp;

    // ---------------------------------------------------------------- records as data

    /** A record's JSON; {@code null} leaves a field out. */
    static ObjectNode record(String task, String verdict, String reviewedAt, String scopeDigest) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schemaVersion", 6);
        if (task != null) {
            doc.put("taskId", task);
        }
        if (verdict != null) {
            doc.put("verdict", verdict);
        }
        if (reviewedAt != null) {
            doc.put("reviewedAt", reviewedAt);
        }
        ObjectNode scope = doc.putObject("scope");
        if (scopeDigest != null) {
            scope.put("scopeDigest", scopeDigest);
        }
        scope.put("candidate", "SNAPSHOT:" + "0".repeat(20));
        doc.putArray("criteria").addObject().put("id", "AC-1").put("status", "pass");
        return doc;
    }

    static Input in(String file, ObjectNode record) {
        return in(file, record, RecordCategory.ORDINARY);
    }

    static Input in(String file, ObjectNode record, RecordCategory category) {
        return new Input(DIR + file, RecordFacts.of(CanonicalJson.bytes(record)), category);
    }

    static Report group(Input... inputs) {
        return JudgeRounds.group(List.of(inputs), List.of(), Optional.empty());
    }

    static Task task(Report report, String id) {
        return report.tasks().stream()
                .filter(t -> t.taskId().equals(id))
                .findFirst()
                .orElseThrow();
    }

    static ObjectNode approved(String at, String scope) {
        return record("TASK-1", "APPROVED", at, scope);
    }

    // ---------------------------------------------------------------- the accounting

    @Test
    void keys_sort_tickets_numerically_then_numbers_and_slugs_by_text_without_failing() {
        List<String> keys = new ArrayList<>(List.of("idea-dark-mode", "TASK-10", "123", "TASK-9", "ABC-2"));
        keys.sort(JudgeRounds::compareKeys);
        assertEquals(List.of("ABC-2", "TASK-9", "TASK-10", "123", "idea-dark-mode"), keys);
    }

    @Test
    void exact_copies_count_once_and_list_every_file() {
        ObjectNode r = approved("2026-01-01T10:00:00Z", S1);

        Report report = group(in("TASK-1/review.json", r), in("TASK-1/records/copy.json", r.deepCopy()));

        Task task = task(report, "TASK-1");
        assertEquals(1, task.rounds().size());
        Round round = task.rounds().get(0);
        assertEquals(List.of(DIR + "TASK-1/records/copy.json", DIR + "TASK-1/review.json"), round.files());
        assertFalse(round.ambiguous());
        assertEquals(Optional.of("APPROVED"), round.verdict());
        assertEquals(Optional.of(true), round.independent(), "absent independent means true");
        assertEquals(State.CLOSED, task.state());
        assertTrue(report.unknown().isEmpty());
    }

    static Stream<Arguments> conflicting_copies() {
        ObjectNode base = approved("2026-01-01T10:00:00Z", S1);
        ObjectNode verdict = base.deepCopy().put("verdict", "NEEDS_CHANGES");
        ObjectNode independence = base.deepCopy().put("independent", false);
        ObjectNode criteria = base.deepCopy();
        criteria.putArray("criteria").addObject().put("id", "AC-1").put("status", "fail");
        ObjectNode summaryOnly = base.deepCopy().put("summary", "worded differently");
        return Stream.of(
                Arguments.of("verdict", verdict, true, Optional.empty(), Optional.of(true), "verdict"),
                Arguments.of(
                        "independence", independence, true, Optional.of("APPROVED"), Optional.empty(), "independence"),
                Arguments.of(
                        "criteria", criteria, true, Optional.of("APPROVED"), Optional.of(true), "criterion statuses"),
                Arguments.of("other fields", summaryOnly, false, Optional.of("APPROVED"), Optional.of(true), null));
    }

    @ParameterizedTest(name = "differing in {0}")
    @MethodSource
    void conflicting_copies(
            String what,
            ObjectNode other,
            boolean ambiguous,
            Optional<String> verdict,
            Optional<Boolean> independent,
            String reason) {
        Report report = group(in("TASK-1/a.json", approved("2026-01-01T10:00:00Z", S1)), in("TASK-1/b.json", other));

        Task task = task(report, "TASK-1");
        assertEquals(1, task.rounds().size(), "one pair, one round");
        Round round = task.rounds().get(0);
        assertEquals(ambiguous, round.ambiguous());
        assertEquals(verdict, round.verdict());
        assertEquals(independent, round.independent());
        assertEquals(List.of(DIR + "TASK-1/a.json", DIR + "TASK-1/b.json"), round.files());
        if (ambiguous) {
            assertEquals(State.UNKNOWN, task.state());
            assertEquals(1, report.unknown().size());
            assertEquals(round.files(), report.unknown().get(0).files());
            assertEquals(Optional.of("TASK-1"), report.unknown().get(0).taskId());
            assertTrue(
                    report.unknown().get(0).reason().contains(reason),
                    report.unknown().get(0).reason());
        } else {
            assertEquals(State.CLOSED, task.state());
            assertTrue(report.unknown().isEmpty());
        }
    }

    @Test
    void equal_instants_with_different_offsets_are_one_round() {
        Report report = group(
                in("TASK-1/a.json", approved("2026-01-01T10:00:00Z", S1)),
                in("TASK-1/b.json", approved("2026-01-01T12:00:00+02:00", S1)),
                in("TASK-1/c.json", approved("2026-01-01T05:00:00.000-05:00", S1)));

        Task task = task(report, "TASK-1");
        assertEquals(1, task.rounds().size());
        assertEquals(Instant.parse("2026-01-01T10:00:00Z"), task.rounds().get(0).reviewedAt());
        assertEquals(3, task.rounds().get(0).files().size());
        assertEquals(
                "2026-01-01T10:00:00Z",
                report.toJson()
                        .get("tasks")
                        .get(0)
                        .get("rounds")
                        .get(0)
                        .get("reviewedAt")
                        .asText());
    }

    static Stream<Arguments> uncountable() {
        return Stream.of(
                Arguments.of("no reviewedAt", approved(null, S1), "no reviewedAt"),
                Arguments.of("unparseable reviewedAt", approved("yesterday", S1), "unparseable reviewedAt (yesterday)"),
                Arguments.of("local time without offset", approved("2026-01-01T10:00:00", S1), "unparseable"),
                Arguments.of("no scopeDigest", approved("2026-01-02T10:00:00Z", null), "no valid scopeDigest"),
                Arguments.of(
                        "malformed scopeDigest",
                        approved("2026-01-02T10:00:00Z", "sha256:xyz"),
                        "no valid scopeDigest"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void uncountable(String what, ObjectNode bad, String reason) {
        Report report = group(in("TASK-1/a.json", approved("2026-01-01T10:00:00Z", S1)), in("TASK-1/bad.json", bad));

        Task task = task(report, "TASK-1");
        assertEquals(1, task.rounds().size(), "the uncountable record is not counted");
        assertEquals(State.UNKNOWN, task.state(), "it can hide a round");
        assertEquals(1, report.unknown().size());
        assertEquals(List.of(DIR + "TASK-1/bad.json"), report.unknown().get(0).files());
        assertTrue(
                report.unknown().get(0).reason().contains(reason),
                report.unknown().get(0).reason());
        assertEquals(0, report.closed().taskCount(), "an unknown task is in neither group");
    }

    static Stream<Arguments> skipped() {
        return Stream.of(
                Arguments.of("no taskId", record(null, "APPROVED", "2026-01-01T10:00:00Z", S1), "no valid taskId"),
                Arguments.of(
                        "malformed taskId",
                        record("task 7", "APPROVED", "2026-01-01T10:00:00Z", S1),
                        "no valid taskId"),
                Arguments.of("no verdict", record("TASK-1", null, "2026-01-01T10:00:00Z", S1), "no valid verdict"),
                Arguments.of(
                        "unknown verdict", record("TASK-1", "LGTM", "2026-01-01T10:00:00Z", S1), "no valid verdict"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void skipped(String what, ObjectNode bad, String reason) {
        Report report = group(in("TASK-1/bad.json", bad));

        assertEquals(
                List.of(new Skipped(
                        DIR + "TASK-1/bad.json",
                        reason + (reason.contains("verdict") ? " (APPROVED, NEEDS_CHANGES or BLOCKED)" : ""))),
                report.skipped());
        assertTrue(report.tasks().isEmpty());
        assertTrue(report.unknown().isEmpty());
    }

    static Stream<Arguments> states() {
        return Stream.of(
                Arguments.of("one approval", List.of(approved("2026-01-01T10:00:00Z", S1)), State.CLOSED, 1),
                Arguments.of(
                        "changes, then approval",
                        List.of(
                                record("TASK-1", "NEEDS_CHANGES", "2026-01-01T10:00:00Z", S1),
                                approved("2026-01-02T10:00:00Z", S2)),
                        State.CLOSED,
                        2),
                Arguments.of(
                        "approval, then blocked",
                        List.of(
                                approved("2026-01-01T10:00:00Z", S1),
                                record("TASK-1", "BLOCKED", "2026-01-02T10:00:00Z", S2)),
                        State.OPEN,
                        2),
                Arguments.of(
                        "latest needs changes",
                        List.of(record("TASK-1", "NEEDS_CHANGES", "2026-01-03T10:00:00Z", S1)),
                        State.OPEN,
                        1),
                Arguments.of(
                        "latest instant, conflicting verdicts over two scopes",
                        List.of(
                                approved("2026-01-02T10:00:00Z", S1),
                                record("TASK-1", "NEEDS_CHANGES", "2026-01-02T10:00:00Z", S2)),
                        State.UNKNOWN,
                        2),
                Arguments.of(
                        "latest instant, agreeing verdicts over two scopes",
                        List.of(approved("2026-01-02T10:00:00Z", S1), approved("2026-01-02T10:00:00Z", S2)),
                        State.CLOSED,
                        2),
                Arguments.of(
                        "latest round ambiguous",
                        List.of(
                                approved("2026-01-01T10:00:00Z", S1),
                                approved("2026-01-02T10:00:00Z", S2),
                                approved("2026-01-02T10:00:00Z", S2).put("independent", false)),
                        State.UNKNOWN,
                        2),
                Arguments.of(
                        "an earlier ambiguous round",
                        List.of(
                                record("TASK-1", "NEEDS_CHANGES", "2026-01-01T10:00:00Z", S1),
                                record("TASK-1", "BLOCKED", "2026-01-01T10:00:00Z", S1),
                                approved("2026-01-02T10:00:00Z", S2)),
                        State.CLOSED,
                        2),
                Arguments.of("only an uncountable record", List.of(approved(null, S1)), State.UNKNOWN, 0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource
    void states(String what, List<ObjectNode> records, State state, int rounds) {
        List<Input> inputs = new ArrayList<>();
        for (int i = 0; i < records.size(); i++) {
            inputs.add(in("TASK-1/r" + i + ".json", records.get(i)));
        }

        Task task = task(JudgeRounds.group(inputs, List.of(), Optional.empty()), "TASK-1");

        assertEquals(state, task.state());
        assertEquals(rounds, task.rounds().size());
    }

    @Test
    void the_groups_count_tasks_and_rounds_and_an_empty_group_has_null_mean_and_max() {
        Report report = group(
                in("TASK-1/a.json", approved("2026-01-01T10:00:00Z", S1)),
                in("TASK-2/a.json", record("TASK-2", "NEEDS_CHANGES", "2026-01-01T10:00:00Z", S1)),
                in("TASK-2/b.json", record("TASK-2", "APPROVED", "2026-01-02T10:00:00Z", S2)),
                in("TASK-10/a.json", record("TASK-10", "APPROVED", "2026-01-02T10:00:00Z", S2)));

        assertEquals(
                List.of("TASK-1", "TASK-2", "TASK-10"),
                report.tasks().stream().map(Task::taskId).toList());
        JsonNode json = report.toJson();
        assertEquals(List.of("tasks", "closed", "open", "unknown", "skipped"), names(json));
        assertEquals(3, json.get("closed").get("taskCount").asInt());
        assertEquals(4, json.get("closed").get("roundCount").asInt());
        assertEquals(4.0 / 3, json.get("closed").get("mean").asDouble(), 1e-9);
        assertEquals(2, json.get("closed").get("max").asInt());
        assertEquals(0, json.get("open").get("taskCount").asInt());
        assertEquals(0, json.get("open").get("roundCount").asInt());
        assertTrue(json.get("open").get("mean").isNull());
        assertTrue(json.get("open").get("max").isNull());
        JsonNode round = json.get("tasks").get(0).get("rounds").get(0);
        assertEquals(
                List.of("reviewedAt", "scopeDigest", "verdict", "independent", "category", "ambiguous", "files"),
                names(round));
        assertEquals(
                List.of("taskId", "state", "rounds"), names(json.get("tasks").get(0)));
    }

    @Test
    void the_task_filter_applies_before_the_counts() {
        List<Input> inputs = List.of(
                in("TASK-1/a.json", approved("2026-01-01T10:00:00Z", S1)),
                in("TASK-2/a.json", record("TASK-2", "BLOCKED", "2026-01-01T10:00:00Z", S1)),
                in("TASK-2/bad.json", record("TASK-2", "BLOCKED", null, S1)),
                in("TASK-1/broken.json", record(null, "BLOCKED", null, S1)));
        List<Skipped> scanned = List.of(
                new Skipped(DIR + "snapshots", "a folder not read"),
                new Skipped(DIR + "TASK-1/nested", "a folder not read"),
                new Skipped(DIR + "TASK-2/nested", "a folder not read"));

        Report report = JudgeRounds.group(inputs, scanned, Optional.of(new TaskKey("TASK-2")));

        assertEquals(
                List.of("TASK-2"), report.tasks().stream().map(Task::taskId).toList());
        assertEquals(0, report.closed().taskCount());
        assertEquals(0, report.open().taskCount(), "TASK-2 is unknown: it has an uncountable record");
        assertEquals(1, report.unknown().size());
        assertEquals(
                List.of(DIR + "TASK-2/nested", DIR + "snapshots"),
                report.skipped().stream().map(Skipped::file).toList(),
                "other tasks' folders are left out");
    }

    @Test
    void copies_whose_categories_disagree_have_an_unknown_category() {
        ObjectNode r = approved("2026-01-01T10:00:00Z", S1);
        ObjectNode other = r.deepCopy();
        ((ObjectNode) other.get("scope")).put("candidate", "SNAPSHOT:" + "1".repeat(20));

        Report report = group(
                in("TASK-1/a.json", r, RecordCategory.ORDINARY), in("TASK-1/b.json", other, RecordCategory.CATCH_UP));

        Round round = task(report, "TASK-1").rounds().get(0);
        assertEquals(RecordCategory.UNKNOWN, round.category());
        assertFalse(round.ambiguous(), "the candidate is not part of what makes a round ambiguous");
    }

    static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            names.add(it.next());
        }
        return names;
    }

    // ---------------------------------------------------------------- reading

    JudgeFixture fx;

    Path write(String relative, ObjectNode record) throws IOException {
        return write(relative, CanonicalJson.text(record, true));
    }

    Path write(String relative, String text) throws IOException {
        Path file = fx.repo.resolve(DIR + relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    Report report(Optional<TaskKey> only) {
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            return JudgeRounds.report(session, only);
        }
    }

    List<EventEnvelope> reads(String task) {
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            return session.reader().read(StreamId.task(new TaskKey(task))).stream()
                    .filter(e -> e.type().equals(JudgeRecordRead.TYPE.name()))
                    .toList();
        }
    }

    /** Every file under the judge folder, with its bytes and modification time. */
    Map<String, String> judgeTree() throws IOException {
        Map<String, String> tree = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(fx.repo.resolve(DIR))) {
            for (Path p : walk.toList()) {
                String attrs =
                        Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toString();
                if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)) {
                    attrs += " " + Digests.sha256(Files.readAllBytes(p));
                }
                tree.put(fx.repo.root().relativize(p).toString(), attrs);
            }
        }
        return tree;
    }

    @Test
    void reading_enters_only_task_folders_and_their_records_and_follows_no_link() throws IOException {
        fx = JudgeFixture.create(tmp);
        write("TASK-1/review.json", approved("2026-01-01T10:00:00Z", S1));
        write("TASK-1/records/2.json", approved("2026-01-02T10:00:00Z", S2));
        write("TASK-1/records/deeper/3.json", approved("2026-01-03T10:00:00Z", S1));
        write("TASK-1/notes/4.json", approved("2026-01-04T10:00:00Z", S1));
        write("snapshots/x/snapshot.json", approved("2026-01-05T10:00:00Z", S1));
        write("snapshots/y/record.json", approved("2026-01-05T10:00:00Z", S1));
        write("archive/old.json", approved("2026-01-06T10:00:00Z", S1));
        write("top.json", approved("2026-01-07T10:00:00Z", S2));
        write("notes.txt", "not a record\n");
        Path outside = tmp.resolve("outside");
        Files.createDirectories(outside);
        Files.writeString(
                outside.resolve("r.json"),
                CanonicalJson.text(record("TASK-3", "APPROVED", "2026-01-01T10:00:00Z", S1), true));
        Files.createSymbolicLink(fx.repo.resolve(DIR + "TASK-1/link.json"), outside.resolve("r.json"));
        Files.createSymbolicLink(fx.repo.resolve(DIR + "TASK-3"), outside);
        Map<String, String> before = judgeTree();

        Report report = report(Optional.empty());

        Task task = task(report, "TASK-1");
        assertEquals(
                List.of(DIR + "TASK-1/records/2.json", DIR + "TASK-1/review.json", DIR + "top.json"),
                task.rounds().stream().flatMap(r -> r.files().stream()).sorted().toList());
        assertEquals(
                List.of("TASK-1"), report.tasks().stream().map(Task::taskId).toList(), "TASK-3 is a link");
        assertEquals(
                List.of(
                        new Skipped(DIR + "TASK-1/link.json", "a symbolic link, not followed"),
                        new Skipped(DIR + "TASK-1/notes", RoundsFolder.REASON),
                        new Skipped(DIR + "TASK-1/records/deeper", RoundsFolder.REASON),
                        new Skipped(DIR + "TASK-3", "a symbolic link, not followed"),
                        new Skipped(DIR + "archive", RoundsFolder.REASON),
                        new Skipped(DIR + "notes.txt", "not a JSON object: no valid taskId"),
                        new Skipped(DIR + "snapshots", RoundsFolder.REASON)),
                report.skipped(),
                "each other folder is one entry, its contents unlisted");
        assertEquals(before, judgeTree(), "nothing under the judge folder was written, renamed or deleted");
    }

    /** The reason a folder not read is given (kept here once so the table above reads). */
    static final class RoundsFolder {
        static final String REASON = "a folder not read: records are read only directly under .workflow/local/judge/,"
                + " <KEY>/ and <KEY>/records/";
    }

    @Test
    void a_blocked_file_is_skipped_unread() throws IOException {
        fx = JudgeFixture.create(tmp);
        fx.repo.write(".workflow/policy.json", "{\"blockedReadPatterns\": [\"secret-*.json\"]}");
        write("TASK-1/review.json", approved("2026-01-01T10:00:00Z", S1));
        Path secret = write("TASK-1/secret-review.json", approved("2026-01-02T10:00:00Z", S2));
        String secretDigest = RecordFacts.of(Files.readAllBytes(secret)).digest();

        Report report = report(Optional.empty());

        assertEquals(
                List.of(new Skipped(DIR + "TASK-1/secret-review.json", "blocked by policy.json")), report.skipped());
        assertEquals(1, task(report, "TASK-1").rounds().size());
        assertTrue(
                reads("TASK-1").stream()
                        .noneMatch(e ->
                                e.payload().json().path("recordDigest").asText().equals(secretDigest)),
                "a blocked record never reaches the log");
    }

    @Test
    void reading_twice_appends_no_second_record_read_event() throws IOException {
        fx = JudgeFixture.create(tmp);
        write("TASK-1/review.json", approved("2026-01-01T10:00:00Z", S1));
        write("TASK-1/records/copy.json", approved("2026-01-01T10:00:00Z", S1));
        write("TASK-1/records/next.json", approved("2026-01-02T10:00:00Z", S2));
        write("TASK-1/records/no-task.json", record(null, "APPROVED", "2026-01-02T10:00:00Z", S2));

        Report first = report(Optional.empty());
        List<EventEnvelope> once = reads("TASK-1");
        Report second = report(Optional.empty());

        assertEquals(2, once.size(), "one event per record content: the copy adds none");
        assertEquals(once.size(), reads("TASK-1").size());
        assertEquals(first, second);
        assertEquals(
                DIR + "TASK-1/review.json",
                once.get(0).payload().json().path("file").asText());
    }

    @Test
    void the_task_filter_reads_only_what_it_reports() throws IOException {
        fx = JudgeFixture.create(tmp);
        write("TASK-1/review.json", approved("2026-01-01T10:00:00Z", S1));
        write("TASK-2/review.json", record("TASK-2", "BLOCKED", "2026-01-01T10:00:00Z", S1));
        write("TASK-2/junk", "junk");

        Report report = report(Optional.of(new TaskKey("TASK-1")));

        assertEquals(
                List.of("TASK-1"), report.tasks().stream().map(Task::taskId).toList());
        assertEquals(1, report.closed().taskCount());
        assertEquals(0, report.open().taskCount());
        assertTrue(report.skipped().isEmpty(), report.skipped().toString());
    }

    @Test
    void no_judge_folder_is_an_empty_report() {
        fx = JudgeFixture.create(tmp);

        Report report = report(Optional.empty());

        assertTrue(report.tasks().isEmpty());
        assertEquals(0, report.closed().roundCount());
        assertTrue(report.closed().mean().isEmpty());
    }

    @Test
    void the_category_comes_from_the_candidate_snapshots_metadata() throws IOException {
        fx = JudgeFixture.create(tmp).capsule(TASK, "true\n");
        fx.repo.write("src/App.java", "class App { int x; }\n");
        Snapshot parent = fx.snapshot("main", false).snapshot();
        String receipt;
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            receipt = JudgeRun.run(
                            session,
                            new JudgeRun.Request(TASK, parent.id(), List.of("true"), false, false, Optional.empty()),
                            ENV,
                            Clock.systemUTC(),
                            Timings.OFF,
                            JudgeRun.Progress.NONE)
                    .receipt()
                    .orElseThrow()
                    .digest();
        }
        ObjectNode first = fullRecord(parent, "2026-11-30T10:00:00Z");
        Path parentRecord = write("TASK-1/review.json", first);
        fx.repo.write("src/App.java", "class App { int x; int y; }\n");
        Snapshot child = CatchUpCapture.capture(
                        fx.workspace(),
                        new CatchUpCapture.Request(
                                TASK, parentRecord, Optional.of(receipt), List.of(), false, Optional.empty()),
                        ENV,
                        Clock.systemUTC(),
                        Timings.OFF)
                .snapshot();
        write("TASK-1/records/catch-up.json", fullRecord(child, "2026-12-01T10:00:00Z"));
        write("TASK-1/records/worktree.json", approved("2026-12-02T10:00:00Z", S1));

        Report report = report(Optional.empty());

        List<Round> rounds = task(report, "TASK-1").rounds();
        assertEquals(
                List.of(RecordCategory.ORDINARY, RecordCategory.CATCH_UP, RecordCategory.UNKNOWN),
                rounds.stream().map(Round::category).toList());
        assertEquals(State.CLOSED, task(report, "TASK-1").state());
        assertEquals(
                List.of("ordinary", "catch-up", "unknown"),
                reads("TASK-1").stream()
                        .map(e -> e.payload().json().path("category").asText())
                        .toList());
    }

    ObjectNode fullRecord(Snapshot snapshot, String at) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schemaVersion", 6);
        doc.put("taskId", TASK.value());
        doc.set(
                "scope",
                fx.scope(snapshot.base(), new Candidate.Snapshot(snapshot.id())).toJson());
        doc.put("verdict", "APPROVED");
        doc.putArray("tests").addObject().put("command", "true").put("status", "passed");
        doc.putArray("criteria")
                .addObject()
                .put("id", "AC-1")
                .put("status", "pass")
                .put("evidence", "App has x");
        doc.putArray("observations");
        doc.put("reviewedAt", at);
        return doc;
    }
}
