package dev.wb.gitrun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thousands of generated argument lists, from a fixed seed so a failure can be replayed: no list
 * holding a denied token is ever accepted, every accepted list keeps to the table, and the runner
 * never starts git for a refused one (a stand-in git on PATH records every start).
 */
class GitStepPolicyFuzzTest {

    private static final long SEED = 20261130L;
    private static final int CASES = 20_000;

    private static final List<String> SUBCOMMANDS = List.of("fetch", "switch", "cherry-pick", "commit", "push");

    private static final List<String> POOL = List.of(
            // the table's own flags
            "--prune",
            "-c",
            "--continue",
            "--abort",
            "-x",
            "-F",
            "--author",
            "-u",
            // denied in every position
            "-f",
            "--force",
            "--force-with-lease",
            "--force-with-lease=main",
            "--force-if-includes",
            "-fu",
            "-uf",
            "+main",
            "+refs/heads/x:refs/heads/x",
            "--amend",
            "--no-verify",
            "-n",
            "reset",
            "rebase",
            "clean",
            "filter-branch",
            "update-ref",
            "--exec",
            "--exec=sh",
            "--upload-pack=x",
            "--receive-pack",
            "--forc",
            "--no-v",
            "ext::sh -c x",
            // other flags and subcommands
            "-m",
            "-C",
            "-d",
            "--delete",
            "--tags",
            "--all",
            "-q",
            "-v",
            "--",
            "-",
            "status",
            "merge",
            "add",
            "-cf",
            // operands
            "origin",
            "main",
            "ABC-12",
            "feature/x",
            "0123abcd",
            "msg.txt",
            "HEAD",
            "HEAD:main",
            ":main",
            "",
            "Ada Lovelace <ada@example.com>",
            "--author=Ada Lovelace <ada@example.com>",
            "Ada",
            "<ada@example.com>",
            // shell syntax
            "a;b",
            "a&b",
            "a|b",
            "`x`",
            "$(x)",
            "a\nb",
            "x>y",
            "<y",
            "$HOME",
            "~/x",
            "*",
            "a b");

    private static final String ALPHABET = "abcfnux-+:=<>;&|`$()@. \n/F";

    private static final Pattern TOKEN_REFUSAL = Pattern.compile(
            "\\(argument \\d+\\)(.*)? (is refused wherever it appears|holds |is or contains -|starts with \\+|names a remote helper)");

    private static final Pattern ADDRESS = Pattern.compile("[^<>]*[^<>\\s] <[^<>\\s@]+@[^<>\\s@]+>");

    @TempDir
    Path dir;

    @Test
    void no_generated_argument_list_holding_a_denied_token_is_accepted() {
        Random random = new Random(SEED);
        int accepted = 0;
        int denied = 0;
        for (int n = 0; n < CASES; n++) {
            List<String> argv = generate(random);
            Optional<String> refusal = GitStepPolicy.refusal(argv);
            boolean refused = refusal.isPresent();
            if (holdsDenied(argv)) {
                denied++;
                assertTrue(refused, () -> "accepted a denied token: " + argv);
                // Refused for the token itself, not only because the table happens not to allow it.
                assertTrue(
                        TOKEN_REFUSAL.matcher(refusal.get()).find(), () -> argv + " refused only as " + refusal.get());
            }
            if (!refused) {
                accepted++;
                assertKeepsToTheTable(argv);
            }
        }
        assertTrue(accepted > 500, "too few accepted cases to mean anything: " + accepted);
        assertTrue(denied > 5_000, "too few denied cases to mean anything: " + denied);
    }

    @Test
    void the_runner_never_starts_git_for_a_refused_list_and_runs_an_accepted_one_exactly_with_hooks_off()
            throws IOException {
        Path log = dir.resolve("git-was-run.log");
        Map<String, String> env = standInGit(log);
        Random random = new Random(SEED + 1);
        List<List<String>> refused = new ArrayList<>();
        List<List<String>> accepted = new ArrayList<>();
        while (refused.size() < 300 || accepted.size() < 25) {
            List<String> argv = generate(random);
            (GitStepPolicy.refusal(argv).isPresent() ? refused : accepted).add(argv);
        }
        for (List<String> argv : refused) {
            SeriesResult result = GitRunner.execute(dir, List.of(new GitStep(argv, Set.of(), "fuzz")), Set.of(), env);
            assertEquals(
                    StepOutcome.Status.REFUSED, result.failed().orElseThrow().status());
            assertFalse(Files.exists(log), () -> "git ran for a refused step: " + argv);
        }
        List<String> expected = new ArrayList<>();
        for (List<String> argv : accepted.subList(0, 25)) {
            SeriesResult result = GitRunner.execute(dir, List.of(new GitStep(argv, Set.of(), "fuzz")), Set.of(), env);
            assertTrue(result.completed(), () -> argv + ": " + result);
            // exactly the step's argv, after the words that keep hooks off
            List<String> ran = new ArrayList<>(GitRunner.HOOKS_OFF);
            ran.addAll(argv);
            expected.add(String.join("\0", ran));
        }
        List<String> recorded =
                List.of(Files.readString(log, StandardCharsets.UTF_8).split("\n"));
        assertEquals(
                expected,
                recorded.stream()
                        .map(line -> line.endsWith("\0") ? line.substring(0, line.length() - 1) : line)
                        .toList());
    }

    /** A PATH whose only git writes its arguments, NUL-separated, one run a line, to {@code log}. */
    private Map<String, String> standInGit(Path log) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path git = bin.resolve("git");
        Files.writeString(git, "#!/bin/sh\nprintf '%s\\0' \"$@\" >> '" + log + "'\nprintf '\\n' >> '" + log + "'\n");
        Files.setPosixFilePermissions(git, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = new HashMap<>();
        env.put("PATH", bin + ":/usr/bin:/bin");
        return env;
    }

    private static List<String> generate(Random random) {
        int length = 1 + random.nextInt(6);
        List<String> argv = new ArrayList<>(length);
        for (int i = 0; i < length; i++) {
            if (i == 0 && random.nextInt(10) < 8) {
                argv.add(SUBCOMMANDS.get(random.nextInt(SUBCOMMANDS.size())));
            } else if (random.nextInt(5) == 0) {
                argv.add(randomWord(random));
            } else {
                argv.add(POOL.get(random.nextInt(POOL.size())));
            }
        }
        return argv;
    }

    private static String randomWord(Random random) {
        StringBuilder word = new StringBuilder();
        int length = 1 + random.nextInt(6);
        for (int i = 0; i < length; i++) {
            word.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return word.toString();
    }

    /** The seed's refusals, written again independently of the policy: is any of them in {@code argv}? */
    static boolean holdsDenied(List<String> argv) {
        for (int i = 0; i < argv.size(); i++) {
            String token = argv.get(i);
            String name = token.contains("=") ? token.substring(0, token.indexOf('=')) : token;
            boolean shortFlags = token.startsWith("-") && !token.startsWith("--");
            if (token.matches("(?s).*[;&|`\\n\\r\\x00].*")
                    || token.contains("$(")
                    || Set.of("reset", "rebase", "clean", "filter-branch", "update-ref")
                            .contains(token)
                    || name.startsWith("--force")
                    || name.equals("--amend")
                    || name.equals("--no-verify")
                    || name.equals("--exec")
                    || name.equals("--upload-pack")
                    || name.equals("--receive-pack")
                    || (shortFlags && token.contains("f"))
                    || (shortFlags && token.contains("n") && argv.get(0).equals("commit"))
                    || token.startsWith("+")
                    || token.matches("(?s)[A-Za-z0-9+.-]+::.*")) {
                return true;
            }
            if (token.contains("<") || token.contains(">")) {
                boolean address = token.startsWith("--author=")
                        ? ADDRESS.matcher(token.substring("--author=".length())).matches()
                        : i > 0
                                && argv.get(i - 1).equals("--author")
                                && ADDRESS.matcher(token).matches();
                if (!address) {
                    return true;
                }
            }
        }
        return false;
    }

    /** An accepted list: an allowed subcommand, and every word that starts with - one of its own flags. */
    private static void assertKeepsToTheTable(List<String> argv) {
        Set<String> flags = GitStepPolicy.FLAGS.get(argv.get(0));
        assertTrue(flags != null, () -> "accepted a subcommand off the table: " + argv);
        for (String token : argv.subList(1, argv.size())) {
            boolean author = argv.get(0).equals("commit") && token.startsWith("--author=");
            assertTrue(
                    !token.startsWith("-") || flags.contains(token) || author,
                    () -> "accepted " + token + " in " + argv);
            assertFalse(token.isEmpty(), () -> "accepted an empty argument in " + argv);
        }
    }
}
