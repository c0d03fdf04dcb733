package dev.wb.gitrun;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The printed command is the one that runs: pasted into a POSIX shell, it reaches git as exactly
 * the arguments wb would pass. Proved with a real {@code sh}, in which {@code git} is a function
 * that prints its arguments back. A control character is the exception: it is shown escaped, never
 * reproduced (GitStepRefusesControlCharactersTest), and the policy refuses a step that carries one.
 */
class GitCommandTextTest {

    @TempDir
    Path dir;

    @Test
    void plain_arguments_are_printed_as_they_are() {
        assertEquals(
                "git push -u origin feature/ABC-12",
                GitCommandText.print(List.of("push", "-u", "origin", "feature/ABC-12")));
        assertEquals("git fetch --prune", GitCommandText.print(List.of("fetch", "--prune")));
        assertEquals("git cherry-pick -x 0123abcd", GitCommandText.print(List.of("cherry-pick", "-x", "0123abcd")));
    }

    @Test
    void an_author_address_is_one_quoted_argument_not_a_redirect() {
        assertEquals(
                "git commit -F .workflow/ABC-12/message.txt --author 'Ada Lovelace <ada@example.com>'",
                GitCommandText.print(List.of(
                        "commit", "-F", ".workflow/ABC-12/message.txt", "--author", "Ada Lovelace <ada@example.com>")));
        assertEquals(
                "git commit -F m '--author=Ada <ada@example.com>'",
                GitCommandText.print(List.of("commit", "-F", "m", "--author=Ada <ada@example.com>")));
    }

    @Test
    void single_quotes_and_empty_arguments_survive() {
        assertEquals("git commit -F 'it'\\''s.txt' ''", GitCommandText.print(List.of("commit", "-F", "it's.txt", "")));
    }

    @Test
    void a_pasted_command_reaches_git_as_the_same_arguments() {
        List<String> argv = List.of(
                "commit",
                "-F",
                "msg with spaces.txt",
                "--author",
                "Ada O'Brien <ada@example.com>",
                "$HOME",
                "~/x",
                "*.txt",
                "#not-a-comment",
                "a\"b",
                "back\\slash",
                "",
                "!bang",
                "{a,b}",
                "ünïcödé",
                "a;b",
                "$(id)",
                "`id`",
                "x > y",
                "-");
        assertEquals(argv, throughShell(GitCommandText.print(argv)));
    }

    @Test
    void random_arguments_survive_the_shell_too() {
        Random random = new Random(7);
        String alphabet = "ab '\"\\$`!*?[]{}();&|<>#~=%@,.:/-";
        List<String> argv = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            StringBuilder token = new StringBuilder();
            for (int k = random.nextInt(8); k > 0; k--) {
                token.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            argv.add(token.toString());
        }
        assertEquals(argv, throughShell(GitCommandText.print(argv)));
    }

    /** Runs {@code printed} in sh with git defined to print its arguments NUL-separated; returns them. */
    private List<String> throughShell(String printed) {
        String script = "git() { for a in \"$@\"; do printf '%s\\0' \"$a\"; done; }\n" + printed + "\n";
        TempGitRepo.ProcessResult result =
                TempGitRepo.Processes.run(dir, List.of("sh", "-c", script), Map.of("HOME", "/home/nobody"), 30);
        assertEquals(0, result.exitCode(), result.stderr());
        List<String> args = new ArrayList<>();
        String out = result.stdout();
        for (int start = 0, nul; (nul = out.indexOf('\0', start)) >= 0; start = nul + 1) {
            args.add(out.substring(start, nul));
        }
        return args;
    }
}
