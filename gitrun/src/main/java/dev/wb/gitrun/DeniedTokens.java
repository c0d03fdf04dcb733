package dev.wb.gitrun;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The refusals of {@link GitStepPolicy} that hold for a token in any position, whatever the
 * subcommand: checked before the table, so that each gets a message saying what it would do.
 */
final class DeniedTokens {

    /** Words refused as any token, with why. */
    static final Map<String, String> DENIED_WORDS = Map.of(
            "reset", "it moves the branch or discards work",
            "rebase", "it rewrites history",
            "clean", "it deletes untracked files",
            "filter-branch", "it rewrites history",
            "update-ref", "it moves a ref behind git's own checks");

    /** Long options refused in any position, with why; their unique abbreviations are refused alike. */
    static final Map<String, String> DENIED_LONG =
            Collections.unmodifiableSortedMap(new TreeMap<>(Map.of( // --force first
                    "--force", "it overwrites history others may have: wb never forces",
                    "--force-with-lease", "it is a force push: wb never forces",
                    "--force-if-includes", "it belongs to a force push: wb never forces",
                    "--amend", "it rewrites a commit that may already be published",
                    "--no-verify", "it skips the repository's hooks",
                    "--exec", "it changes the program git runs",
                    "--upload-pack", "it changes the program git runs on the remote",
                    "--receive-pack", "it changes the program git runs on the remote")));

    /** {@code transport::address}: the address goes to {@code git-remote-<transport>}; {@code ext::} runs any command. */
    private static final Pattern REMOTE_HELPER = Pattern.compile("^[A-Za-z0-9+.-]+::");

    /** An RFC 822 mailbox as git writes one: a name, a space, an address in angle brackets. */
    private static final Pattern ADDRESS = Pattern.compile("[^<>]*[^<>\\s] <[^<>\\s@]+@[^<>\\s@]+>");

    private DeniedTokens() {}

    /** The refusals that hold in any position, whatever the subcommand. */
    static Optional<String> refusal(List<String> argv, int i) {
        String token = argv.get(i);
        String shown = "'" + Tokens.visible(token) + "' (argument " + (i + 1) + ")";
        Optional<String> shell = Tokens.shellCharacter(token);
        if (shell.isPresent()) {
            return Optional.of(shown + " holds " + shell.get()
                    + ": git steps run without a shell, so shell syntax is refused, not escaped");
        }
        Optional<String> control = Tokens.controlCharacter(token);
        if (control.isPresent()) {
            return Optional.of(shown + " holds " + control.get()
                    + ": it could make the printed command read as another, so it is refused");
        }
        if (DENIED_WORDS.containsKey(token)) {
            return Optional.of(shown + " is refused wherever it appears: " + DENIED_WORDS.get(token));
        }
        if (token.startsWith("--")) {
            String name = token.contains("=") ? token.substring(0, token.indexOf('=')) : token;
            for (Map.Entry<String, String> denied : DENIED_LONG.entrySet()) {
                if (name.equals(denied.getKey())
                        || (name.length() >= 4 && denied.getKey().startsWith(name))) {
                    String spelled = name.equals(denied.getKey()) ? "" : " (git reads it as " + denied.getKey() + ")";
                    return Optional.of(shown + spelled + " is refused wherever it appears: " + denied.getValue());
                }
            }
        } else if (token.startsWith("-") && token.indexOf('f') > 0) {
            return Optional.of(shown + " is or contains -f, git's force flag: wb never forces");
        } else if (token.startsWith("-")
                && token.indexOf('n') > 0
                && argv.get(0).equals("commit")) {
            return Optional.of(shown + " is or contains -n, commit's short form of --no-verify: it skips the hooks");
        }
        if (REMOTE_HELPER.matcher(token).find()) {
            return Optional.of(shown + " names a remote helper (transport::address), which changes the program git"
                    + " runs; name a configured remote instead");
        }
        if (token.startsWith("+")) {
            return Optional.of(shown + " starts with +, which forces a refspec: wb never forces");
        }
        if ((token.indexOf('<') >= 0 || token.indexOf('>') >= 0) && !isAuthorAddress(argv, i)) {
            return Optional.of(shown + " holds < or >: those appear only in the address after --author"
                    + " (Name <user@host>), anywhere else they read as a shell redirect");
        }
        return Optional.empty();
    }

    private static boolean isAuthorAddress(List<String> argv, int i) {
        String token = argv.get(i);
        if (token.startsWith("--author=")) {
            return ADDRESS.matcher(token.substring("--author=".length())).matches();
        }
        return i > 0
                && argv.get(i - 1).equals("--author")
                && ADDRESS.matcher(token).matches();
    }
}
