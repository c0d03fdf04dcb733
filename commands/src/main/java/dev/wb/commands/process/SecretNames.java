package dev.wb.commands.process;

import java.util.List;
import java.util.Locale;

/**
 * The one rule for which names carry secrets — environment variables, env-file keys and
 * {@code security.extra_environment} entries alike — used wherever wb masks, drops or redacts by name:
 * {@code wb config show}, preflight's {@code allowed-environment} and {@code assigned-paths}, and the
 * redactor of evidence. A name is secret when it contains one of {@link #CONTAINED} anywhere, or has one
 * of {@link #PARTS} as a whole part between {@code _}, {@code .} or {@code -} (so {@code SIGNING_KEY} and {@code GH_AUTH} are,
 * while {@code KEYBOARD_LAYOUT} and {@code GIT_AUTHOR_NAME} are not). The shell's {@code PWD} and
 * {@code OLDPWD} are folders, not passwords: redacting them would blank out every path under them.
 */
public final class SecretNames {

    /** Substrings that make any name secret. */
    public static final List<String> CONTAINED = List.of(
            "TOKEN",
            "SECRET",
            "PASSWORD",
            "PASSWD",
            "PASSPHRASE",
            "API_KEY",
            "APIKEY",
            "ACCESS_KEY",
            "PRIVATE_KEY",
            "CREDENTIAL",
            "PRIVATE");

    /** Whole parts of a name that make it secret. */
    public static final List<String> PARTS = List.of("KEY", "AUTH", "PASS", "PW", "PWD", "DSN", "COOKIE");

    /** Names that match the rule by their words but are the shell's own, never secret. */
    public static final List<String> NOT_SECRET = List.of("PWD", "OLDPWD");

    private SecretNames() {}

    public static boolean secret(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (NOT_SECRET.contains(upper)) {
            return false;
        }
        for (String part : CONTAINED) {
            if (upper.contains(part)) {
                return true;
            }
        }
        for (String part : upper.split("[_.\\-]", 0)) {
            if (PARTS.contains(part)) {
                return true;
            }
        }
        return false;
    }
}
