package dev.wb.commands.capsule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import dev.wb.commands.capsule.CriteriaMigration.Outcome;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** migrate-criteria on disk: which files it reads, what it writes, and what a dry run leaves alone. */
class CriteriaMigrationTest {

    @TempDir
    Path repo;

    Path write(String key, String text) throws IOException {
        Path file = repo.resolve(".workflow/" + key + "/acceptance-criteria.md");
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
        return file;
    }

    @Test
    void a_key_migrates_its_file_in_place() throws IOException {
        Path file = write("TASK-7", "- a\n- b\n");

        List<Outcome> outcomes =
                CriteriaMigration.run(repo, Optional.of(new TaskKey("TASK-7")), false, ReadPolicy.none());

        assertEquals("- AC-1: a\n- AC-2: b\n", Files.readString(file));
        assertEquals(".workflow/TASK-7/acceptance-criteria.md", outcomes.get(0).file());
        assertTrue(outcomes.get(0).written());
    }

    @Test
    void a_dry_run_writes_nothing() throws IOException {
        Path file = write("TASK-7", "- a\n");
        var modified = Files.getLastModifiedTime(file);

        List<Outcome> outcomes = CriteriaMigration.run(repo, Optional.empty(), true, ReadPolicy.none());

        assertEquals("- a\n", Files.readString(file));
        assertEquals(modified, Files.getLastModifiedTime(file));
        assertEquals(Migration.Status.NUMBERED, outcomes.get(0).migration().status());
        assertEquals(false, outcomes.get(0).written());
        try (var files = Files.list(file.getParent())) {
            assertEquals(1, files.count(), "no temporary file is left either");
        }
    }

    @Test
    void without_a_key_every_capsule_is_migrated_in_key_order() throws IOException {
        write("ABC-10", "- ten\n");
        write("ABC-2", "- AC-1: two\n");
        write("TASK-1", "- AC-1: a\n- AC-1: b\n");
        Files.createDirectories(repo.resolve(".workflow/local"));
        Files.createDirectories(repo.resolve(".workflow/ABC-3"));
        Files.writeString(repo.resolve(".workflow/ABC-3/sdd.json"), "{}");

        List<Outcome> outcomes = CriteriaMigration.run(repo, Optional.empty(), false, ReadPolicy.none());

        assertEquals(
                List.of("ABC-2", "ABC-10", "TASK-1"),
                outcomes.stream().map(o -> o.key().value()).toList());
        assertEquals(
                List.of(Migration.Status.UNCHANGED, Migration.Status.NUMBERED, Migration.Status.REFUSED),
                outcomes.stream().map(o -> o.migration().status()).toList());
        assertEquals(
                "- AC-1: a\n- AC-1: b\n", Files.readString(repo.resolve(".workflow/TASK-1/acceptance-criteria.md")));
    }

    @Test
    void a_missing_file_for_a_key_is_a_missing_artifact() {
        Failure failure = assertThrows(
                Failure.class,
                () -> CriteriaMigration.run(repo, Optional.of(new TaskKey("TASK-7")), false, ReadPolicy.none()));

        assertEquals(Failure.Kind.MISSING, failure.kind());
        assertEquals(".workflow/TASK-7/acceptance-criteria.md is missing", failure.getMessage());
    }

    @Test
    void a_symbolic_link_is_never_followed_or_written() throws IOException {
        Path target = repo.resolve("elsewhere.md");
        Files.writeString(target, "- a\n");
        Files.createDirectories(repo.resolve(".workflow/TASK-7"));
        Files.createSymbolicLink(repo.resolve(".workflow/TASK-7/acceptance-criteria.md"), target);

        Failure failure = assertThrows(
                Failure.class,
                () -> CriteriaMigration.run(repo, Optional.of(new TaskKey("TASK-7")), false, ReadPolicy.none()));
        List<Outcome> all = CriteriaMigration.run(repo, Optional.empty(), false, ReadPolicy.none());

        assertEquals(".workflow/TASK-7/acceptance-criteria.md is not a regular file", failure.getMessage());
        assertEquals(Migration.Status.REFUSED, all.get(0).migration().status());
        assertEquals("- a\n", Files.readString(target));
    }

    @Test
    void no_workflow_folder_means_nothing_to_migrate() {
        assertEquals(List.of(), CriteriaMigration.run(repo, Optional.empty(), false, ReadPolicy.none()));
    }
}
