package dev.wb.commands.process;

import java.util.List;
import java.util.Locale;

/**
 * Which of {@link Redactor}'s patterns could match a text at all, found with plain substring searches
 * before any regular expression runs: each pattern needs a literal (a key's {@code -----BEGIN}, a
 * token's prefix, {@code authorization}, {@code bearer} or {@code ://}, a secret-looking name next to
 * {@code :} or {@code =}), and a text without it cannot match, so its pattern is skipped. Most text an
 * event holds (digests, paths, verdicts, commands) has none, and the page of a long history redacts
 * every string of every payload.
 *
 * <p>The searches run on the text in lower case, so each is a superset of its case-sensitive pattern;
 * a replacement made before a later pattern runs only removes text and puts {@code [redacted]} in its
 * place, whose brackets no literal holds, so it can join no literal that was not there before.
 */
record Clues(boolean pem, boolean token, boolean prefix, boolean assignment) {

    private static final List<String> TOKEN_PREFIXES =
            List.of("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "akia", "asia", "xox", "sk-", "aiza", "eyj");

    private static final List<String> SECRET_WORDS =
            List.of("token", "secret", "passw", "passphrase", "api", "access", "private", "credential");

    static Clues of(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        boolean assigns = lower.indexOf(':') >= 0 || lower.indexOf('=') >= 0;
        return new Clues(
                lower.contains("-----begin"),
                anyOf(lower, TOKEN_PREFIXES),
                lower.contains("bearer") || (assigns && lower.contains("authorization")) || lower.contains("://"),
                assigns && anyOf(lower, SECRET_WORDS));
    }

    private static boolean anyOf(String text, List<String> literals) {
        for (String literal : literals) {
            if (text.contains(literal)) {
                return true;
            }
        }
        return false;
    }
}
