package dev.wb.gitrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A git step a person reads is the step that runs (hardened in issue 13, item 1). */
class GitStepRefusesControlCharactersTest {

    // "Every text wb shows a person for a decision ... must be shown with control characters escaped"
    @Test
    void item01_a_printed_step_shows_its_control_characters_escaped() {
        List<String> argv = List.of("commit", "-F", "m", "--author", "Ada\r\033[2K <ada@example.com>");

        assertEquals("git commit -F m --author 'Ada\\r\\x1b[2K <ada@example.com>'", GitCommandText.print(argv));
    }

    // "a command with control characters is refused outright"
    @Test
    void item01_a_step_with_any_control_character_is_refused() {
        Optional<String> escape = GitStepPolicy.refusal(List.of("switch", "-c", "task/ABC-1\033[8m"));
        Optional<String> tab = GitStepPolicy.refusal(List.of("switch", "-c", "task/ABC\t1"));

        assertTrue(escape.orElseThrow().contains("'task/ABC-1\\x1b[8m' (argument 3)"), escape::toString);
        assertTrue(escape.get().contains("a control character (\\x1b)"), escape::toString);
        assertTrue(tab.orElseThrow().contains("a control character (\\t)"), tab::toString);
    }
}
