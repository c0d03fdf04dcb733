package dev.wb.commands.policy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * {@code .workflow/policy.json}'s {@code blockedReadPatterns}: paths a review never reads,
 * fingerprints or shows. Each pattern is a {@code .gitignore} line with git's meaning ({@link
 * IgnoreRule}): {@code *.[pk]em}, {@code config/secrets/}, {@code **}{@code /id_rsa*}, and {@code !public.pem}
 * to let through what an earlier pattern withheld, never inside a withheld folder.
 *
 * <p>Boundary filtering fails closed: a policy file that exists but cannot be used, or holds a pattern
 * wb does not understand exactly as git would (braces, a backslash, an unclosed class …), stops scope
 * and capture with exit 3, instead of silently reviewing what it was meant to withhold. No file means
 * no pattern.
 */
public final class ReadPolicy implements Predicate<String> {

    public static final String FILE = "policy.json";

    /** The key naming the file's schema for editors; wb reads nothing from it. */
    static final String SCHEMA_KEY = "$schema";

    /** The schema {@code wb init} writes beside the file, as its {@code $schema} names it. */
    static final String SCHEMA = "./schemas/policy.schema.json";

    private static final ReadPolicy NONE = new ReadPolicy(List.of(), List.of());

    private final List<String> patterns;
    private final List<IgnoreRule> rules;

    private ReadPolicy(List<String> patterns, List<IgnoreRule> rules) {
        this.patterns = List.copyOf(patterns);
        this.rules = List.copyOf(rules);
    }

    public static ReadPolicy none() {
        return NONE;
    }

    /** A policy of these patterns, validated as a policy file's would be. */
    public static ReadPolicy of(List<String> patterns) {
        ObjectNode doc = CanonicalJson.objectNode();
        patterns.forEach(doc.putArray("blockedReadPatterns")::add);
        return parse(CanonicalJson.bytes(doc));
    }

    /** The policy of the repository at {@code root}. */
    public static ReadPolicy load(Workspace workspace) {
        return load(workspace.root());
    }

    public static ReadPolicy load(Path root) {
        Path file = root.resolve(".workflow").resolve(FILE);
        if (Files.isSymbolicLink(file)) {
            throw unusable("it is a symbolic link", null);
        }
        try {
            return InputFiles.read(root, file, InputFiles.Kind.POLICY)
                    .map(c -> parse(c.textBytes()))
                    .orElse(NONE);
        } catch (InputFiles.Unusable e) {
            throw unusable("it " + e.problem(), e.fix());
        }
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
        for (Iterator<String> names = doc.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (name.equals(SCHEMA_KEY)) {
                if (!doc.get(name).isTextual()) {
                    throw unusable(
                            "$schema is not a string", "$schema names the file's schema, like \"" + SCHEMA + "\"");
                }
            } else if (!name.equals("blockedReadPatterns")) {
                throw unusable(
                        "it has the unknown key \"" + name + "\"",
                        "policy.json holds only blockedReadPatterns (and $schema, for editors)");
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
        List<IgnoreRule> rules = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode item = list.get(i);
            if (!item.isTextual()) {
                throw unusable(
                        "blockedReadPatterns[" + i + "] is not a string (" + item + ")",
                        "each entry is a .gitignore pattern like \".env\", \"*.pem\" or \"config/secrets/\"");
            }
            String text = item.asText();
            try {
                rules.add(IgnoreRule.parse(text));
            } catch (IllegalArgumentException e) {
                throw unusable(
                        "blockedReadPatterns[" + i + "] " + item + " is not a pattern wb" + " applies: "
                                + e.getMessage(),
                        "write it as a .gitignore pattern wb understands, like"
                                + " \".env\", \"*.[pk]em\", \"!public.pem\" or \"config/secrets/\"");
            }
            patterns.add(text);
        }
        return new ReadPolicy(patterns, rules);
    }

    /**
     * Whether {@code path} (repository-relative, {@code /}-separated) is withheld: as git decides
     * whether it ignores a path, a folder above it that the rules withhold withholds it whatever
     * follows (git never looks inside such a folder), and otherwise the last rule that matches it
     * decides. The path is judged both as a file and as a folder, and withheld when either is: the
     * callers name files and folders alike, and a folder-only rule ({@code config/secrets/}) must
     * not let a file of that name through.
     */
    @Override
    public boolean test(String path) {
        if (rules.isEmpty()) {
            return false;
        }
        String[] segments = path.split("/", -1);
        for (int count = 1; count < segments.length; count++) {
            if (withheld(segments, count, true)) {
                return true;
            }
        }
        return withheld(segments, segments.length, false) || withheld(segments, segments.length, true);
    }

    /**
     * This policy for many paths of one tree: the same answer as {@link #test} for every path, with
     * each folder's verdict worked out once (the paths of a tree share their folders). For one thread.
     */
    public Predicate<String> forManyPaths() {
        if (rules.isEmpty()) {
            return path -> false;
        }
        Map<String, Boolean> folders = new HashMap<>();
        return path -> {
            String[] segments = path.split("/", -1);
            int end = -1;
            for (int count = 1; count < segments.length; count++) {
                end += 1 + segments[count - 1].length();
                int upTo = count;
                if (folders.computeIfAbsent(path.substring(0, end), folder -> withheld(segments, upTo, true))) {
                    return true;
                }
            }
            return withheld(segments, segments.length, false) || withheld(segments, segments.length, true);
        };
    }

    /** The last rule that matches decides; no rule matching withholds nothing. */
    private boolean withheld(String[] segments, int count, boolean folder) {
        for (int i = rules.size() - 1; i >= 0; i--) {
            IgnoreRule rule = rules.get(i);
            if (rule.matches(segments, count, folder)) {
                return !rule.negated();
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

    private static Failure unusable(String why, String fix) {
        List<String> fixes = new ArrayList<>();
        if (fix != null) {
            fixes.add(fix);
        }
        fixes.add(
                "docs/JUDGE.md (Withheld paths) describes .workflow/policy.json; a review fails closed until it is usable");
        return new Failure(Failure.Kind.CONFIG, ".workflow/policy.json is unusable: " + why, fixes);
    }
}
