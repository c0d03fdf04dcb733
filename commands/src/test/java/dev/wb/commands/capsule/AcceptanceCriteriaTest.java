package dev.wb.commands.capsule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.policy.ReadPolicy;
import java.math.BigInteger;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The acceptance-criteria.md grammar, row by row: what declares a criterion, and every defect at its line. */
class AcceptanceCriteriaTest {

    static final Predicate<String> BLOCKED = ReadPolicy.of(List.of(".env", "secret/**"));

    static AcceptanceCriteria parse(String text) {
        return AcceptanceCriteria.parse(text, BLOCKED);
    }

    static Stream<Arguments> wellFormed() {
        return Stream.of(
                Arguments.of("one criterion", "- AC-1: it holds\n", List.of("AC-1")),
                Arguments.of(
                        "a heading and an introduction before the criteria",
                        "# Acceptance criteria\n\nWhat must hold.\n\n- AC-1: a\n- AC-2: b\n",
                        List.of("AC-1", "AC-2")),
                Arguments.of(
                        "indented lines continue, blank lines between them too",
                        "- AC-1: a\n  more of a\n\n  still a\n- AC-2: b\n",
                        List.of("AC-1", "AC-2")),
                Arguments.of("a tab indents as well as spaces", "- AC-1: a\n\tmore of a\n", List.of("AC-1")),
                Arguments.of(
                        "the big-integer identifier",
                        "- AC-99999999999999999999999: big\n",
                        List.of("AC-99999999999999999999999")),
                Arguments.of("identifiers in any order, with gaps", "- AC-7: g\n- AC-2: b\n", List.of("AC-7", "AC-2")),
                Arguments.of("the text on the indented line below", "- AC-1:\n  the text\n", List.of("AC-1")),
                Arguments.of(
                        "prose between criteria after a blank line",
                        "- AC-1: a\n\nA note for the reader.\n\n- AC-2: b\n",
                        List.of("AC-1", "AC-2")),
                Arguments.of(
                        "a heading between criteria", "- AC-1: a\n## Errors\n- AC-2: b\n", List.of("AC-1", "AC-2")),
                Arguments.of(
                        "a column-0 fence is code, not criteria",
                        "- AC-1: a\n\n```\n- not a criterion\n* nor this\n```\n",
                        List.of("AC-1")),
                Arguments.of("a thematic break is not a bullet", "---\n\n- AC-1: a\n", List.of("AC-1")),
                Arguments.of(
                        "the retirement footer", "- AC-1: a\n\nRetired: AC-2\nRetired: AC-3\n\n", List.of("AC-1")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wellFormed")
    void a_well_formed_file_declares_its_criteria(String row, String text, List<String> ids) {
        AcceptanceCriteria criteria = parse(text);

        assertEquals(List.of(), criteria.defects());
        assertEquals(ids, criteria.ids());
    }

    static Stream<Arguments> defects() {
        return Stream.of(
                Arguments.of("missing identifier", "- AC-1: a\n- b\n", List.of("line 2: missing identifier")),
                Arguments.of(
                        "leading zeros are malformed",
                        "- AC-07: g\n",
                        List.of("line 1: malformed identifier \"AC-07\"")),
                Arguments.of("AC-0 is malformed", "- AC-0: z\n", List.of("line 1: malformed identifier \"AC-0\"")),
                Arguments.of(
                        "lower case is malformed", "- ac-3: c\n", List.of("line 1: malformed identifier \"ac-3\"")),
                Arguments.of("no dash is malformed", "- AC3: c\n", List.of("line 1: malformed identifier \"AC3\"")),
                Arguments.of("no colon is malformed", "- AC-3 c\n", List.of("line 1: malformed identifier \"AC-3\"")),
                Arguments.of(
                        "no blank after the colon is malformed",
                        "- AC-3:c\n",
                        List.of("line 1: malformed identifier \"AC-3\"")),
                Arguments.of(
                        "bold is malformed", "- **AC-3**: c\n", List.of("line 1: malformed identifier \"**AC-3**\"")),
                Arguments.of(
                        "a decimal is malformed", "- AC-3.1: c\n", List.of("line 1: malformed identifier \"AC-3.1\"")),
                Arguments.of(
                        "duplicate identifier",
                        "- AC-1: a\n- AC-2: b\n- AC-1: c\n",
                        List.of("line 3: duplicate identifier AC-1 (first on line 1)")),
                Arguments.of(
                        "duplicate big identifier",
                        "- AC-99999999999999999999999: a\n- AC-99999999999999999999999: b\n",
                        List.of("line 2: duplicate identifier AC-99999999999999999999999 (first on line 1)")),
                Arguments.of(
                        "malformed retirement, two at once",
                        "- AC-1: a\nRetired: AC-5, AC-6\n",
                        List.of("line 2: malformed retirement \"Retired: AC-5, AC-6\"")),
                Arguments.of(
                        "malformed retirement, a bare number",
                        "- AC-1: a\nRetired: 5\n",
                        List.of("line 2: malformed retirement")),
                Arguments.of(
                        "malformed retirement, lower case",
                        "- AC-1: a\nretired: AC-5\n",
                        List.of("line 2: malformed retirement")),
                Arguments.of(
                        "malformed retirement, leading zero",
                        "- AC-1: a\nRetired: AC-05\n",
                        List.of("line 2: malformed retirement")),
                Arguments.of(
                        "duplicate retirement",
                        "- AC-1: a\n\nRetired: AC-5\nRetired: AC-5\n",
                        List.of("line 4: duplicate retirement of AC-5 (first on line 3)")),
                Arguments.of(
                        "retired yet active",
                        "- AC-1: a\n- AC-2: b\n\nRetired: AC-2\n",
                        List.of("line 4: AC-2 is retired but still active on line 2")),
                Arguments.of(
                        "criterion after the footer",
                        "- AC-1: a\nRetired: AC-2\n- AC-3: c\n",
                        List.of("line 3: criterion after the Retired: footer (which starts on line 2)")),
                Arguments.of(
                        "text after the footer",
                        "- AC-1: a\nRetired: AC-2\nA closing note.\n",
                        List.of("line 3: only Retired: lines may follow the footer")),
                Arguments.of(
                        "a star list item",
                        "- AC-1: a\n* b\n",
                        List.of("line 2: a criterion is a - bullet: write - instead of *")),
                Arguments.of(
                        "a numbered list item",
                        "1. a\n",
                        List.of("line 1: a criterion is a - bullet: write - instead of 1.")),
                Arguments.of(
                        "an unclosed fence",
                        "- AC-1: a\n\n```\n- AC-2: hidden\n",
                        List.of("line 3: the fence opened here is never closed")),
                Arguments.of("an empty bullet", "- AC-1: a\n-\n", List.of("line 2: empty bullet")),
                Arguments.of("a criterion without text", "- AC-1:\n", List.of("line 1: AC-1 has no text")),
                Arguments.of(
                        "an unindented continuation",
                        "- AC-1: a long\nwrapped line\n",
                        List.of("line 2: this line continues the criterion on line 1 without indentation")),
                Arguments.of(
                        "an orphaned proof before any criterion",
                        "  proof-command: pnpm test\n- AC-1: a\n",
                        List.of("line 1: proof-command: is not under a criterion")),
                Arguments.of(
                        "an orphaned proof at column 0",
                        "- AC-1: a\nproof-doc: docs/a.md\n",
                        List.of("line 2: proof-doc: is not under a criterion")),
                Arguments.of(
                        "an orphaned proof after a heading",
                        "- AC-1: a\n## More\n  proof-command: pnpm test\n",
                        List.of("line 3: proof-command: is not under a criterion")),
                Arguments.of(
                        "an unsupported proof line",
                        "- AC-1: a\n  proof-url: https://example.com\n",
                        List.of("line 2: unsupported proof line proof-url: only proof-command: and proof-doc: exist")),
                Arguments.of(
                        "a bare proof: line",
                        "- AC-1: a\n  proof: it works\n",
                        List.of("line 2: unsupported proof line proof:")),
                Arguments.of(
                        "a proof line in another case",
                        "- AC-1: a\n  Proof-Command: pnpm test\n",
                        List.of("line 2: unsupported proof line Proof-Command:")),
                Arguments.of(
                        "a proof line as a list item",
                        "- AC-1: a\n  - proof-command: pnpm test\n",
                        List.of("line 2: a proof line is not a list item")),
                Arguments.of(
                        "an empty proof-command",
                        "- AC-1: a\n  proof-command:   \n",
                        List.of("line 2: empty proof-command:")),
                Arguments.of("an empty proof-doc", "- AC-1: a\n  proof-doc:\n", List.of("line 2: empty proof-doc:")),
                Arguments.of(
                        "an absolute proof-doc",
                        "- AC-1: a\n  proof-doc: /etc/passwd\n",
                        List.of("line 2: proof-doc /etc/passwd is absolute")),
                Arguments.of(
                        "a drive-letter proof-doc",
                        "- AC-1: a\n  proof-doc: C:\\docs\\a.md\n",
                        List.of("line 2: proof-doc C:\\docs\\a.md is absolute")),
                Arguments.of(
                        "a home proof-doc",
                        "- AC-1: a\n  proof-doc: ~/notes.md\n",
                        List.of("line 2: proof-doc ~/notes.md is absolute")),
                Arguments.of(
                        "a proof-doc with ..",
                        "- AC-1: a\n  proof-doc: docs/../../x.md\n",
                        List.of("line 2: proof-doc docs/../../x.md uses ..")),
                Arguments.of(
                        "a proof-doc URL",
                        "- AC-1: a\n  proof-doc: https://example.com/a.md#Top\n",
                        List.of("line 2: proof-doc https://example.com/a.md#Top is a URL")),
                Arguments.of(
                        "a mailto proof-doc",
                        "- AC-1: a\n  proof-doc: mailto:ops@example.com\n",
                        List.of("line 2: proof-doc mailto:ops@example.com is a URL")),
                Arguments.of(
                        "a proof-doc with only a heading",
                        "- AC-1: a\n  proof-doc: #Behavior\n",
                        List.of("line 2: proof-doc #Behavior names no file")),
                Arguments.of(
                        "a blocked proof-doc, tested before its fragment",
                        "- AC-1: a\n  proof-doc: .env#Keys\n",
                        List.of("line 2: proof-doc .env#Keys is withheld by blockedReadPatterns")),
                Arguments.of(
                        "a proof-doc under a blocked folder",
                        "- AC-1: a\n  proof-doc: ./secret/keys.md\n",
                        List.of("line 2: proof-doc ./secret/keys.md is withheld")),
                Arguments.of("an empty file", "", List.of("acceptance-criteria.md: declares no criterion")),
                Arguments.of(
                        "only a heading",
                        "# Acceptance criteria\n\n",
                        List.of("acceptance-criteria.md: declares no criterion")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("defects")
    void each_defect_is_reported_at_its_line(String row, String text, List<String> expected) {
        List<String> rendered =
                parse(text).defects().stream().map(CapsuleProblem::render).toList();

        assertEquals(expected.size(), rendered.size(), rendered::toString);
        for (int i = 0; i < expected.size(); i++) {
            String prefix = expected.get(i).startsWith("acceptance-criteria.md")
                    ? expected.get(i)
                    : "acceptance-criteria.md " + expected.get(i);
            assertTrue(rendered.get(i).startsWith(prefix), rendered.get(i) + " should start with " + prefix);
        }
    }

    @Test
    void a_criterion_keeps_its_line_text_and_proof() {
        AcceptanceCriteria criteria = parse("""
                # Acceptance criteria

                - AC-1: The requested behavior is implemented,
                  and documented.
                  proof-command: pnpm test
                  proof-command: pnpm test
                  proof-command: pnpm lint # optional
                  proof-doc: docs/behavior.md#Behavior
                  proof-doc: docs/behavior.md#Behavior
                """);

        assertEquals(
                List.of(new Criterion(
                        "AC-1",
                        BigInteger.ONE,
                        3,
                        "The requested behavior is implemented,\nand documented.",
                        List.of("pnpm test", "pnpm lint # optional"),
                        List.of("docs/behavior.md#Behavior"))),
                criteria.criteria());
    }

    @Test
    void unnumbered_bullets_are_listed_by_line() {
        AcceptanceCriteria criteria = parse("- first\n- AC-2: b\n\n- third\n  more\n");

        assertEquals(List.of(1, 4), criteria.unnumberedLines());
        assertEquals(List.of("AC-2"), criteria.ids());
    }

    @Test
    void a_crlf_file_reads_exactly_like_its_lf_twin() {
        String lf = "# Criteria\n\n- AC-1: a\n  proof-command: pnpm test\n- b\n\nRetired: AC-4\n";

        assertEquals(parse(lf), parse(lf.replace("\n", "\r\n")));
        assertEquals(List.of(5), parse(lf.replace("\n", "\r\n")).unnumberedLines());
    }

    @Test
    void retired_identifiers_are_not_criteria_and_raise_the_next_number() {
        AcceptanceCriteria criteria = parse("- AC-2: b\n\nRetired: AC-9\nRetired: AC-1\n");

        assertEquals(List.of("AC-9", "AC-1"), criteria.retired());
        assertEquals(List.of("AC-2"), criteria.ids());
        assertEquals(BigInteger.TEN, criteria.nextNumber());
    }

    @Test
    void identifiers_are_compared_as_numbers_of_any_size() {
        AcceptanceCriteria criteria = parse("- AC-99999999999999999999999: big\n- AC-3: small\n");

        assertEquals(new BigInteger("100000000000000000000000"), criteria.nextNumber());
        assertEquals(
                new BigInteger("99999999999999999999999"),
                criteria.criterion("AC-99999999999999999999999").orElseThrow().number());
    }

    @Test
    void the_next_number_of_a_new_file_is_one() {
        assertEquals(BigInteger.ONE, parse("- a\n").nextNumber());
    }

    @Test
    void defects_come_in_line_order() {
        List<Integer> lines = parse("- AC-1: a\n- AC-1: b\n  proof-url: x\nRetired: AC-1\n").defects().stream()
                .map(CapsuleProblem::line)
                .toList();

        assertEquals(List.of(2, 3, 4), lines);
    }
}
