package dev.wb.commands.sdd;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The parts of a codebase where a mistake costs most: billing, auth, user data, migrations and
 * secrets by default, more from {@code config.json}. A plan touching one is never light, and a
 * stray change in one is named beside the deviation.
 *
 * <p>A pattern is either a word, matched against the words of a path (split at {@code /}, {@code .},
 * {@code _}, {@code -} and camelCase humps, so {@code auth} matches {@code src/auth/login.py} and
 * {@code AuthService.java} but not {@code author.py}; {@code user-data} matches the two words in a
 * row), or a glob with {@code /}, {@code *}, {@code **} or {@code ?} matched against the whole path.
 */
public final class CriticalZones {

    static final Map<String, List<String>> DEFAULTS = defaults();

    private static Map<String, List<String>> defaults() {
        Map<String, List<String>> zones = new LinkedHashMap<>();
        zones.put("billing", List.of("billing", "payment", "payments", "invoice", "invoices", "checkout",
                "subscription", "subscriptions", "stripe"));
        zones.put("auth", List.of("auth", "authn", "authz", "authentication", "authorization", "login", "logout",
                "oauth", "sso", "password", "passwords", "session", "sessions", "permission", "permissions"));
        zones.put("user-data", List.of("user-data", "userdata", "pii", "gdpr", "personal-data", "profile",
                "profiles"));
        zones.put("migration", List.of("migration", "migrations", "migrate", "alembic", "flyway", "liquibase"));
        zones.put("secrets", List.of("secret", "secrets", "credential", "credentials", "vault", "**/.env",
                "**/.env.*", "**/*.pem", "**/*.key"));
        return zones;
    }

    private record Rule(String zone, List<String> words, Pattern glob) {}

    private final List<Rule> rules;

    private CriticalZones(List<Rule> rules) {
        this.rules = rules;
    }

    public static CriticalZones defaultZones() {
        return with(Map.of());
    }

    /** The defaults, with each configured zone's patterns added (a new name adds a zone). */
    public static CriticalZones with(Map<String, List<String>> extra) {
        Map<String, List<String>> all = new LinkedHashMap<>();
        DEFAULTS.forEach((zone, patterns) -> all.put(zone, new ArrayList<>(patterns)));
        extra.forEach((zone, patterns) -> all.computeIfAbsent(zone, z -> new ArrayList<>()).addAll(patterns));
        List<Rule> rules = new ArrayList<>();
        all.forEach((zone, patterns) -> patterns.forEach(p -> rules.add(rule(zone, p))));
        return new CriticalZones(rules);
    }

    /** Whether a configured pattern can be used; empty when it can. */
    public static Optional<String> problem(String pattern) {
        if (pattern.isBlank()) {
            return Optional.of("a critical-zone pattern must not be empty");
        }
        if (pattern.startsWith("/") || pattern.contains("\\")) {
            return Optional.of("critical-zone pattern \"" + pattern
                    + "\" must be relative to the repository root, with /");
        }
        return Optional.empty();
    }

    private static Rule rule(String zone, String pattern) {
        boolean glob = pattern.indexOf('/') >= 0 || pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0;
        return glob ? new Rule(zone, List.of(), Pattern.compile(globRegex(pattern)))
                : new Rule(zone, words(pattern), null);
    }

    /** The zones a path lies in, by name. */
    public SortedSet<String> zonesOf(String path) {
        SortedSet<String> zones = new TreeSet<>();
        List<String> words = null;
        for (Rule rule : rules) {
            if (zones.contains(rule.zone())) {
                continue;
            }
            if (rule.glob() != null) {
                if (rule.glob().matcher(path).matches()) {
                    zones.add(rule.zone());
                }
            } else {
                if (words == null) {
                    words = words(path);
                }
                if (containsRun(words, rule.words())) {
                    zones.add(rule.zone());
                }
            }
        }
        return zones;
    }

    /** The words of a path or pattern, lower-case: split at separators and camelCase humps. */
    static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isLetterOrDigit(c)) {
                flush(word, words);
                continue;
            }
            if (Character.isUpperCase(c) && word.length() > 0
                    && (Character.isLowerCase(text.charAt(i - 1))
                        || (i + 1 < text.length() && Character.isLowerCase(text.charAt(i + 1))
                            && Character.isUpperCase(text.charAt(i - 1))))) {
                flush(word, words);
            }
            word.append(c);
        }
        flush(word, words);
        return words;
    }

    private static void flush(StringBuilder word, List<String> words) {
        if (word.length() > 0) {
            words.add(word.toString().toLowerCase(Locale.ROOT));
            word.setLength(0);
        }
    }

    /**
     * {@code **} any number of folders, {@code *} any characters but {@code /}, {@code ?} one of them;
     * anything else stands for itself. The one glob dialect of wb's path patterns (zones, command sets).
     */
    public static String globRegex(String glob) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            if (c == '*' && i + 1 < glob.length() && glob.charAt(i + 1) == '*') {
                boolean slash = i + 2 < glob.length() && glob.charAt(i + 2) == '/';
                regex.append(slash ? "(?:.*/)?" : ".*");
                i += slash ? 2 : 1;
            } else if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return regex.toString();
    }

    private static boolean containsRun(List<String> words, List<String> run) {
        for (int i = 0; !run.isEmpty() && i + run.size() <= words.size(); i++) {
            if (words.subList(i, i + run.size()).equals(run)) {
                return true;
            }
        }
        return false;
    }
}
