package dev.wb.gitrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The seed's table of subcommands and flags, and its refusals, row by row. */
class GitStepPolicyTest {

    static final String ADDRESS = "Ada Lovelace <ada@example.com>";

    /** Every form wb's own steps take, and a few more the table allows. */
    static Stream<List<String>> allowed() {
        return Stream.of(
                List.of("fetch"),
                List.of("fetch", "--prune"),
                List.of("fetch", "--prune", "origin"),
                List.of("fetch", "origin", "main"),
                List.of("switch", "-c", "ABC-12"),
                List.of("switch", "-c", "feature/ABC-12", "origin/main"),
                List.of("switch", "main"),
                List.of("cherry-pick", "0123abcd"),
                List.of("cherry-pick", "-x", "0123abcd", "4567ef01"),
                List.of("cherry-pick", "--continue"),
                List.of("cherry-pick", "--abort"),
                List.of("commit", "-F", ".workflow/ABC-12/commit-message.txt"),
                List.of("commit", "-F", "msg.txt", "--author", ADDRESS),
                List.of("commit", "--author", ADDRESS, "-F", "msg.txt"),
                List.of("commit", "-F", "msg.txt", "--author=" + ADDRESS),
                List.of("commit", "-F", "msg.txt", "--author", "Ada"),
                List.of("commit", "-F", "msg.txt", "--author", "O'Brien-Smith, Jr. <ob+wb@mail.example.org>"),
                List.of("commit", "-F", "msg with spaces.txt", "src/app.py"),
                List.of("push", "-u", "origin", "ABC-12"),
                List.of("push", "origin", "feature/ABC-12"),
                List.of("push", "-u", "origin"),
                List.of("add", "--", "src/app.py"),
                List.of("add", "--", "src/app.py", "docs/read me.md", "src/gone.py"));
    }

    /** {@code add} stages literal files named one by one: no pathspec, glob, folder or whole tree. */
    static Stream<Arguments> refusedAdds() {
        return Stream.of(
                Arguments.of(List.of("add"), "git add -- PATH"),
                Arguments.of(List.of("add", "--"), "git add -- PATH"),
                Arguments.of(List.of("add", "src/app.py"), "git add -- PATH"),
                Arguments.of(List.of("add", "-A"), "git add -- PATH"),
                Arguments.of(List.of("add", "--", "."), "not one literal file"),
                Arguments.of(List.of("add", "--", "src/"), "not one literal file"),
                Arguments.of(List.of("add", "--", "src/*.py"), "not one literal file"),
                Arguments.of(List.of("add", "--", "src/a?.py"), "not one literal file"),
                Arguments.of(List.of("add", "--", "src/[ab].py"), "not one literal file"),
                Arguments.of(List.of("add", "--", ":(exclude)x"), "not one literal file"),
                Arguments.of(List.of("add", "--", ":/"), "not one literal file"),
                Arguments.of(List.of("add", "--", "src/app.py", "-A"), "not one literal file"),
                Arguments.of(List.of("add", "--", "src/app.py", ""), "not one literal file"),
                Arguments.of(List.of("add", "--", "-f"), "force"));
    }

    @ParameterizedTest
    @MethodSource("refusedAdds")
    void add_takes_literal_files_only(List<String> argv, String expected) {
        String why = GitStepPolicy.refusal(argv).orElseThrow();
        assertTrue(why.contains(expected), why);
    }

    @ParameterizedTest
    @MethodSource("allowed")
    void every_allowed_form_is_accepted(List<String> argv) {
        assertEquals(Optional.empty(), GitStepPolicy.refusal(argv));
    }

    /** Each refusal, with a word its message must hold. */
    static Stream<Arguments> deniedTokens() {
        return Stream.of(
                Arguments.of("-f", "force"),
                Arguments.of("--force", "never forces"),
                Arguments.of("--force-with-lease", "force push"),
                Arguments.of("--force-with-lease=x", "force push"),
                Arguments.of("--force-with-lease=main:abc", "force push"),
                Arguments.of("--force-if-includes", "force push"),
                Arguments.of("--forc", "git reads it as --force"),
                Arguments.of("-fu", "-f"),
                Arguments.of("-uf", "-f"),
                Arguments.of("-xf", "-f"),
                Arguments.of("+main", "forces a refspec"),
                Arguments.of("+refs/heads/main:refs/heads/main", "forces a refspec"),
                Arguments.of("--amend", "rewrites a commit"),
                Arguments.of("--am", "git reads it as --amend"),
                Arguments.of("--no-verify", "hooks"),
                Arguments.of("--no-ver", "git reads it as --no-verify"),
                Arguments.of("reset", "discards work"),
                Arguments.of("rebase", "rewrites history"),
                Arguments.of("clean", "deletes untracked files"),
                Arguments.of("filter-branch", "rewrites history"),
                Arguments.of("update-ref", "behind git's own checks"),
                Arguments.of("--exec", "program git runs"),
                Arguments.of("--exec=x", "program git runs"),
                Arguments.of("--upload-pack=x", "on the remote"),
                Arguments.of("--upload-pack", "on the remote"),
                Arguments.of("--receive-pack=/tmp/evil", "on the remote"),
                Arguments.of("ext::sh -c touch% /tmp/pwned", "remote helper"),
                Arguments.of("fd::7", "remote helper"),
                Arguments.of("a;b", "';'"),
                Arguments.of(";", "';'"),
                Arguments.of("a&&b", "'&'"),
                Arguments.of("a|b", "'|'"),
                Arguments.of("`id`", "backtick"),
                Arguments.of("$(id)", "'$('"),
                Arguments.of("a\nb", "line break"),
                Arguments.of("a\rb", "line break"),
                Arguments.of("<in", "only in the address after --author"),
                Arguments.of("out>", "only in the address after --author"),
                Arguments.of(">", "only in the address after --author"),
                Arguments.of("Ada <ada@example.com> extra", "only in the address after --author"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deniedTokens")
    void a_denied_token_is_refused_in_every_position_of_every_allowed_form(String token, String why) {
        int checked = 0;
        for (List<String> base : allowed().toList()) {
            for (int at = 0; at <= base.size(); at++) {
                List<String> argv = new ArrayList<>(base);
                argv.add(at, token);
                Optional<String> refusal = GitStepPolicy.refusal(argv);
                assertTrue(refusal.isPresent(), () -> "accepted: " + argv);
                assertTrue(
                        refusal.get().contains(why), () -> argv + " was refused for another reason: " + refusal.get());
                checked++;
            }
        }
        assertTrue(checked > 80);
    }

    @ParameterizedTest
    @MethodSource("refusedShapes")
    void what_the_table_does_not_allow_is_refused_with_a_reason(List<String> argv, String why) {
        Optional<String> refusal = GitStepPolicy.refusal(argv);
        assertTrue(refusal.isPresent(), () -> "accepted: " + argv);
        assertTrue(refusal.get().contains(why), refusal::get);
    }

    static Stream<Arguments> refusedShapes() {
        return Stream.of(
                Arguments.of(List.of(), "an empty git step"),
                Arguments.of(List.of("status"), "'git status' is not a step wb runs"),
                Arguments.of(List.of("merge", "main"), "'git merge' is not a step wb runs"),
                Arguments.of(
                        List.of("-c", "core.hooksPath=/tmp/x", "commit", "-F", "m"), "'git -c' is not a step wb runs"),
                Arguments.of(List.of("--git-dir=/tmp/x", "push"), "'git --git-dir=/tmp/x' is not a step wb runs"),
                Arguments.of(
                        List.of("fetch", "-u"),
                        "'-u' (argument 2) is not a flag git fetch may take here; allowed: --prune"),
                Arguments.of(List.of("push", "--prune", "origin"), "allowed: -u"),
                Arguments.of(List.of("push", "--tags"), "not a flag git push may take"),
                Arguments.of(List.of("push", "--delete", "origin", "x"), "not a flag git push may take"),
                Arguments.of(List.of("push", "-d", "origin", "x"), "not a flag git push may take"),
                Arguments.of(List.of("switch", "-C", "main"), "not a flag git switch may take"),
                Arguments.of(List.of("switch", "--discard-changes", "main"), "not a flag git switch may take"),
                Arguments.of(List.of("switch", "-x", "main"), "allowed: -c"),
                Arguments.of(List.of("commit", "-m", "message"), "not a flag git commit may take"),
                Arguments.of(List.of("commit", "-c", "HEAD", "-F", "m"), "not a flag git commit may take"),
                Arguments.of(List.of("commit", "-n", "-F", "m"), "short form of --no-verify"),
                Arguments.of(List.of("commit", "-F", "m", "-an"), "short form of --no-verify"),
                Arguments.of(List.of("commit", "src/app.py"), "needs -F FILE"),
                Arguments.of(List.of("commit", "--author", ADDRESS), "needs -F FILE"),
                Arguments.of(List.of("commit", "-F"), "needs a value after it"),
                Arguments.of(List.of("commit", "-F", "-"), "needs a value after it"),
                Arguments.of(List.of("commit", "-F", "m", "--author"), "needs a value after it"),
                Arguments.of(List.of("switch", "-c"), "needs a value after it"),
                Arguments.of(List.of("switch", "-c", "-b"), "needs a value after it"),
                Arguments.of(List.of("cherry-pick", "-"), "not a flag git cherry-pick may take"),
                Arguments.of(List.of("cherry-pick", "--", "abc"), "not a flag git cherry-pick may take"),
                Arguments.of(List.of("cherry-pick", "-m", "1", "abc"), "not a flag git cherry-pick may take"),
                Arguments.of(List.of("push", "origin", ""), "is empty"),
                Arguments.of(List.of("push", "origin", "HEAD:main"), "refspec naming another destination"),
                Arguments.of(List.of("push", "origin", ":main"), "refspec naming another destination"),
                Arguments.of(List.of("fetch", "origin", "main:main"), "refspec naming another destination"),
                Arguments.of(List.of("commit", "-F", "m", "--author", "Ada <not an address>"), "< or >"),
                Arguments.of(List.of("commit", "-F", "m", "--author", "<ada@example.com>"), "< or >"),
                Arguments.of(List.of("commit", "-F", "a<b"), "< or >"),
                Arguments.of(List.of("commit", "-F", "m", "--author", ADDRESS, ADDRESS), "< or >"),
                Arguments.of(List.of("push", "--author", ADDRESS, "origin"), "not a flag git push may take"),
                Arguments.of(List.of("commit", "-F", "m", "--author=" + ADDRESS + ">"), "< or >"),
                Arguments.of(List.of("push", "origin", "x\0y"), "NUL"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"fetch", "cherry-pick", "commit", "push"})
    void c_is_switch_s_create_flag_and_no_other_subcommand_s(String subcommand) {
        assertEquals(Optional.empty(), GitStepPolicy.refusal(List.of("switch", "-c", "ABC-12")));
        Optional<String> refusal = GitStepPolicy.refusal(List.of(subcommand, "-c", "x"));
        assertTrue(
                refusal.orElseThrow().contains("'-c' (argument 2) is not a flag git " + subcommand + " may take"),
                refusal::get);
    }
}
