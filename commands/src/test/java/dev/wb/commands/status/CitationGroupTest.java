package dev.wb.commands.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CitationGroupTest {

    @Test
    void wrong_adds_mismatch_and_missing_file_and_drifted_adds_moved_and_out_of_range() {
        Map<String, Long> byVerdict =
                Map.of("ok", 9L, "mismatch", 2L, "missing_file", 1L, "moved", 4L, "out_of_range", 3L, "baseline", 5L);

        assertEquals(3, CitationGroup.WRONG.count(byVerdict));
        assertEquals(7, CitationGroup.DRIFTED.count(byVerdict));
        assertEquals(0, CitationGroup.WRONG.count(Map.of("ok", 1L)), "no verdict of the group: none");
    }
}
