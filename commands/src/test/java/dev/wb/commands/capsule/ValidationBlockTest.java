package dev.wb.commands.capsule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.capsule.ValidationBlock.Shape;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The {@code ## Validation} grammar: the seed's capsule-shape table row by row, then the line rules. */
class ValidationBlockTest {

    static String task(String section) {
        return "# TASK-7: a task\n\n## Goal\n\nSomething.\n\n" + section + "\n## Notes\n\nMore.\n";
    }

    static Stream<Arguments> capsuleShapes() {
        return Stream.of(
                Arguments.of(
                        "no ## Validation section: legacy", "## Contract\n\n- it holds\n", Shape.LEGACY, List.of()),
                Arguments.of(
                        "one or more required commands",
                        "## Validation\n\n```\npnpm test\npnpm lint\n```\n",
                        Shape.REQUIRED,
                        List.of("pnpm test", "pnpm lint")),
                Arguments.of(
                        "required beside optional is still required",
                        "## Validation\n\n```\npnpm test\npnpm lint # optional\n```\n",
                        Shape.REQUIRED,
                        List.of("pnpm test", "pnpm lint")),
                Arguments.of(
                        "only optional commands",
                        "## Validation\n\n```\npnpm lint # optional\n```\n",
                        Shape.OPTIONAL_ONLY,
                        List.of("pnpm lint")),
                Arguments.of(
                        "a single no-runtime-validation line",
                        "## Validation\n\n```text\nno-runtime-validation: prose changes only\n```\n",
                        Shape.DOCUMENTATION,
                        List.of()),
                Arguments.of("the heading and nothing else", "## Validation\n\n", Shape.EMPTY, List.of()),
                Arguments.of(
                        "an empty block, as wb task writes it", "## Validation\n\n```\n```\n", Shape.EMPTY, List.of()),
                Arguments.of(
                        "a block of blank and comment lines",
                        "## Validation\n\n```\n\n# pnpm test\n  \n```\n",
                        Shape.EMPTY,
                        List.of()),
                Arguments.of("an unclosed fence", "## Validation\n\n```\npnpm test\n", Shape.MALFORMED, List.of()),
                Arguments.of(
                        "commands as prose, no fence", "## Validation\n\nRun pnpm test.\n", Shape.MALFORMED, List.of()),
                Arguments.of(
                        "no-runtime-validation with an empty reason",
                        "## Validation\n\n```\nno-runtime-validation:   \n```\n",
                        Shape.MALFORMED,
                        List.of()),
                Arguments.of(
                        "no-runtime-validation without a colon",
                        "## Validation\n\n```\nno-runtime-validation prose only\n```\n",
                        Shape.MALFORMED,
                        List.of()),
                Arguments.of(
                        "no-runtime-validation with a command",
                        "## Validation\n\n```\nno-runtime-validation: docs\npnpm test\n```\n",
                        Shape.MALFORMED,
                        List.of()),
                Arguments.of(
                        "no-runtime-validation with an optional command",
                        "## Validation\n\n```\npnpm lint # optional\nno-runtime-validation: docs\n```\n",
                        Shape.MALFORMED,
                        List.of()),
                Arguments.of(
                        "two no-runtime-validation lines",
                        "## Validation\n\n```\nno-runtime-validation: a\nno-runtime-validation: b\n```\n",
                        Shape.MALFORMED,
                        List.of()),
                Arguments.of(
                        "a near-miss heading", "## validation\n\n```\npnpm test\n```\n", Shape.MALFORMED, List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("capsuleShapes")
    void each_capsule_shape_is_told_apart(String row, String section, Shape shape, List<String> commands) {
        ValidationBlock block = ValidationBlock.parse(task(section));

        assertEquals(shape, block.shape(), block.problems()::toString);
        assertEquals(commands, block.normalizedCommands());
        assertEquals(shape == Shape.MALFORMED, !block.problems().isEmpty(), block.problems()::toString);
        assertEquals(shape.approvable(), shape != Shape.LEGACY && shape != Shape.EMPTY && shape != Shape.MALFORMED);
    }

    @Test
    void the_documentation_shape_carries_its_exact_reason_and_no_command() {
        ValidationBlock block = ValidationBlock.parse(
                task("## Validation\n\n```text\n# docs only\nno-runtime-validation:  prose changes only; no executable"
                        + " behavior changed \n```\n"));

        assertEquals(Shape.DOCUMENTATION, block.shape());
        assertEquals(Optional.of("prose changes only; no executable behavior changed"), block.noRuntimeReason());
        assertEquals(List.of(), block.commands());
    }

    @Test
    void each_problem_names_its_line_of_task_md() {
        String text = "# T\n\n## Validation\n\n```\nno-runtime-validation: docs\npnpm test\n```\n";

        ValidationBlock block = ValidationBlock.parse(text);

        assertEquals(
                List.of("task.md line 6: no-runtime-validation needs zero commands, but the block declares 1"
                        + " (line 7)"),
                block.problems().stream().map(CapsuleProblem::render).toList());
    }

    @Test
    void an_unclosed_fence_is_reported_where_it_opens_and_declares_nothing() {
        ValidationBlock block = ValidationBlock.parse("## Validation\n\n```sh\npnpm test\n\n## Notes\n");

        assertEquals(Shape.MALFORMED, block.shape());
        assertEquals(List.of(), block.commands());
        assertEquals(
                "task.md line 3: the fence opened here is never closed",
                block.problems().get(0).render());
    }

    @Test
    void a_second_validation_section_is_malformed() {
        ValidationBlock block =
                ValidationBlock.parse("## Validation\n\n```\npnpm test\n```\n\n## Validation\n\n```\nrm -rf /\n```\n");

        assertEquals(Shape.MALFORMED, block.shape());
        assertEquals(
                "task.md line 7: a second ## Validation section (the first is on line 1): keep one",
                block.problems().get(0).render());
    }

    @Test
    void a_declared_command_keeps_its_line_raw_text_and_optional_marker() {
        ValidationBlock block =
                ValidationBlock.parse("## Validation\n\n```\n  pnpm test  \npnpm lint   # optional\n```\n");

        assertEquals(
                List.of(
                        new DeclaredCommand(4, "  pnpm test  ", "pnpm test", false),
                        new DeclaredCommand(5, "pnpm lint   # optional", "pnpm lint", true)),
                block.commands());
    }

    @Test
    void a_command_declared_twice_is_kept_once_the_first_occurrence_and_its_flag_winning() {
        String twice = """
                ## Validation

                ```
                pnpm build
                pnpm lint # optional
                pnpm build # optional
                pnpm lint
                  pnpm build \s
                ```
                """;
        ValidationBlock block = ValidationBlock.parse(twice);

        assertEquals(
                List.of(
                        new DeclaredCommand(4, "pnpm build", "pnpm build", false),
                        new DeclaredCommand(5, "pnpm lint # optional", "pnpm lint", true)),
                block.commands());
        assertEquals(Shape.REQUIRED, block.shape());
    }

    @Test
    void an_optional_command_declared_again_as_required_stays_optional() {
        ValidationBlock block = ValidationBlock.parse("## Validation\n\n```\nmake doc # optional\nmake doc\n```\n");

        assertEquals(List.of(new DeclaredCommand(4, "make doc # optional", "make doc", true)), block.commands());
        assertEquals(Shape.OPTIONAL_ONLY, block.shape());
    }

    @Test
    void find_matches_after_trimming_and_removing_optional_on_both_sides() {
        ValidationBlock block =
                ValidationBlock.parse(task("## Validation\n\n```\npnpm test\npnpm lint # optional\n```\n"));

        assertEquals(
                new DeclaredCommand(11, "pnpm lint # optional", "pnpm lint", true),
                block.find("  pnpm lint ").orElseThrow());
        assertTrue(block.find("pnpm test # optional").isPresent());
        assertTrue(block.find("pnpm lint#optional").isEmpty(), "the marker is exactly # optional");
        assertTrue(block.find("pnpm  test").isEmpty(), "inner blanks are significant");
        assertTrue(block.find("echo ok").isEmpty());
        assertTrue(block.find("   ").isEmpty());
    }

    @Test
    void comments_are_not_commands() {
        ValidationBlock block =
                ValidationBlock.parse("## Validation\n```\n# pnpm build\npnpm test\n   # indented\n```\n");

        assertEquals(List.of("pnpm test"), block.normalizedCommands());
    }

    @Test
    void only_the_first_fenced_block_of_the_section_declares() {
        ValidationBlock block = ValidationBlock.parse(
                task("## Validation\n\nRun these:\n\n```text\npnpm test\n```\n\nExpected:\n\n```\nrm -rf /\n```\n"));

        assertEquals(List.of("pnpm test"), block.normalizedCommands());
    }

    @Test
    void the_section_ends_at_the_next_heading_of_level_one_or_two_but_not_three() {
        assertEquals(
                Shape.EMPTY,
                ValidationBlock.parse("## Validation\n\n## Notes\n\n```\npnpm test\n```\n")
                        .shape());
        assertEquals(
                Shape.EMPTY,
                ValidationBlock.parse("## Validation\n\n# Appendix\n\n```\npnpm test\n```\n")
                        .shape());
        assertEquals(
                List.of("pnpm test"),
                ValidationBlock.parse("## Validation\n\n### Unit tests\n\n```\npnpm test\n```\n")
                        .normalizedCommands());
    }

    @Test
    void a_heading_inside_a_code_fence_is_not_a_heading() {
        ValidationBlock block = ValidationBlock.parse(
                "## Example\n\n```markdown\n## Validation\n\n    rm -rf /\n```\n\n## Validation\n\n```\npnpm test\n```\n");

        assertEquals(List.of("pnpm test"), block.normalizedCommands());
        assertEquals(
                Shape.LEGACY, ValidationBlock.parse("```\n## Validation\n```\n").shape());
    }

    @Test
    void trailing_blanks_after_the_heading_are_allowed_and_tilde_fences_work() {
        ValidationBlock block = ValidationBlock.parse("## Validation  \t\n\n~~~~\npnpm test\n~~~~\n");

        assertEquals(List.of("pnpm test"), block.normalizedCommands());
    }

    @Test
    void crlf_input_reads_like_lf_input() {
        String lf = task("## Validation\n\n```\npnpm test\npnpm lint # optional\n```\n");

        ValidationBlock crlf = ValidationBlock.parse(lf.replace("\n", "\r\n"));

        assertEquals(ValidationBlock.parse(lf), crlf);
        assertFalse(crlf.commands().get(0).raw().contains("\r"));
    }

    @Test
    void a_near_miss_heading_never_makes_a_legacy_capsule() {
        for (String heading : List.of("## validation", "### Validation", "# Validation", "##  Validation")) {
            ValidationBlock block = ValidationBlock.parse(heading + "\n\n```\npnpm test\n```\n");

            assertEquals(Shape.MALFORMED, block.shape(), heading);
            assertTrue(block.problems().get(0).message().startsWith("the heading must read exactly"), heading);
        }
    }
}
