package dev.wb.commands.capsule;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Failure;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The paths {@code blockedReadPatterns} in {@code .workflow/policy.json} withholds. A pattern is a
 * glob over a repository path with {@code /}: {@code **} any folders, {@code *} any characters but
 * {@code /}, {@code ?} one of them. As in .gitignore, a pattern without {@code /} matches a name at
 * any depth, and a pattern that matches a folder withholds everything under it.
 */
public final class BlockedPaths implements Predicate<String> {

    static final String POLICY = ".workflow/policy.json";

    private final List<String> patterns;
    private final List<Pattern> regexes;

    private BlockedPaths(List<String> patterns) {
        this.patterns = List.copyOf(patterns);
        this.regexes = patterns.stream().map(p -> Pattern.compile(regex(p.indexOf('/') < 0 ? "**/" + p
                : p.startsWith("/") ? p.substring(1) : p))).toList();
    }

    public static BlockedPaths of(List<String> patterns) {
        return new BlockedPaths(patterns);
    }

    public static BlockedPaths none() {
        return new BlockedPaths(List.of());
    }

    /**
     * The repository's policy; none when policy.json does not exist. An unreadable or invalid file is
     * a CONFIG failure, never an empty list: a broken policy must not silently withhold less.
     */
    public static BlockedPaths read(Path repoRoot) {
        Path file = repoRoot.resolve(POLICY);
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return none();
        } catch (IOException e) {
            throw invalid("cannot read " + POLICY + ": " + e.getMessage());
        }
        JsonNode root;
        try {
            root = CanonicalJson.parse(bytes);
        } catch (IllegalArgumentException e) {
            throw invalid(POLICY + " is not JSON: " + e.getMessage());
        }
        JsonNode list = root.isObject() ? root.get("blockedReadPatterns") : null;
        if (!root.isObject() || (list != null && !list.isArray())) {
            throw invalid(POLICY + " must be an object whose blockedReadPatterns is a list of globs");
        }
        List<String> patterns = new ArrayList<>();
        for (JsonNode pattern : list == null ? List.<JsonNode>of() : list) {
            if (!pattern.isTextual() || pattern.textValue().isBlank()) {
                throw invalid(POLICY + ": blockedReadPatterns holds " + pattern + ", not a glob");
            }
            patterns.add(pattern.textValue());
        }
        return new BlockedPaths(patterns);
    }

    public List<String> patterns() {
        return patterns;
    }

    /** Whether a repository-relative path with {@code /}, or a folder above it, is withheld. */
    @Override
    public boolean test(String path) {
        for (Pattern regex : regexes) {
            for (int end = path.indexOf('/'); ; end = path.indexOf('/', end + 1)) {
                String prefix = end < 0 ? path : path.substring(0, end);
                if (regex.matcher(prefix).matches()) {
                    return true;
                }
                if (end < 0) {
                    break;
                }
            }
        }
        return false;
    }

    private static Failure invalid(String message) {
        return new Failure(Failure.Kind.CONFIG, message, List.of("correct " + POLICY
                + ": {\"blockedReadPatterns\": [\".env\", \"**/*.pem\"]} (globs over repository paths)"));
    }

    private static String regex(String glob) {
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
}
