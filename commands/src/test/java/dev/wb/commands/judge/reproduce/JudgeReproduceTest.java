package dev.wb.commands.judge.reproduce;

import static dev.wb.commands.judge.snapshot.JudgeFixture.ENV;
import static dev.wb.commands.judge.snapshot.JudgeFixture.TASK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.judge.core.Timings;
import dev.wb.commands.judge.run.CommandApprovals;
import dev.wb.commands.judge.run.JudgeRun;
import dev.wb.commands.judge.snapshot.Candidate;
import dev.wb.commands.judge.snapshot.JudgeFixture;
import dev.wb.commands.judge.snapshot.Snapshot;
import dev.wb.commands.judge.snapshot.SnapshotCapture;
import dev.wb.commands.judge.snapshot.Snapshots;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.TestEvents;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.judge.JudgeReproduced;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb judge reproduce}: a generator landed and reviewed as TASK-1 (a shell script, validated and
 * approved by a record made the way a judge's is), then declared under {@code ## Migration} by TASK-2,
 * whose snapshot holds the generated change. Real repositories, real processes.
 */
class JudgeReproduceTest {

    static final TaskKey MIGRATION = new TaskKey("TASK-2");
    static final String COMMAND = "sh \"$WB_GENERATOR_ROOT/tools/gen.sh\"";
    static final String REVIEW = ".workflow/local/judge/TASK-1/review.json";

    @TempDir
    Path tmp;

    JudgeFixture fx;
    String generator;
    String receiptDigest;

    /**
     * The base holds data/config.txt (version=1) and data/other.txt; TASK-1 adds tools/gen.sh with
     * {@code script}, is captured, validated, approved, and landed on main.
     */
    void landGenerator(String script) {
        landGenerator(script, true, false);
    }

    void landGenerator(String script, boolean pinReceipt, boolean onSideBranch) {
        fx = JudgeFixture.create(tmp);
        fx.repo.write("data/config.txt", "version=1\n");
        fx.repo.write("data/other.txt", "other\n");
        fx.repo.commitAll("data");
        fx.capsule(TASK, "true\n");
        fx.repo.write("tools/gen.sh", script);
        Snapshot reviewed = fx.snapshot("main", false).snapshot();
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            receiptDigest = JudgeRun.run(
                            session,
                            new JudgeRun.Request(TASK, reviewed.id(), List.of("true"), false, false, Optional.empty()),
                            ENV,
                            Clock.systemUTC(),
                            Timings.OFF,
                            JudgeRun.Progress.NONE)
                    .receipt()
                    .orElseThrow()
                    .digest();
        }
        writeRecord(reviewed, "APPROVED", pinReceipt);
        if (onSideBranch) {
            fx.repo.git("checkout", "-q", "-b", "side");
        }
        generator = fx.repo.commitAll("the generator");
        if (onSideBranch) {
            fx.repo.git("checkout", "-q", "main");
        }
    }

    void writeRecord(Snapshot reviewed, String verdict, boolean pinReceipt) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("schemaVersion", 6);
        doc.put("taskId", TASK.value());
        doc.set(
                "scope",
                fx.scope(reviewed.base(), new Candidate.Snapshot(reviewed.id())).toJson());
        doc.put("verdict", verdict);
        doc.putArray("tests").addObject().put("command", "true").put("status", "passed");
        doc.putArray("criteria")
                .addObject()
                .put("id", "AC-1")
                .put("status", "pass")
                .put("evidence", "gen.sh works");
        doc.putArray("observations");
        doc.put("reviewedAt", "2026-11-30T10:00:00Z");
        if (pinReceipt) {
            doc.put("receiptDigest", receiptDigest);
        }
        try {
            Path file = fx.repo.resolve(REVIEW);
            Files.createDirectories(file.getParent());
            Files.writeString(file, CanonicalJson.text(doc, true));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String migration(String generatorCommit, List<String> prepare, List<String> paths) {
        ObjectNode doc = CanonicalJson.objectNode();
        ObjectNode gen = doc.putObject("generator");
        gen.put("command", COMMAND);
        gen.put("commit", generatorCommit);
        gen.put("review", REVIEW);
        gen.putArray("inputs").add("tools/gen.sh");
        prepare.forEach(gen.putArray("prepare")::add);
        if (!gen.has("prepare")) {
            gen.putArray("prepare");
        }
        paths.forEach(doc.putArray("paths")::add);
        return CanonicalJson.text(doc, true);
    }

    /** TASK-2's capsule declaring {@code block} under ## Migration, the generated change applied, and its snapshot. */
    Snapshot migrationSnapshot(String block, Consumer<JudgeFixture> change, TaskKey... include) {
        String dir = ".workflow/" + MIGRATION.value() + "/";
        fx.repo.write(
                dir + "task.md",
                "# Migrate the config\n\n## Validation\n\n```\ntrue\n```\n\n" + "## Migration\n\n```json\n" + block
                        + "\n```\n");
        fx.repo.write(dir + "context.md", "# Context\n");
        fx.repo.write(dir + "plan.md", "# Plan\n");
        fx.repo.write(dir + "acceptance-criteria.md", "- AC-1: generated\n");
        fx.repo.write(dir + "review-checklist.md", "# Checklist\n");
        change.accept(fx);
        return SnapshotCapture.capture(
                        fx.workspace(),
                        new SnapshotCapture.Request(MIGRATION, "main", List.of(include), false),
                        ENV,
                        Clock.systemUTC(),
                        Timings.OFF)
                .snapshot();
    }

    Snapshot migrationSnapshot(List<String> paths, Consumer<JudgeFixture> change) {
        return migrationSnapshot(migration(generator, List.of(), paths), change);
    }

    JudgeReproduce.Result reproduce(Snapshot snapshot, List<String> approvals, TaskKey... include) {
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            return JudgeReproduce.reproduce(
                    session,
                    new JudgeReproduce.Request(
                            MIGRATION, "main", snapshot.id(), List.of(include), approvals, Optional.empty()),
                    ENV,
                    JudgeReproduce.Progress.NONE);
        }
    }

    List<JsonNode> reproducedEvents() {
        List<JsonNode> events = new ArrayList<>();
        try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
            session.reader().forEach(StreamId.task(MIGRATION), 0, (EventEnvelope e) -> {
                if (e.type().equals(JudgeReproduced.TYPE.name())) {
                    events.add(e.payload().json());
                }
            });
        }
        return events;
    }

    static final Consumer<JudgeFixture> VERSION_2 = f -> f.repo.write("data/config.txt", "version=2\n");

    @Test
    void a_generator_that_rewrites_the_declared_file_reproduces_exactly() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n");
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);
        String statusBefore = fx.repo.git("status", "--porcelain", "--untracked-files=all");

        JudgeReproduce.Result result = reproduce(snapshot, List.of(COMMAND));

        assertEquals(JudgeReproduce.Outcome.REPRODUCED, result.outcome(), result.message());
        assertTrue(result.passed());
        assertEquals(List.of(), result.mismatched());
        assertEquals(List.of(), result.unchanged());
        assertEquals(List.of(), result.stray());
        assertEquals(List.of(COMMAND), result.commands());
        assertEquals("passed", result.results().get(0).status());
        assertEquals(
                statusBefore,
                fx.repo.git("status", "--porcelain", "--untracked-files=all"),
                "the live tree is never written");
        List<JsonNode> events = reproducedEvents();
        assertEquals(1, events.size());
        JsonNode event = events.get(0);
        assertEquals(snapshot.id(), event.path("snapshot").asText());
        assertEquals(snapshot.base(), event.path("base").asText());
        assertEquals(generator, event.path("generatorCommit").asText());
        assertTrue(event.path("passed").asBoolean());
        assertEquals(0, event.path("stray").size());
        ObjectNode json = ReproduceReport.json(result);
        assertTrue(json.path("passed").asBoolean());
        assertTrue(json.path("mismatched").isArray()
                && json.path("unchanged").isArray()
                && json.path("stray").isArray());
    }

    @Test
    void a_review_without_a_receipt_digest_is_verified_plainly_and_reproduces() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n", false, false);
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);

        assertEquals(
                JudgeReproduce.Outcome.REPRODUCED,
                reproduce(snapshot, List.of(COMMAND)).outcome());
    }

    @Test
    void a_generator_that_also_writes_a_stray_file_fails_naming_it() {
        landGenerator("""
                      printf 'version=2\\n' > data/config.txt
                      mkdir -p build
                      echo x > build/cache.txt
                      echo y > data/other.txt
                      """);
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);

        JudgeReproduce.Result result = reproduce(snapshot, List.of(COMMAND));

        assertEquals(JudgeReproduce.Outcome.NOT_REPRODUCED, result.outcome());
        assertEquals(List.of("build/cache.txt", "data/other.txt"), result.stray());
        assertEquals(List.of(), result.mismatched());
        assertTrue(result.message().contains("build/cache.txt"), result.message());
        JsonNode event = reproducedEvents().get(0);
        assertFalse(event.path("passed").asBoolean());
        assertEquals("build/cache.txt", event.path("stray").get(0).asText());
    }

    @Test
    void a_declared_path_the_generator_leaves_unchanged_fails_naming_it() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n");
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt", "data/other.txt"), VERSION_2);

        JudgeReproduce.Result result = reproduce(snapshot, List.of(COMMAND));

        assertEquals(JudgeReproduce.Outcome.NOT_REPRODUCED, result.outcome());
        assertEquals(List.of("data/other.txt"), result.unchanged());
        assertEquals(List.of(), result.mismatched(), "the snapshot did not change it either");
        assertEquals(List.of(), result.stray());
    }

    @Test
    void bytes_the_executable_bit_and_a_link_target_are_compared() {
        landGenerator("""
                      printf 'version=3\\n' > data/config.txt
                      printf '#!/bin/sh\\n' > data/run.sh
                      ln -s config.txt data/current
                      """);
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt", "data/run.sh", "data/current"), f -> {
            f.repo.write("data/config.txt", "version=2\n");
            Path run = f.repo.write("data/run.sh", "#!/bin/sh\n");
            try {
                Files.setPosixFilePermissions(run, PosixFilePermissions.fromString("rwxr-xr-x"));
                Files.createSymbolicLink(f.repo.resolve("data/current"), Path.of("other.txt"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });

        JudgeReproduce.Result result = reproduce(snapshot, List.of(COMMAND));

        assertEquals(List.of("data/config.txt", "data/run.sh", "data/current"), result.mismatched());
        assertTrue(
                result.details().get(1).expected().startsWith("an executable file"),
                result.details().toString());
        assertTrue(
                result.details().get(1).actual().startsWith("a file"),
                result.details().toString());
        assertTrue(
                result.details().get(2).actual().startsWith("a symbolic link"),
                result.details().toString());
        assertEquals(List.of(), result.stray());
    }

    @Test
    void a_link_and_an_executable_written_exactly_reproduce() {
        landGenerator("""
                      printf 'version=2\\n' > data/config.txt
                      printf '#!/bin/sh\\n' > data/run.sh
                      chmod +x data/run.sh
                      ln -s other.txt data/current
                      """);
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt", "data/run.sh", "data/current"), f -> {
            f.repo.write("data/config.txt", "version=2\n");
            Path run = f.repo.write("data/run.sh", "#!/bin/sh\n");
            try {
                Files.setPosixFilePermissions(run, PosixFilePermissions.fromString("rwxr-xr-x"));
                Files.createSymbolicLink(f.repo.resolve("data/current"), Path.of("other.txt"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });

        JudgeReproduce.Result result = reproduce(snapshot, List.of(COMMAND));

        assertEquals(JudgeReproduce.Outcome.REPRODUCED, result.outcome(), result.message());
    }

    @Test
    void a_generator_that_fails_does_not_reproduce() {
        landGenerator("printf 'version=2\\n' > data/config.txt\necho broken >&2\nexit 3\n");
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);

        JudgeReproduce.Result result = reproduce(snapshot, List.of(COMMAND));

        assertEquals(JudgeReproduce.Outcome.NOT_REPRODUCED, result.outcome());
        assertEquals("failed", result.results().get(0).status());
        assertEquals(3, result.results().get(0).exitCode());
        assertTrue(result.message().contains("failed"), result.message());
    }

    @Test
    void a_generator_that_is_not_an_ancestor_of_the_base_is_refused() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n", true, true);
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);

        Failure failure = assertThrows(Failure.class, () -> reproduce(snapshot, List.of(COMMAND)));

        assertEquals(Failure.Kind.CHECK_FAILED, failure.kind());
        assertTrue(failure.getMessage().contains("is not an ancestor of the base"), failure.getMessage());
        assertTrue(reproducedEvents().isEmpty(), "nothing ran");
    }

    @Test
    void a_generator_landed_deeper_in_history_is_an_ancestor() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n");
        fx.repo.git("branch", "gen", generator);
        fx.repo.git("reset", "-q", "--hard", generator + "~1");
        fx.repo.write("src/Main.java", "class Main {}\n");
        fx.repo.commitAll("main moves on");
        fx.repo.git("merge", "-q", "--no-ff", "-m", "merge the generator", "gen");
        fx.repo.write("src/After.java", "class After {}\n");
        fx.repo.commitAll("after the merge: the generator is reachable through a second parent only");
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);

        assertEquals(
                JudgeReproduce.Outcome.REPRODUCED,
                reproduce(snapshot, List.of(COMMAND)).outcome());
    }

    @Test
    void a_review_that_is_not_approved_is_refused() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n");
        Snapshot reviewed = Snapshots.load(
                fx.workspace(),
                Candidate.snapshotId(CanonicalJson.parse(readBytes(fx.repo.resolve(REVIEW)))
                        .path("scope")
                        .path("candidate")
                        .asText()),
                ENV);
        writeRecord(reviewed, "NEEDS_CHANGES", false);
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);

        Failure failure = assertThrows(Failure.class, () -> reproduce(snapshot, List.of(COMMAND)));

        assertEquals(Failure.Kind.CHECK_FAILED, failure.kind());
        assertTrue(failure.getMessage().contains("NEEDS_CHANGES, not APPROVED"), failure.getMessage());
    }

    @Test
    void a_missing_review_is_refused() throws IOException {
        landGenerator("printf 'version=2\\n' > data/config.txt\n");
        Files.delete(fx.repo.resolve(REVIEW));
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);

        Failure failure = assertThrows(Failure.class, () -> reproduce(snapshot, List.of(COMMAND)));

        assertEquals(Failure.Kind.CHECK_FAILED, failure.kind());
        assertTrue(failure.getMessage().contains("is not a file"), failure.getMessage());
    }

    @Test
    void an_input_changed_after_the_generator_landed_is_refused() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n");
        fx.repo.write("tools/gen.sh", "printf 'version=9\\n' > data/config.txt\n");
        fx.repo.commitAll("edit the generator without review");
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);

        Failure failure = assertThrows(Failure.class, () -> reproduce(snapshot, List.of(COMMAND)));

        assertEquals(Failure.Kind.CHECK_FAILED, failure.kind());
        assertTrue(failure.getMessage().contains("the input tools/gen.sh differs"), failure.getMessage());
    }

    @Test
    void without_approval_nothing_runs() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n");
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);

        JudgeReproduce.Result result = reproduce(snapshot, List.of());

        assertEquals(JudgeReproduce.Outcome.APPROVAL_MISSING, result.outcome());
        assertTrue(result.results().isEmpty());
        assertTrue(result.message().contains("--approve-commands"), result.message());
        assertTrue(reproducedEvents().isEmpty());
    }

    @Test
    void approvals_in_the_wrong_order_are_refused_and_the_right_order_runs() {
        landGenerator("test -f prepared.txt || exit 5\nrm prepared.txt\nprintf 'version=2\\n' > data/config.txt\n");
        Snapshot snapshot = migrationSnapshot(
                migration(generator, List.of("echo ready > prepared.txt"), List.of("data/config.txt")), VERSION_2);

        JudgeReproduce.Result wrong = reproduce(snapshot, List.of(COMMAND, "echo ready > prepared.txt"));
        JudgeReproduce.Result tooFew = reproduce(snapshot, List.of("echo ready > prepared.txt"));
        JudgeReproduce.Result right = reproduce(snapshot, List.of("echo ready > prepared.txt", COMMAND));

        assertEquals(JudgeReproduce.Outcome.APPROVAL_MISSING, wrong.outcome());
        assertTrue(wrong.message().contains("at position 1"), wrong.message());
        assertEquals(JudgeReproduce.Outcome.APPROVAL_MISSING, tooFew.outcome());
        assertTrue(tooFew.message().contains("too few"), tooFew.message());
        assertEquals(JudgeReproduce.Outcome.REPRODUCED, right.outcome(), right.message());
        assertEquals(List.of("echo ready > prepared.txt", COMMAND), right.commands());
    }

    @Test
    void a_stored_approval_of_exactly_the_list_runs_without_flags() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n");
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);
        new CommandApprovals(fx.workspace()).store(MIGRATION, List.of("true"));
        assertEquals(
                JudgeReproduce.Outcome.APPROVAL_MISSING,
                reproduce(snapshot, List.of()).outcome(),
                "an approval of another list does not count");
        new CommandApprovals(fx.workspace()).store(MIGRATION, List.of(COMMAND));

        assertEquals(
                JudgeReproduce.Outcome.REPRODUCED,
                reproduce(snapshot, List.of()).outcome());
    }

    @Test
    void a_malformed_migration_block_is_refused_with_a_named_reason() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n");
        Snapshot snapshot =
                migrationSnapshot("{\"generator\": {\"command\": \"x\"}, \"paths\": [], \"extra\": 1}", VERSION_2);

        Failure failure = assertThrows(Failure.class, () -> reproduce(snapshot, List.of(COMMAND)));

        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertTrue(failure.getMessage().contains("unknown key extra"), failure.getMessage());
        assertTrue(failure.getMessage().contains("generator.commit is missing"), failure.getMessage());
        assertTrue(failure.getMessage().contains("paths is empty"), failure.getMessage());
    }

    @Test
    void the_migration_grammar_names_each_defect() {
        String valid = migration("a".repeat(40), List.of(), List.of("data/config.txt"));
        assertEquals(
                "a".repeat(40),
                MigrationDeclaration.parse("## Migration\n\n```json\n" + valid + "\n```\n", "t")
                        .commit());
        assertDefect("# Task\n", "has no ## Migration section");
        assertDefect("## Migration\n\nprose only\n", "has no fenced block");
        assertDefect("## Migration\n\n```\n{}\n```\n\n```\n{}\n```\n", "2 fenced blocks");
        assertDefect("## Migration\n\n```\n{\n", "never closed");
        assertDefect("## Migration\n\n```\nnot json\n```\n", "not valid JSON");
        assertDefect("## Migration\n\n```\n[1]\n```\n", "not a JSON object");
        assertDefect(
                "## Migration\n```\n" + valid.replace("\"paths\"", "\"paths\": \"x\", \"p2\"") + "\n```\n",
                "unknown key p2");
        assertDefect(
                block(valid.replace("[ \"tools/gen.sh\" ]", "\"tools/gen.sh\"")),
                "generator.inputs is missing" + " or not a list");
        assertDefect(block(valid.replace("a".repeat(40), "abc123")), "not a full commit id");
        assertDefect(block(valid.replace("data/config.txt", "../outside")), "not a plain repository-relative path");
        assertDefect(block(valid.replace("data/config.txt", ".workflow/local/x")), "never part of a boundary");
        assertDefect(block(valid.replace("\"prepare\" : [ ]", "\"prepare\" : [ 1 ]")), "generator.prepare holds 1");
        assertDefect(block(valid.replace("\"review\"", "\"reviewer\"")), "unknown key generator.reviewer");
        assertDefect("## Migration\n\n```\n{}\n```\n## Migration\n", "a second ## Migration");
    }

    static String block(String json) {
        return "# Task\n\n## Migration\n\n```json\n" + json + "\n```\n\n## Notes\n\n```\nnot part of it\n```\n";
    }

    static void assertDefect(String taskMd, String expected) {
        Failure failure = assertThrows(Failure.class, () -> MigrationDeclaration.parse(taskMd, "task.md"));
        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertTrue(failure.getMessage().contains(expected), failure.getMessage());
    }

    @Test
    void the_base_must_be_the_snapshots() {
        landGenerator("printf 'version=2\\n' > data/config.txt\n");
        Snapshot snapshot = migrationSnapshot(List.of("data/config.txt"), VERSION_2);

        Failure failure = assertThrows(Failure.class, () -> {
            try (Session session = new Session(fx.workspace(), System.getenv(), TestEvents.invocation())) {
                JudgeReproduce.reproduce(
                        session,
                        new JudgeReproduce.Request(
                                MIGRATION, "main~1", snapshot.id(), List.of(), List.of(COMMAND), Optional.empty()),
                        ENV,
                        JudgeReproduce.Progress.NONE);
            }
        });

        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertTrue(failure.getMessage().contains("was captured against base"), failure.getMessage());
    }

    @Test
    void a_foreign_capsule_needs_include_task() {
        landGenerator("printf 'version=2\\n' > data/config.txt\nprintf '%s\\n' '- AC-1: it works' '- AC-2: migrated'"
                + " > .workflow/TASK-1/acceptance-criteria.md\n");
        Snapshot snapshot = migrationSnapshot(
                migration(generator, List.of(), List.of("data/config.txt", ".workflow/TASK-1/acceptance-criteria.md")),
                f -> {
                    VERSION_2.accept(f);
                    f.repo.write(".workflow/TASK-1/acceptance-criteria.md", "- AC-1: it works\n- AC-2: migrated\n");
                },
                TASK);

        Failure failure = assertThrows(Failure.class, () -> reproduce(snapshot, List.of(COMMAND)));
        JudgeReproduce.Result included = reproduce(snapshot, List.of(COMMAND), TASK);

        assertEquals(Failure.Kind.USAGE, failure.kind());
        assertTrue(
                failure.getMessage().contains("--include-task")
                        || failure.fixes().toString().contains("--include-task TASK-1"),
                failure.getMessage());
        assertEquals(JudgeReproduce.Outcome.REPRODUCED, included.outcome(), included.message());
    }

    static byte[] readBytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
