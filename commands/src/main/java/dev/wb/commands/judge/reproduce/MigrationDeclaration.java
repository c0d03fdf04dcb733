package dev.wb.commands.judge.reproduce;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.capsule.FencedBlocks;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The {@code ## Migration} section of a task's {@code task.md}: one fenced JSON object declaring a
 * landed, reviewed generator and the paths it generates, which {@code wb judge reproduce} re-runs
 * from a copy of the base and compares with a snapshot.
 *
 * <pre>{@code
 * {
 *   "generator": {
 *     "command": "sh \"$WB_GENERATOR_ROOT/tools/migrate.sh\"",
 *     "commit": "<full id of the landed generator commit>",
 *     "review": ".workflow/local/judge/generator-approved.json",
 *     "inputs": ["tools/migrate.sh"],
 *     "prepare": []
 *   },
 *   "paths": ["data/config.txt"]
 * }
 * }</pre>
 *
 * Read strictly: every key present with its type, unknown keys refused at both levels, paths
 * repository-relative and plain (no {@code ..}, no leading {@code /}, no backslash), no duplicate.
 * Not to be confused with {@link dev.wb.commands.capsule.Migration}, the acceptance-criteria migration.
 *
 * @param command the generator's shell command, run with {@code WB_GENERATOR_ROOT} set
 * @param commit the full id of the landed generator commit
 * @param review the path (from the project's root) of the generator's APPROVED snapshot review record
 * @param inputs the generator's files, the same in the reviewed snapshot, the commit and the base
 * @param prepare shell commands run before the generator, in order
 * @param paths the paths the generator writes, and nothing else
 */
public record MigrationDeclaration(
        String command, String commit, String review, List<String> inputs, List<String> prepare, List<String> paths) {

    public static final String HEADING = "## Migration";

    private static final Pattern SECTION = Pattern.compile("^## Migration[ \\t]*$");
    private static final Pattern HEADING_LINE = Pattern.compile("^ {0,3}#{1,2}(?:[ \\t].*)?$");
    private static final Pattern FULL_ID = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");
    private static final Set<String> TOP = Set.of("generator", "paths");
    private static final Set<String> GENERATOR = Set.of("command", "commit", "review", "inputs", "prepare");

    /** The complete ordered list the operator approves: the install (if any), the prepare commands, the generator. */
    public List<String> commands(List<String> install) {
        List<String> all = new ArrayList<>();
        if (!install.isEmpty()) {
            all.add(String.join(" ", install));
        }
        all.addAll(prepare);
        all.add(command);
        return List.copyOf(all);
    }

    /**
     * The declaration in {@code taskMd} ({@code where} names the file in messages).
     *
     * @throws Failure (USAGE) naming every problem: no section, no fence or more than one, not JSON,
     *     an unknown key, a missing key or one of the wrong type, a path that is not plain
     */
    public static MigrationDeclaration parse(String taskMd, String where) {
        String body = fence(taskMd, where);
        JsonNode doc;
        try {
            doc = CanonicalJson.parse(body.getBytes(StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw malformed(where, List.of("the block is not valid JSON (" + e.getMessage() + ")"));
        }
        List<String> problems = new ArrayList<>();
        if (doc == null || !doc.isObject()) {
            throw malformed(where, List.of("the block is not a JSON object"));
        }
        unknown(doc, TOP, "", problems);
        Generator generator = generator(doc.get("generator"), problems);
        List<String> paths = list(doc, "paths", "", true, problems);
        if (doc.has("paths") && doc.get("paths").isArray() && doc.get("paths").isEmpty()) {
            problems.add("paths is empty: declare the paths the generator writes");
        }
        paths.forEach(path -> {
            plain("paths", path, problems);
            if (path.equals(".git") || path.startsWith(".git/") || path.startsWith(".workflow/local/")) {
                problems.add("paths names " + TerminalText.escape(path) + ", which is never part of a boundary");
            }
        });
        if (!problems.isEmpty()) {
            throw malformed(where, problems);
        }
        return new MigrationDeclaration(
                generator.command().strip(),
                generator.commit(),
                generator.review(),
                generator.inputs(),
                generator.prepare().stream().map(String::strip).toList(),
                paths);
    }

    /** The {@code generator} object as declared, its fields null or empty where a problem was found. */
    private record Generator(String command, String commit, String review, List<String> inputs, List<String> prepare) {}

    private static Generator generator(JsonNode generator, List<String> problems) {
        if (generator == null || !generator.isObject()) {
            problems.add("generator is missing or not an object");
            return new Generator(null, null, null, List.of(), List.of());
        }
        unknown(generator, GENERATOR, "generator.", problems);
        String command = text(generator, "command", problems);
        String commit = text(generator, "commit", problems);
        if (commit != null && !FULL_ID.matcher(commit).matches()) {
            problems.add("generator.commit is not a full commit id (40 or 64 lower-case hex digits): "
                    + TerminalText.escape(commit));
        }
        String review = text(generator, "review", problems);
        if (review != null) {
            plain("generator.review", review, problems);
        }
        List<String> inputs = list(generator, "inputs", "generator.", true, problems);
        List<String> prepare = list(generator, "prepare", "generator.", false, problems);
        if (command != null) {
            shown("generator.command", command, problems);
        }
        prepare.forEach(c -> shown("generator.prepare", c, problems));
        inputs.forEach(path -> plain("generator.inputs", path, problems));
        return new Generator(command, commit, review, inputs, prepare);
    }

    /** The body of the one fence under {@code ## Migration}. */
    private static String fence(String text, String where) {
        List<String> lines = lines(text);
        SectionBounds bounds = new SectionBounds(lines.size(), where);
        List<FencedBlocks.Block> fences = FencedBlocks.scan(lines, bounds::see);
        int section = bounds.section;
        int end = bounds.end;
        if (section < 0) {
            throw Failure.usage(
                    where + " has no " + HEADING + " section, so it declares no generator",
                    "declare the generator in one fenced JSON object under " + HEADING + " (docs/JUDGE.md)");
        }
        int start = section;
        int stop = end;
        List<FencedBlocks.Block> inside =
                fences.stream().filter(f -> f.opensWithin(start, stop)).toList();
        if (inside.isEmpty()) {
            throw malformed(where, List.of("the section has no fenced block: write the JSON object between ``` lines"));
        }
        if (inside.size() > 1) {
            throw malformed(
                    where,
                    List.of("the section has " + inside.size() + " fenced blocks (lines "
                            + (inside.get(0).open() + 1) + " and "
                            + (inside.get(1).open() + 1) + "): keep exactly one"));
        }
        FencedBlocks.Block fence = inside.get(0);
        if (!fence.closed()) {
            throw malformed(where, List.of("the fence opened on line " + (fence.open() + 1) + " is never closed"));
        }
        return String.join("\n", lines.subList(fence.open() + 1, fence.close()));
    }

    /** Where the one {@code ## Migration} section starts and ends, from the lines outside every fence. */
    private static final class SectionBounds {
        private final int lineCount;
        private final String where;
        private int section = -1;
        private int end;

        SectionBounds(int lineCount, String where) {
            this.lineCount = lineCount;
            this.end = lineCount;
            this.where = where;
        }

        void see(int i, String line) {
            if (SECTION.matcher(line).matches()) {
                if (section >= 0) {
                    throw malformed(
                            where,
                            List.of("a second " + HEADING + " section on line " + (i + 1) + " (the first is on line "
                                    + (section + 1) + "): keep one"));
                }
                section = i;
            } else if (section >= 0
                    && end == lineCount
                    && HEADING_LINE.matcher(line).matches()) {
                end = i;
            }
        }
    }

    private static List<String> lines(String text) {
        String body = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? text.substring(1) : text;
        List<String> lines = new ArrayList<>();
        for (String line : body.split("\n", -1)) {
            lines.add(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        }
        return lines;
    }

    private static void unknown(JsonNode node, Set<String> allowed, String prefix, List<String> problems) {
        for (Iterator<String> names = node.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!allowed.contains(name)) {
                problems.add("unknown key " + prefix + name);
            }
        }
    }

    private static String text(JsonNode node, String field, List<String> problems) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual()) {
            problems.add("generator." + field + " is missing or not a string");
            return null;
        }
        if (value.asText().isBlank()) {
            problems.add("generator." + field + " is empty");
            return null;
        }
        return value.asText();
    }

    private static List<String> list(JsonNode node, String field, String prefix, boolean paths, List<String> problems) {
        JsonNode value = node.get(field);
        if (value == null || !value.isArray()) {
            problems.add(prefix + field + " is missing or not a list");
            return List.of();
        }
        List<String> items = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (JsonNode item : value) {
            if (!item.isTextual() || item.asText().isBlank()) {
                problems.add(prefix + field + " holds " + item + ", not a non-empty string");
                continue;
            }
            if (paths && !seen.add(item.asText())) {
                problems.add(prefix + field + " names " + item.asText() + " twice");
                continue;
            }
            items.add(item.asText());
        }
        return List.copyOf(items);
    }

    /** A repository-relative path with {@code /} separators, no empty, {@code .} or {@code ..} segment. */
    private static void plain(String field, String path, List<String> problems) {
        boolean bad = path.startsWith("/") || path.endsWith("/") || path.contains("\\") || path.indexOf('\0') >= 0;
        for (String segment : path.split("/", -1)) {
            bad |= segment.isEmpty() || segment.equals(".") || segment.equals("..");
        }
        if (bad) {
            problems.add(
                    field + " holds " + TerminalText.escape(path) + ", which is not a plain repository-relative path"
                            + " (no leading or trailing /, no . or .. segment, no backslash)");
        }
    }

    /** A command is shown to a person for consent before it runs: a control character could make it read as another. */
    private static void shown(String field, String command, List<String> problems) {
        TerminalText.describeFirstControl(command.strip())
                .ifPresent(control -> problems.add(field + " holds " + control
                        + ", which could make the command shown for consent read as another; write it without one"));
    }

    private static Failure malformed(String where, List<String> problems) {
        return new Failure(
                Failure.Kind.USAGE,
                "the " + HEADING + " block of " + where + " is malformed: " + String.join("; ", problems),
                List.of("declare one fenced JSON object under " + HEADING
                        + " with exactly generator {command, commit, review, inputs, prepare} and paths"
                        + " (docs/JUDGE.md)"));
    }
}
