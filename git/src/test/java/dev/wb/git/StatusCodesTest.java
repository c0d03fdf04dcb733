package dev.wb.git;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** git's two-letter status codes, row by row, and the NUL-separated records they come in. */
class StatusCodesTest {

    @ParameterizedTest(name = "\"{0}{1}\" is {2}")
    @CsvSource(
            quoteCharacter = '\'',
            value = {
                "'?', '?', UNTRACKED",
                "'M', ' ', MODIFIED",
                "' ', 'M', MODIFIED",
                "'M', 'M', MODIFIED",
                "'T', ' ', MODIFIED",
                "' ', 'T', MODIFIED",
                "'A', ' ', ADDED",
                "'A', 'M', ADDED",
                "'A', 'D', ADDED",
                "'D', ' ', DELETED",
                "' ', 'D', DELETED",
                "'M', 'D', DELETED",
                "'U', 'U', MODIFIED",
                "'A', 'A', MODIFIED",
                "'D', 'D', MODIFIED",
                "'A', 'U', MODIFIED",
                "'U', 'D', MODIFIED",
            })
    void a_status_code_maps_to_the_change_seen_from_head(char x, char y, Change expected) {
        assertEquals(expected, StatusCodes.worktreeChange(x, y));
    }

    @Test
    void porcelain_records_keep_every_byte_of_the_path() {
        byte[] output = "?? a b\0 M x\ny\0D  ünï\0".getBytes(StandardCharsets.UTF_8);
        assertEquals(
                List.of(
                        new ChangedPath("a b", Change.UNTRACKED),
                        new ChangedPath("x\ny", Change.MODIFIED),
                        new ChangedPath("ünï", Change.DELETED)),
                StatusCodes.porcelain(output));
    }

    @Test
    void name_status_records_alternate_status_and_path() {
        byte[] output = "A\0new\0D\0old\0M\0same\0".getBytes(StandardCharsets.UTF_8);
        assertEquals(
                List.of(
                        new ChangedPath("new", Change.ADDED),
                        new ChangedPath("old", Change.DELETED),
                        new ChangedPath("same", Change.MODIFIED)),
                StatusCodes.nameStatus(output));
    }
}
