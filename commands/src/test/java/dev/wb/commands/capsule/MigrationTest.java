package dev.wb.commands.capsule;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.capsule.Migration.Numbered;
import dev.wb.commands.capsule.Migration.Status;
import dev.wb.commands.policy.ReadPolicy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What migrate-criteria decides for one file: only the unnumbered bullets change, and nothing else. */
class MigrationTest {

    static Migration migrate(String text) {
        return Migration.of(text.getBytes(StandardCharsets.UTF_8), ReadPolicy.none());
    }

    static String text(Migration migration) {
        return new String(migration.content(), StandardCharsets.UTF_8);
    }

    @Test
    void unnumbered_bullets_get_the_next_identifiers_in_file_order() {
        Migration migration = migrate("# Criteria\n\n- AC-2: b\n- first new\n  more\n-   second new\n");

        assertEquals(Status.NUMBERED, migration.status());
        assertEquals(List.of(new Numbered(4, "AC-3"), new Numbered(6, "AC-4")), migration.numbered());
        assertEquals("# Criteria\n\n- AC-2: b\n- AC-3: first new\n  more\n-   AC-4: second new\n", text(migration));
        assertEquals(List.of(), migration.problems());
    }

    @Test
    void numbering_starts_above_the_highest_retired_identifier() {
        Migration migration = migrate("- AC-1: a\n- b\n\nRetired: AC-7\n");

        assertEquals("- AC-1: a\n- AC-8: b\n\nRetired: AC-7\n", text(migration));
    }

    @Test
    void a_file_with_no_identifier_at_all_starts_at_one() {
        assertEquals("- AC-1: a\n- AC-2: b", text(migrate("- a\n- b")));
    }

    @Test
    void numbering_follows_the_big_integer_identifier() {
        Migration migration = migrate("- AC-99999999999999999999999: big\n- next\n");

        assertEquals("- AC-99999999999999999999999: big\n- AC-100000000000000000000000: next\n", text(migration));
    }

    @Test
    void only_the_numbered_bullets_change_byte_for_byte() {
        // CRLF line ends and a tab before a trailing blank: a text block would lose both.
        @SuppressWarnings("StringConcatToTextBlock")
        String original = "\uFEFF# Crit\u00e8res \u2014 acceptance\r\n\r\n- AC-1: d\u00e9j\u00e0 vu\r\n"
                + "- unnumbered\t \r\n  proof-command: pnpm test  \r\n\r\nTrailing prose, after a blank line.\r\n"
                + "- last, without a final newline";
        Migration migration = migrate(original);

        String expected = original.replace("- unnumbered", "- AC-2: unnumbered").replace("- last", "- AC-3: last");
        assertArrayEquals(expected.getBytes(StandardCharsets.UTF_8), migration.content());
        String[] before = original.split("\n", -1);
        String[] after = text(migration).split("\n", -1);
        assertEquals(before.length, after.length);
        for (int i = 0; i < before.length; i++) {
            boolean numbered = i + 1 == 4 || i + 1 == 8;
            assertEquals(!numbered, before[i].equals(after[i]), "line " + (i + 1));
        }
    }

    @Test
    void an_identity_defect_leaves_the_file_untouched_and_reported() {
        for (String text : List.of(
                "- AC-1: a\n- AC-1: b\n- c\n",
                "- AC-07: a\n- c\n",
                "- AC-1: a\n- c\n\nRetired: AC-1\n",
                "- c\nRetired: AC-2\nRetired: AC-2\n",
                "- c\nRetired: two\n",
                "- c\nRetired: AC-2\n- d\n",
                "- c\n* d\n",
                "- c\n\n```\n- d\n")) {
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);

            Migration migration = Migration.of(bytes, ReadPolicy.none());

            assertEquals(Status.REFUSED, migration.status(), text);
            assertArrayEquals(bytes, migration.content(), text);
            assertEquals(List.of(), migration.numbered(), text);
            assertTrue(!migration.problems().isEmpty(), text);
        }
    }

    @Test
    void other_defects_are_reported_and_not_repaired_while_bullets_are_numbered() {
        Migration migration = migrate("- a\n  proof-url: x\n- AC-3:\n");

        assertEquals("- AC-4: a\n  proof-url: x\n- AC-3:\n", text(migration));
        assertEquals(
                List.of(
                        "acceptance-criteria.md line 2: unsupported proof line proof-url: only proof-command:"
                                + " and proof-doc: exist",
                        "acceptance-criteria.md line 3: AC-3 has no text: say what must hold"),
                migration.problems().stream().map(CapsuleProblem::render).toList());
    }

    @Test
    void a_numbered_file_is_unchanged() {
        byte[] bytes = "- AC-1: a\r\n".getBytes(StandardCharsets.UTF_8);

        Migration migration = Migration.of(bytes, ReadPolicy.none());

        assertEquals(Status.UNCHANGED, migration.status());
        assertArrayEquals(bytes, migration.content());
        assertEquals(List.of(), migration.problems());
    }

    @Test
    void a_file_that_is_not_utf8_is_refused_not_repaired() {
        byte[] bytes = {'-', ' ', 'a', (byte) 0xC3, '\n'};

        Migration migration = Migration.of(bytes, ReadPolicy.none());

        assertEquals(Status.REFUSED, migration.status());
        assertArrayEquals(bytes, migration.content());
        assertEquals(
                "acceptance-criteria.md: not UTF-8 text: save the file as UTF-8",
                migration.problems().get(0).render());
    }
}
