package dev.wb.commands.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The quality bar a repository records for its plans, as the original workbench reads it: a
 * {@code preset} for the whole repository and {@code preset_paths} ({@code {glob: preset}}) for
 * parts of it, in {@code .workflow/config.json}. When either is recorded, a plan may not declare a
 * preset below the strictest one its files are held to. Without them there is no bar to hold a plan
 * to, and the audit says nothing about presets.
 */
public final class PresetBar {

    /** The presets, weakest bar first: the rank is the index (the original's profile.PRESETS). */
    public static final List<String> PRESETS = List.of("prototype", "solo-saas", "startup", "scaleup", "enterprise");

    /** The presets whose plans state their product effect ({@code product.metric} and {@code who_asked}). */
    public static final List<String> PRODUCT_REQUIRED = List.of("solo-saas", "startup");

    public static final PresetBar NONE = new PresetBar(Optional.empty(), Map.of());

    private record Rule(String pattern, Pattern glob, String prefix, String preset) {}

    private final Optional<String> recorded;
    private final List<Rule> rules = new ArrayList<>();

    /**
     * @param recorded the repository's preset, when config.json records one
     * @param paths    {@code preset_paths}: glob to preset, in file order
     */
    public PresetBar(Optional<String> recorded, Map<String, String> paths) {
        this.recorded = recorded;
        paths.forEach((glob, preset) -> {
            String pattern = strip(glob);
            rules.add(new Rule(pattern, compile(pattern), trimEnd(pattern) + "/", preset));
        });
    }

    /** Whether config.json records a bar at all; without one the audit checks no preset. */
    public boolean applies() {
        return recorded.isPresent() || !rules.isEmpty();
    }

    public static boolean known(String preset) {
        return PRESETS.contains(preset);
    }

    /**
     * The structure problem of a plan declaring {@code declared} for these paths, if any: an unknown
     * preset, or one below the strictest preset a path is held to.
     */
    public Optional<String> problem(String declared, List<String> paths) {
        if (!applies()) {
            return Optional.empty();
        }
        if (!known(declared)) {
            return Optional.of("preset '" + declared + "' is not one of: " + String.join(", ", PRESETS));
        }
        String fallback = recorded.orElse(declared);
        Map<String, List<String>> hits = new TreeMap<>();
        for (String raw : paths) {
            String path = strip(raw);
            hits.computeIfAbsent(presetOf(path).orElse(fallback), p -> new ArrayList<>())
                    .add(path);
        }
        String required =
                hits.keySet().stream().max((a, b) -> rank(a) - rank(b)).orElse(fallback);
        if (rank(declared) >= rank(required)) {
            return Optional.empty();
        }
        List<String> where = new ArrayList<>(new TreeSet<>(hits.getOrDefault(required, List.of())));
        String named = where.isEmpty() ? "this repo" : String.join(", ", where.subList(0, Math.min(3, where.size())));
        return Optional.of("the plan declares preset " + declared + " but " + named + " is held to " + required
                + ": raise the preset, or split the change");
    }

    /** The preset of the longest rule matching the path; a tie between rules goes to the higher bar. */
    public Optional<String> presetOf(String path) {
        Rule best = null;
        for (Rule rule : rules) {
            if (!rule.glob().matcher(path).matches() && !path.startsWith(rule.prefix())) {
                continue;
            }
            if (best == null
                    || rule.pattern().length() > best.pattern().length()
                    || (rule.pattern().length() == best.pattern().length()
                            && rank(rule.preset()) > rank(best.preset()))) {
                best = rule;
            }
        }
        return Optional.ofNullable(best).map(Rule::preset);
    }

    private static int rank(String preset) {
        return PRESETS.indexOf(preset);
    }

    /** Paths and rules are compared with {@code \} as {@code /} and without leading dots and slashes. */
    private static String strip(String path) {
        String s = path.replace('\\', '/');
        int i = 0;
        while (i < s.length() && (s.charAt(i) == '.' || s.charAt(i) == '/')) {
            i++;
        }
        return s.substring(i);
    }

    /** The rule without its trailing {@code *} and {@code /}: a rule also covers everything under that folder. */
    private static String trimEnd(String pattern) {
        int end = pattern.length();
        while (end > 0 && (pattern.charAt(end - 1) == '*' || pattern.charAt(end - 1) == '/')) {
            end--;
        }
        return pattern.substring(0, end);
    }

    /**
     * A shell-style pattern as the original reads it (Python's fnmatch): {@code *} any characters,
     * {@code /} included, {@code ?} one, {@code [abc]} and {@code [!abc]} a class; the rest literal.
     */
    static String fnmatch(String pattern) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '*') {
                regex.append(".*");
            } else if (c == '?') {
                regex.append('.');
            } else if (c == '[' && pattern.indexOf(']', i + 2) > 0) {
                int close = pattern.indexOf(']', i + 2);
                String body = pattern.substring(i + 1, close);
                boolean negated = body.startsWith("!");
                String members = body.substring(negated ? 1 : 0).replaceAll("([\\\\\\[\\]&^])", "\\\\$1");
                regex.append('[').append(negated ? "^" : "").append(members).append(']');
                i = close;
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return regex.toString();
    }

    private static Pattern compile(String pattern) {
        try {
            return Pattern.compile(fnmatch(pattern), Pattern.DOTALL);
        } catch (PatternSyntaxException e) {
            return Pattern.compile(Pattern.quote(pattern));
        }
    }
}
