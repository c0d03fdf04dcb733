package dev.wb.commands.capsule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.capsule.CriteriaMigration.Outcome;
import dev.wb.commands.policy.ReadPolicy;
import dev.wb.engine.TaskKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** migrate-criteria and retirement footers it did not recognise (hardened in issue 13, item 35). */
class MigrateCriteriaRefusesMalformedRetirementTest {

    @TempDir
    Path repo;

    @Test
    void item35_a_retirement_without_its_colon_is_a_defect_and_the_file_is_left_byte_for_byte() throws IOException {
        // "task migrate-criteria rewrites around malformed retirement footers (`Retired AC-5`) and loses the
        // retirement"
        assertLeftUntouchedWithDefectOnLine("- AC-1: Totals round.\n- Taxes apply.\n\nRetired AC-5\n", 4);
    }

    @Test
    void item35_an_indented_retirement_is_a_defect_and_the_file_is_left_byte_for_byte() throws IOException {
        // "task migrate-criteria rewrites around ... an indented `  Retired: AC-5` ... and loses the retirement"
        assertLeftUntouchedWithDefectOnLine("- AC-1: Totals round.\n- Taxes apply.\n  Retired: AC-5\n", 3);
        assertLeftUntouchedWithDefectOnLine("- AC-1: Totals round.\n- Taxes apply.\n\n  Retired: AC-5\n", 4);
    }

    @Test
    void item35_a_bullet_that_retires_is_a_defect_not_a_criterion_to_number() throws IOException {
        // A retirement written as a bullet would have become "- AC-6: Retired: AC-5", the retirement lost.
        assertLeftUntouchedWithDefectOnLine("- AC-1: Totals round.\n- Taxes apply.\n- Retired: AC-5\n", 3);
    }

    @Test
    void item35_prose_that_merely_starts_with_the_word_retired_is_still_prose() throws IOException {
        Path file = write("Retired criteria are kept below the list.\n\n- Totals round.\n");

        List<Outcome> outcomes = migrate();

        assertEquals(Migration.Status.NUMBERED, outcomes.get(0).migration().status());
        assertEquals("Retired criteria are kept below the list.\n\n- AC-1: Totals round.\n", Files.readString(file));
    }

    private void assertLeftUntouchedWithDefectOnLine(String text, int line) throws IOException {
        Path file = write(text);
        byte[] before = Files.readAllBytes(file);
        FileTime modified = FileTime.fromMillis(1_000_000_000_000L);
        Files.setLastModifiedTime(file, modified);

        List<Outcome> outcomes = migrate();

        Outcome outcome = outcomes.get(0);
        assertEquals(Migration.Status.REFUSED, outcome.migration().status(), text);
        assertFalse(outcome.written(), text);
        assertArrayEquals(before, Files.readAllBytes(file), text);
        assertEquals(modified, Files.getLastModifiedTime(file), text);
        assertTrue(
                outcome.migration().problems().stream()
                        .anyMatch(p -> p.line() == line && p.message().contains("malformed retirement")),
                text + " → " + outcome.migration().problems());
    }

    private Path write(String text) throws IOException {
        Path file = repo.resolve(".workflow/TASK-7/acceptance-criteria.md");
        Files.createDirectories(file.getParent());
        Files.write(file, text.getBytes(StandardCharsets.UTF_8));
        return file;
    }

    private List<Outcome> migrate() {
        return CriteriaMigration.run(repo, Optional.of(new TaskKey("TASK-7")), false, ReadPolicy.none());
    }
}
