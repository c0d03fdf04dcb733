package dev.wb.commands.verify;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Thousands of random commands, built from what makes splitting and refusing hard (quotes,
 * backslashes, blanks, every refused character, runner names by path), checked against the
 * properties the boundary promises. The seed is fixed: a failure names the command and replays.
 */
class VerifyPolicyFuzzTest {

    private static final long SEED = 0x5EED_2024L;
    private static final int ROUNDS = 20_000;

    /** An oracle written apart from the policy's own scan. */
    private static final Pattern REFUSED = Pattern.compile("[;&|><`\\n\\r\\x00]|\\$\\(");

    private static final List<String> FRAGMENTS = List.of(
            " ",
            " ",
            "\t",
            "'",
            "'",
            "\"",
            "\"",
            "\\",
            "\\",
            ";",
            "&",
            "|",
            ">",
            "<",
            "`",
            "$",
            "(",
            ")",
            "$(",
            "\n",
            "\r",
            "\0",
            "a",
            "-q",
            "=",
            "/",
            ".",
            "é",
            "🙂",
            "pytest",
            "npm",
            "python3.12",
            "./gradlew",
            "C:\\tools\\node.exe",
            "\"C:/Program Files/x/node.exe\"",
            "git",
            "curl",
            "sh",
            "bash",
            "/bin/sh",
            "mvnw.cmd",
            "Python",
            "\"\"",
            "''");

    @Test
    void random_commands_keep_the_boundarys_promises() {
        Random random = new Random(SEED);
        int accepted = 0;
        int refused = 0;
        for (int round = 0; round < ROUNDS; round++) {
            String command = randomCommand(random);

            // Splitting never throws anything but IllegalArgumentException
            try {
                CommandWords.split(command);
            } catch (IllegalArgumentException expected) {
                // an unterminated quote or a trailing backslash
            } catch (RuntimeException e) {
                fail("split threw " + e + " for " + describe(command));
            }

            Optional<String> refusal = assertDoesNotThrow(() -> VerifyPolicy.refusal(command), describe(command));
            if (REFUSED.matcher(command).find()) {
                // Anything holding a refused character is refused, for that reason
                assertTrue(refusal.isPresent() && refusal.get().startsWith("refused: contains "), describe(command));
            }
            if (refusal.isEmpty()) {
                // Anything accepted splits, and its runner is on the allowlist
                List<String> argv = assertDoesNotThrow(() -> CommandWords.split(command), describe(command));
                assertTrue(VerifyPolicy.isKnownRunner(VerifyPolicy.runnerOf(argv)), describe(command));
                accepted++;
            } else {
                refused++;
            }
        }
        // The generator is worth its time only if it reaches both sides of the boundary.
        assertTrue(accepted > ROUNDS / 50, "accepted " + accepted);
        assertTrue(refused > ROUNDS / 50, "refused " + refused);
    }

    private static String randomCommand(Random random) {
        StringBuilder command = new StringBuilder();
        if (random.nextBoolean()) {
            command.append(random.nextBoolean() ? "pytest " : "./gradlew ");
        }
        for (int n = random.nextInt(12); n >= 0; n--) {
            command.append(FRAGMENTS.get(random.nextInt(FRAGMENTS.size())));
        }
        return command.toString();
    }

    private static String describe(String command) {
        return "command "
                + command.replace("\\", "\\\\")
                        .replace("\n", "\\n")
                        .replace("\r", "\\r")
                        .replace("\0", "\\0");
    }
}
