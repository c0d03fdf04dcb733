package dev.wb.commands.review;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hostile input stays bounded: lines built to make each pattern backtrack, as long as the rules ever
 * read (1 MiB; a 10 MB line is cut there, {@link ReviewGatesTest}), are read in linear time; thousands
 * of files are read in one pass.
 */
class ReviewBoundsTest {

    /** A line as ReviewDiff hands it to the rules: a 10 MB line is cut to its first MiB. */
    static final int TEN_MB = ReviewDiff.LINE_MAX_CHARS;

    static String repeat(String unit) {
        return unit.repeat(TEN_MB / unit.length());
    }

    @Test
    void lines_of_the_longest_read_length_built_against_each_pattern_are_read_in_linear_time() {
        List<String> hostile = List.of(
                repeat(".catch(("),
                repeat("ATATT"),
                repeat("token='"),
                repeat("pat "),
                "-----BEGIN " + repeat("A"),
                "except " + repeat("except "),
                repeat("<a"),
                repeat("http://a:b"),
                repeat("bearer "),
                "_ , _ := " + repeat("x"),
                repeat("a"));
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            for (String text : hostile) {
                GateRules.findings(List.of(new AddedLine("src/app.js", 1, text)));
                Redaction.quote(text);
            }
        });
    }

    @Test
    void a_secret_at_the_end_of_a_line_of_the_longest_read_length_is_found_and_its_quote_is_short() {
        String line = repeat("x").substring(40) + " key = AKIA" + "ABCDEFGHIJKLMNOP";
        List<Finding> findings = GateRules.findings(List.of(new AddedLine("bundle.min.js", 1, line)));
        assertEquals(
                List.of("aws-access-key-id"),
                findings.stream().map(Finding::rule).toList());
        assertTrue(findings.get(0).quote().length() <= Redaction.QUOTE_CHARS);
    }

    @Test
    void a_swallowed_catch_is_only_looked_for_on_lines_of_at_most_4096_characters() {
        String padded = "} catch (e) {}" + " ".repeat(GateRules.PATTERN_LINE_CHARS);
        assertEquals(
                List.of(),
                GateRules.findings(List.of(new AddedLine("src/a.js", 1, padded))),
                "a line past the bound is read for secrets only");
        assertEquals(
                1,
                GateRules.findings(List.of(new AddedLine("src/a.js", 1, "} catch (e) {}")))
                        .size());
    }

    @Test
    void a_patch_of_thousands_of_files_is_parsed_with_each_lines_number() {
        StringBuilder patch = new StringBuilder();
        for (int i = 0; i < 5000; i++) {
            patch.append("diff --git a/f")
                    .append(i)
                    .append(".py b/f")
                    .append(i)
                    .append(".py\n")
                    .append("--- a/f")
                    .append(i)
                    .append(".py\n+++ b/f")
                    .append(i)
                    .append(".py\n")
                    .append("@@ -3,0 +4,2 @@\n+x = 1\n++++ not a header\n");
        }
        List<AddedLine> added = PatchLines.read(patch.toString().getBytes(StandardCharsets.UTF_8))
                .added();
        assertEquals(10_000, added.size());
        assertEquals(new AddedLine("f4999.py", 5, "+++ not a header"), added.get(9_999));
    }

    @Test
    void a_quoted_path_is_read_as_git_wrote_it() {
        assertEquals("a b\"c.py", PatchLines.filePath("\"b/a b\\\"c.py\""));
        assertEquals("caf\u00e9.py", PatchLines.filePath("\"b/caf\\303\\251.py\""));
        assertEquals("", PatchLines.filePath("/dev/null"));
    }
}
