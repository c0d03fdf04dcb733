package dev.wb.commands.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class VerifyPolicyTest {

    static Stream<String> runners() {
        return VerifyPolicy.RUNNERS.stream().sorted();
    }

    @ParameterizedTest
    @MethodSource("runners")
    void every_allowlisted_runner_is_accepted(String runner) {
        assertEquals(Optional.empty(), VerifyPolicy.refusal(runner + " --version"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "git status",
                "curl https://example.com",
                "wget x",
                "sh -c pytest",
                "bash run.sh",
                "zsh x",
                "env PYTHONPATH=lib pytest",
                "sudo make",
                "xargs pytest",
                "ssh host",
                "pip install x",
                "/bin/sh -c x",
                "cmd.exe /c x",
                "powershell.exe x",
                "Python x",
                "pytest.py x"
            })
    void a_program_that_is_not_a_runner_is_refused(String command) {
        String runner = VerifyPolicy.runnerOf(CommandWords.split(command));

        assertEquals(
                Optional.of("refused: \"" + runner + "\" is not a known build, test or lint runner"),
                VerifyPolicy.refusal(command));
    }

    @Test
    void no_never_runner_is_on_the_allowlist() {
        Set<String> both = new HashSet<>(VerifyPolicy.RUNNERS);
        both.retainAll(VerifyPolicy.NEVER);

        assertEquals(Set.of(), both);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '~',
            value = {
                "pytest -q                                   | pytest",
                "./gradlew test                              | gradlew",
                "/usr/bin/python3 -m pytest                  | python3",
                "\"C:/Program Files/nodejs/node.exe\" --test | node",
                "\"C:\\Program Files\\nodejs\\node.exe\" x   | node",
                "C:/tools/MVNW.CMD verify                    | MVNW",
                "gradlew.bat build                           | gradlew",
                "'tools\\make.Exe'                           | make",
                "tools\\make.Exe                             | toolsmake",
                "python3.12 -m pytest                        | python3.12"
            })
    void the_runner_is_the_file_name_of_the_first_word(String command, String runner) {
        assertEquals(runner, VerifyPolicy.runnerOf(CommandWords.split(command)));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "./gradlew test",
                "/usr/bin/python3 -m pytest",
                "\"C:/Program Files/nodejs/node.exe\" --test",
                "mvnw.cmd verify",
                "gradlew.BAT build",
                "python3.12 -m pytest",
                "python2.7 setup.py test",
                "/opt/py/bin/python3.11 -m unittest",
                "node_modules/.bin/jest --ci"
            })
    void a_runner_named_by_path_or_version_is_accepted(String command) {
        assertEquals(Optional.empty(), VerifyPolicy.refusal(command));
    }

    /** Each row: the command, then the character its refusal names. */
    static Stream<Arguments> shellCharacters() {
        return Stream.of(
                Arguments.of("pytest; rm -rf /", ";"),
                Arguments.of("pytest && echo ok", "&"),
                Arguments.of("pytest & sleep 1", "&"),
                Arguments.of("pytest | tee out", "|"),
                Arguments.of("pytest > out", ">"),
                Arguments.of("pytest < in", "<"),
                Arguments.of("pytest `whoami`", "`"),
                Arguments.of("pytest $(whoami)", "$("),
                Arguments.of("pytest '$(quoted)'", "$("),
                Arguments.of("pytest \"a|b\"", "|"),
                Arguments.of("pytest -k 'x;y'", ";"),
                Arguments.of("pytest 2>&1", ">"),
                Arguments.of("pytest \\;", ";"));
    }

    @ParameterizedTest
    @MethodSource("shellCharacters")
    void a_shell_character_is_refused_outright_even_inside_quotes_or_escaped(String command, String character) {
        assertEquals(
                Optional.of("refused: contains \"" + character + "\" (no shell: commands run directly)"),
                VerifyPolicy.refusal(command));
    }

    @ParameterizedTest
    @ValueSource(strings = {"pytest\n-q", "pytest\r-q", "pytest 'a\nb'", "pytest \\\n-q"})
    void a_line_break_is_refused_outright(String command) {
        assertEquals(
                Optional.of("refused: contains a line break (no shell: commands run directly)"),
                VerifyPolicy.refusal(command));
    }

    @Test
    void a_nul_character_is_refused_because_no_process_argument_can_hold_one() {
        assertTrue(VerifyPolicy.refusal("pytest a\0b").orElseThrow().contains("a NUL character"));
    }

    @Test
    void a_dollar_without_a_parenthesis_is_a_literal_not_a_refusal() {
        assertEquals(Optional.empty(), VerifyPolicy.refusal("pytest -k $HOME ${X}"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "\t"})
    void an_empty_command_is_refused(String command) {
        assertEquals(Optional.of("refused: the command is empty"), VerifyPolicy.refusal(command));
    }

    @Test
    void an_unsplittable_command_is_refused_with_the_splitters_reason() {
        assertEquals(
                Optional.of("refused: cannot split \"pytest -k 'slow\": the single quote at character 11"
                        + " is never closed"),
                VerifyPolicy.refusal("pytest -k 'slow"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"\" -q", "./ x", ".exe"})
    void a_first_word_that_names_no_program_is_refused(String command) {
        assertTrue(VerifyPolicy.refusal(command).orElseThrow().endsWith("names no program"));
    }

    @Test
    void the_first_refused_character_is_the_one_named() {
        assertEquals(
                Optional.of("refused: contains \"|\" (no shell: commands run directly)"),
                VerifyPolicy.refusal("pytest | x; y"));
        assertEquals(
                Optional.of("refused: contains \"<\" (no shell: commands run directly)"),
                VerifyPolicy.refusal("curl < in"),
                "characters are checked before the runner");
    }

    @Test
    void the_words_alone_are_judged_by_their_runner() {
        assertEquals(Optional.empty(), VerifyPolicy.refusal(List.of("cargo", "test", ";")));
        assertEquals(
                Optional.of("refused: \"git\" is not a known build, test or lint runner"),
                VerifyPolicy.refusal(List.of("git", "status")));
        assertEquals(Optional.of("refused: the command is empty"), VerifyPolicy.refusal(List.of()));
    }
}
