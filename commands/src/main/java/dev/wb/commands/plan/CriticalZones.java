package dev.wb.commands.plan;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parts of a codebase where a mistake costs most. A plan touching one is never light, and a
 * stray change in one is named beside the deviation.
 *
 * <p>The built-in zones are the original workbench's: billing, auth, user-data, migration and
 * secrets, each a regular expression searched for in the path, ignoring case (so {@code auth}
 * matches {@code src/auth/login.py}, {@code AuthService.java} and {@code author.py} alike, as the
 * original does). {@code config.json}'s {@code critical_zones} adds patterns to a zone, or new zones;
 * a configured pattern is either a word, matched against the words of a path (split at {@code /},
 * {@code .}, {@code _}, {@code -} and camelCase humps, so {@code sso-bridge} matches
 * {@code lib/sso-bridge/x.go} but not {@code ssobridge.go}), or a glob with {@code /}, {@code *},
 * {@code **} or {@code ?} matched against the whole path.
 */
public final class CriticalZones {

    /** The original's zones and regular expressions ({@code profile.py CRITICAL_ZONES} of workbench 0.7.0). */
    static final Map<String, String> BUILT_IN = builtIn();

    private static Map<String, String> builtIn() {
        Map<String, String> zones = new LinkedHashMap<>();
        zones.put("billing", "billing|payment|invoice|subscription|checkout|stripe|paddle|quota|plan");
        zones.put("auth", "auth|login|session|password|token|oauth|permission|role|acl");
        zones.put("user-data", "(^|/)(users?|accounts?|pii|personal)(/|_|\\.)|(^|/)profiles?/");
        zones.put("migration", "migrat|schema|alembic|liquibase");
        zones.put("secrets", "secret|credential|keystore|vault|\\.env");
        return zones;
    }

    /** One pattern of a zone, as {@code wb repo zones} shows it: where it comes from and how it matches. */
    public record ZonePattern(String zone, String pattern, String source, String kind) {}

    private record Rule(ZonePattern shown, List<String> words, Pattern regex, boolean search) {}

    private final List<Rule> rules;

    private CriticalZones(List<Rule> rules) {
        this.rules = rules;
    }

    public static CriticalZones defaultZones() {
        return with(Map.of());
    }

    /** The built-in zones, with each configured zone's patterns added (a new name adds a zone). */
    public static CriticalZones with(Map<String, List<String>> extra) {
        List<Rule> rules = new ArrayList<>();
        BUILT_IN.forEach((zone, regex) -> rules.add(new Rule(
                new ZonePattern(zone, regex, "built-in", "regex"),
                List.of(),
                Pattern.compile(regex, Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE),
                true)));
        extra.forEach((zone, patterns) -> patterns.forEach(p -> rules.add(rule(zone, p))));
        return new CriticalZones(rules);
    }

    /** Whether a configured pattern can be used; empty when it can. */
    public static Optional<String> problem(String pattern) {
        if (pattern.isBlank()) {
            return Optional.of("a critical-zone pattern must not be empty");
        }
        if (pattern.startsWith("/") || pattern.contains("\\")) {
            return Optional.of(
                    "critical-zone pattern \"" + pattern + "\" must be relative to the repository root, with /");
        }
        return Optional.empty();
    }

    private static Rule rule(String zone, String pattern) {
        boolean glob = pattern.indexOf('/') >= 0 || pattern.indexOf('*') >= 0 || pattern.indexOf('?') >= 0;
        ZonePattern shown = new ZonePattern(zone, pattern, "config", glob ? "glob" : "word");
        return glob
                ? new Rule(shown, List.of(), Pattern.compile(globRegex(pattern)), false)
                : new Rule(shown, words(pattern), null, false);
    }

    /** Every pattern of every zone, built-in first, in the order they are tried. */
    public List<ZonePattern> patterns() {
        return rules.stream().map(Rule::shown).toList();
    }

    /** The names of every zone, built-in and configured. */
    public SortedSet<String> names() {
        SortedSet<String> names = new TreeSet<>();
        rules.forEach(r -> names.add(r.shown().zone()));
        return names;
    }

    /** The zones a path lies in, by name. */
    public SortedSet<String> zonesOf(String path) {
        SortedSet<String> zones = new TreeSet<>();
        List<String> words = null;
        for (Rule rule : rules) {
            String zone = rule.shown().zone();
            if (zones.contains(zone)) {
                continue;
            }
            if (rule.regex() != null) {
                Matcher m = rule.regex().matcher(path);
                if (rule.search() ? m.find() : m.matches()) {
                    zones.add(zone);
                }
            } else {
                if (words == null) {
                    words = words(path);
                }
                if (containsRun(words, rule.words())) {
                    zones.add(zone);
                }
            }
        }
        return zones;
    }

    /** Which zones these paths touch, and by which paths (each zone's paths sorted). */
    public SortedMap<String, SortedSet<String>> touched(Collection<String> paths) {
        SortedMap<String, SortedSet<String>> touched = new TreeMap<>();
        for (String path : paths) {
            zonesOf(path)
                    .forEach(z ->
                            touched.computeIfAbsent(z, k -> new TreeSet<>()).add(path));
        }
        return touched;
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
            if (Character.isUpperCase(c)
                    && word.length() > 0
                    && (Character.isLowerCase(text.charAt(i - 1))
                            || (i + 1 < text.length()
                                    && Character.isLowerCase(text.charAt(i + 1))
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
