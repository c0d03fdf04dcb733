package dev.wb.commands.judge.reproduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import org.junit.jupiter.api.Test;

/** The generator commands {@code wb judge reproduce} asks consent for (hardened in issue 13, item 1). */
class ReproduceRefusesControlCharactersTest {

    static String task(String command, String prepare) {
        return "# Task\n\n## Migration\n\n```json\n{\"generator\": {\"command\": \"" + command + "\", \"commit\": \""
                + "0".repeat(40) + "\", \"review\": \"r.json\", \"inputs\": [\"tools/m.sh\"], \"prepare\": [\""
                + prepare + "\"]}, \"paths\": [\"data/c.txt\"]}\n```\n";
    }

    // "a command with control characters is refused outright"
    @Test
    void item01_a_generator_or_prepare_command_with_a_control_character_is_refused() {
        Failure command = assertThrows(
                Failure.class,
                () -> MigrationDeclaration.parse(task("sh tools/m.sh #\\r\\u001b[2K  npm ci", "npm ci"), "TASK-1"));
        Failure prepare = assertThrows(
                Failure.class, () -> MigrationDeclaration.parse(task("sh tools/m.sh", "npm ci\\u202e"), "TASK-1"));

        assertEquals(Failure.Kind.USAGE, command.kind());
        assertTrue(
                command.getMessage().contains("generator.command holds a control character (\\r) at character 16"),
                command::getMessage);
        assertTrue(
                prepare.getMessage().contains("generator.prepare holds a control character (\\u202e)"),
                prepare::getMessage);
        assertTrue(command.getMessage().chars().noneMatch(c -> c < 0x20 && c != '\n'), command::getMessage);
    }
}
