package dev.wb.commands.policy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * {@code .workflow/policy.json}'s {@code blockedReadPatterns}: paths a review never reads,
 * fingerprints or shows. The patterns are globs in the shape of {@code .gitignore} lines: a pattern
 * without a slash matches a file or folder name at any depth ({@code .env.*}, {@code *.pem}); one with
 * a slash is anchored at the repository's top ({@code config/secrets/**}, a leading {@code /}
 * allowed); a trailing slash names a folder. {@code *} and {@code ?} stay inside one path segment,
 * {@code **} crosses segments. A path is blocked when it, or a folder above it, matches.
 *
 * <p>Boundary filtering fails closed: a policy file that exists but cannot be used stops scope and
 * capture with exit 3, instead of silently reviewing what it was meant to withhold. No file means no
 * pattern.
 */
public final class ReadPolicy implements Predicate<String> {

    public static final String FILE = "policy.json";

    private static final ReadPolicy NONE = new ReadPolicy(List.of(), List.of());

    private final List<String> patterns;
    private final List<Pattern> compiled;

    private ReadPolicy(List<String> patterns, List<Pattern> compiled) {
        this.patterns = List.copyOf(patterns);
        this.compiled = List.copyOf(compiled);
    }

    public static ReadPolicy none() {
        return NONE;
    }

    /** A policy of these patterns, validated as a policy file's would be. */
    public static ReadPolicy of(List<String> patterns) {
        com.fasterxml.jackson.databind.node.ObjectNode doc = CanonicalJson.objectNode();
        patterns.forEach(doc.putArray("blockedReadPatterns")::add);
        return parse(CanonicalJson.bytes(doc));
    }

    /** The policy of the repository at {@code root}. */
    public static ReadPolicy load(Workspace workspace) {
        return load(workspace.root());
    }

    public static ReadPolicy load(Path root) {
        Path file = root.resolve(".workflow").resolve(FILE);
        byte[] bytes;
        try {
            if (Files.isSymbolicLink(file)) {
                throw unusable("it is a symbolic link", null);
            }
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                return NONE;
            }
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return NONE;
        } catch (IOException e) {
            throw unusable("it cannot be read (" + e.getMessage() + ")", null);
        }
        return parse(bytes);
    }

    /** Parses a policy file's bytes; anything unusable is a {@link Failure} of kind CONFIG. */
    public static ReadPolicy parse(byte[] bytes) {
        JsonNode doc;
        try {
            doc = CanonicalJson.parse(bytes);
        } catch (RuntimeException e) {
            throw unusable("it is not valid JSON", "write it as {\"blockedReadPatterns\": [\".env\", \"*.pem\"]}");
        }
        if (doc == null || !doc.isObject()) {
            throw unusable("it is not a JSON object", "write it as {\"blockedReadPatterns\": [\".env\", \"*.pem\"]}");
        }
        for (Iterator<String> names = doc.fieldNames(); names.hasNext();) {
            String name = names.next();
            if (!name.equals("blockedReadPatterns")) {
                throw unusable("it has the unknown key \"" + name + "\"", "policy.json holds only blockedReadPatterns");
            }
        }
        JsonNode list = doc.get("blockedReadPatterns");
        if (list == null) {
            return NONE;
        }
        if (!list.isArray()) {
            throw unusable("blockedReadPatterns is not a list", "write it as a list of glob strings");
        }
        List<String> patterns = new ArrayList<>();
        List<Pattern> compiled = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode item = list.get(i);
            String text = item.isTextual() ? item.asText() : null;
            if (text == null || text.isBlank() || text.indexOf('\0') >= 0 || text.contains("\\")
                    || text.equals("/") || segments(text).contains("..")) {
                throw unusable("blockedReadPatterns[" + i + "] is not a usable pattern (" + item + ")",
                        "each entry is a glob like \".env\", \"*.pem\" or \"config/secrets/**\"");
            }
            patterns.add(text);
            compiled.add(compile(text));
        }
        return new ReadPolicy(patterns, compiled);
    }

    /** Whether {@code path} (repository-relative, {@code /}-separated) is withheld. */
    @Override
    public boolean test(String path) {
        for (Pattern pattern : compiled) {
            if (pattern.matcher(path).matches()) {
                return true;
            }
        }
        return false;
    }

    public boolean blocked(String path) {
        return test(path);
    }

    public List<String> patterns() {
        return patterns;
    }

    private static List<String> segments(String pattern) {
        return List.of(pattern.split("/"));
    }

    static Pattern compile(String glob) {
        String body = glob;
        boolean anchored = body.startsWith("/") || body.substring(0, body.length() - 1).contains("/");
        body = body.startsWith("/") ? body.substring(1) : body;
        body = body.endsWith("/") ? body.substring(0, body.length() - 1) : body;
        StringBuilder regex = new StringBuilder(anchored ? "" : "(?:.*/)?");
        int i = 0;
        while (i < body.length()) {
            char c = body.charAt(i);
            if (c == '*' && i + 1 < body.length() && body.charAt(i + 1) == '*') {
                boolean slashAfter = i + 2 < body.length() && body.charAt(i + 2) == '/';
                regex.append(slashAfter ? "(?:.*/)?" : ".*");
                i += slashAfter ? 3 : 2;
                continue;
            }
            if (c == '*') {
                regex.append("[^/]*");
            } else if (c == '?') {
                regex.append("[^/]");
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
            i++;
        }
        regex.append("(?:/.*)?");
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    private static Failure unusable(String why, String fix) {
        List<String> fixes = new ArrayList<>();
        if (fix != null) {
            fixes.add(fix);
        }
        fixes.add("docs/JUDGE.md (Withheld paths) describes .workflow/policy.json; a review fails closed until it is usable");
        return new Failure(Failure.Kind.CONFIG, ".workflow/policy.json is unusable: " + why, fixes);
    }
}
