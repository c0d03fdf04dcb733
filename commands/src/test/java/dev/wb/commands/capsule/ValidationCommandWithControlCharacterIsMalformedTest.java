package dev.wb.commands.capsule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.capsule.ValidationBlock.Shape;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The validation commands a person consents to are the ones that run (hardened in issue 13). */
class ValidationCommandWithControlCharacterIsMalformedTest {

    // "a ## Validation line such as sh -c 'touch /tmp/x' #\r\033[2K  1. make -s check is printed raw"
    @ParameterizedTest
    @ValueSource(
            strings = {
                "sh -c 'touch /tmp/x' #\r\033[2K  1. make -s check",
                "make\033[8m -s check",
                "make -s check \u202e",
                "make\t-s check",
                "make -s check\u0085"
            })
    void item01_a_declared_command_with_a_control_character_makes_the_block_malformed(String command) {
        ValidationBlock block = ValidationBlock.parse(
                ValidationBlockTest.task("## Validation\n\n```\npnpm test\n" + command + "\n```\n"));

        assertEquals(Shape.MALFORMED, block.shape(), block::toString);
        assertTrue(block.commands().isEmpty(), "a malformed block declares nothing, so nothing in it can run");
        assertEquals(1, block.problems().size(), block::toString);
        CapsuleProblem problem = block.problems().get(0);
        assertEquals(11, problem.line(), problem::render);
        assertTrue(problem.message().startsWith("the command holds a control character ("), problem::render);
        assertTrue(problem.render().chars().noneMatch(c -> c < 0x20 || c == 0x7f), problem::render);
    }
}
