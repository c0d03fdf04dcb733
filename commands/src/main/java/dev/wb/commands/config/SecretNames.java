package dev.wb.commands.config;

import java.util.List;
import java.util.Locale;

/**
 * The one rule for which names carry secrets — environment variables, env-file keys and
 * {@code security.extra_environment} entries alike — used wherever wb masks, drops or redacts by name:
 * {@code wb config show}, preflight's {@code allowed-environment} and {@code assigned-paths}, and the
 * redactor of evidence. A name is secret when it contains one of {@link #CONTAINED} anywhere, or has one
 * of {@link #PARTS} as a whole {@code _}-separated part (so {@code SIGNING_KEY} and {@code GH_AUTH} are,
 * while {@code KEYBOARD_LAYOUT} and {@code GIT_AUTHOR_NAME} are not).
 */
public final class SecretNames {

    /** Substrings that make any name secret. */
    public static final List<String> CONTAINED = List.of("TOKEN", "SECRET", "PASSWORD", "PASSWD", "PASSPHRASE",
            "API_KEY", "APIKEY", "ACCESS_KEY", "PRIVATE_KEY", "CREDENTIAL", "PRIVATE");

    /** Whole parts of a name that make it secret. */
    public static final List<String> PARTS = List.of("KEY", "AUTH", "PASS", "PW", "PWD", "DSN", "COOKIE", "SESSION");

    private SecretNames() {}

    public static boolean secret(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        for (String part : CONTAINED) {
            if (upper.contains(part)) {
                return true;
            }
        }
        for (String part : upper.split("[_.\\-]")) {
            if (PARTS.contains(part)) {
                return true;
            }
        }
        return false;
    }
}
