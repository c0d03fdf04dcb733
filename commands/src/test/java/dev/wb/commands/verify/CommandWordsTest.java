package dev.wb.commands.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CommandWordsTest {

    /** Each row: the command as written in sdd.json (after JSON unescaping), then its words. */
    static Stream<Arguments> commands() {
        return Stream.of(
                row("pytest -q", "pytest", "-q"),
                row("pnpm test", "pnpm", "test"),
                row(
                        "python -m unittest discover -s tests -q",
                        "python",
                        "-m",
                        "unittest",
                        "discover",
                        "-s",
                        "tests",
                        "-q"),
                row("\"C:/Program Files/nodejs/node.exe\" --test", "C:/Program Files/nodejs/node.exe", "--test"),
                row("\"C:\\Program Files\\x.exe\"", "C:\\Program Files\\x.exe"),
                row("C:\\Program\\x.exe", "C:Programx.exe"),
                row("  pytest\t -q  ", "pytest", "-q"),
                row("pytest -k 'slow and not db'", "pytest", "-k", "slow and not db"),
                row("pytest -k \"slow and not db\"", "pytest", "-k", "slow and not db"),
                row("echo 'a\\b'", "echo", "a\\b"),
                row("echo \"a\\\"b\"", "echo", "a\"b"),
                row("echo \"a\\\\b\"", "echo", "a\\b"),
                row("echo \"\\$HOME\"", "echo", "$HOME"),
                row("echo \"\\`\"", "echo", "`"),
                row("echo \"\\n\\t\"", "echo", "\\n\\t"),
                row("echo \"line\\\ncontinued\"", "echo", "linecontinued"),
                row("echo a\\\nb", "echo", "ab"),
                row("echo \\\n", "echo"),
                row("echo a\\ b", "echo", "a b"),
                row("echo \\'", "echo", "'"),
                row("echo \\\\", "echo", "\\"),
                row("echo $HOME ~ *.py #x", "echo", "$HOME", "~", "*.py", "#x"),
                row("echo a'b'\"c\"d", "echo", "abcd"),
                row("echo \"it's\"", "echo", "it's"),
                row("echo '\"'", "echo", "\""),
                row("echo \"\" ''", "echo", "", ""),
                row("echo a\"\"", "echo", "a"),
                row("echo ''\"\"", "echo", ""),
                row("npm run test -- --grep=\"a b\"", "npm", "run", "test", "--", "--grep=a b"),
                row("a\r\nb", "a", "b"),
                row("", new String[0]),
                row("   ", new String[0]));
    }

    private static Arguments row(String command, String... words) {
        return Arguments.of(command, List.of(words));
    }

    @ParameterizedTest
    @MethodSource("commands")
    void a_command_splits_into_the_words_a_posix_shell_would_pass(String command, List<String> words) {
        assertEquals(words, CommandWords.split(command));
    }

    @ParameterizedTest
    @MethodSource("unsplittable")
    void an_unterminated_quote_or_a_trailing_backslash_cannot_be_split(String command, String reason) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CommandWords.split(command));

        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    static Stream<Arguments> unsplittable() {
        return Stream.of(
                Arguments.of("pytest -k 'slow", "the single quote at character 11 is never closed"),
                Arguments.of("pytest -k \"slow", "the double quote at character 11 is never closed"),
                Arguments.of("pytest \"a\\\"", "the double quote at character 8 is never closed"),
                Arguments.of("pytest \"it's", "the double quote at character 8 is never closed"),
                Arguments.of("pytest 'a\\' 'b", "the single quote at character 13 is never closed"),
                Arguments.of("pytest \\", "ends with a backslash that escapes nothing"));
    }

    @Test
    void words_quoted_the_posix_way_split_back_into_the_same_words() {
        // Given random words of quotes, backslashes, blanks and shell characters
        Random random = new Random(20240601L);
        String alphabet = "ab \t'\"\\$`;|&<>()*~#\n=-é";
        for (int round = 0; round < 2_000; round++) {
            List<String> words = new ArrayList<>();
            for (int w = random.nextInt(5); w >= 0; w--) {
                StringBuilder word = new StringBuilder();
                for (int c = random.nextInt(6); c > 0; c--) {
                    word.append(alphabet.charAt(random.nextInt(alphabet.length())));
                }
                words.add(word.toString());
            }
            // When each is single-quoted (a ' written as '\'') and they are joined by blanks
            String command = words.stream()
                    .map(w -> "'" + w.replace("'", "'\\''") + "'")
                    .collect(Collectors.joining(random.nextBoolean() ? " " : " \t "));

            // Then splitting gives them back
            assertEquals(words, CommandWords.split(command), command);
        }
    }
}
