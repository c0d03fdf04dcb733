package dev.wb.cli.mcp;

import dev.wb.commands.base.Failure;
import dev.wb.engine.StreamId;
import dev.wb.engine.TaskKey;
import dev.wb.engine.text.TerminalText;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A call's arguments checked against its tool before anything runs, and turned into the command line
 * it runs. A bad value is a {@link Failure} in wb's words (exit 2), never passed on: a key that is no
 * key, a ref that would read as an option, a path outside the repository.
 *
 * @param argv the command line, {@code --json} first
 * @param names the names of the arguments given, in name order (recorded; their values never are)
 */
record CallArguments(List<String> argv, List<String> names) {

    private static final Pattern DIGEST = Pattern.compile("sha256:[0-9a-f]{64}");
    private static final Pattern REF = Pattern.compile("[A-Za-z0-9._/:@^~{}+-]{1,200}");
    private static final String KEY_FIX = "a task key is a ticket like ABC-12, a number like 123, or idea-<slug> or"
            + " incident-<slug> (lower-case letters, digits and dashes)";

    /** The names a call gave, in name order: what {@code mcp.called} records of a refused call too. */
    static List<String> names(Map<String, Object> given) {
        return List.copyOf(
                new TreeSet<>(given == null ? Map.<String, Object>of().keySet() : given.keySet()));
    }

    /** The task a call names with a well-formed {@code key}, even when another of its arguments is refused. */
    static Optional<TaskKey> task(Map<String, Object> given) {
        return given != null && given.get("key") instanceof String key ? TaskKey.parse(key) : Optional.empty();
    }

    /** Checks {@code given} against {@code tool}; {@code top} is the repository's top folder. */
    static CallArguments of(McpTool tool, Map<String, Object> given, Path cwd, Path top) {
        Map<String, Object> args = given == null ? Map.of() : given;
        for (String name : args.keySet()) {
            if (tool.params().stream().noneMatch(p -> p.name().equals(name))) {
                throw Failure.usage(
                        tool.wireName() + " takes no argument named " + quoted(name), "its arguments: " + listed(tool));
            }
        }
        List<String> argv = new ArrayList<>(List.of("--json"));
        argv.addAll(tool.words());
        for (Param p : tool.params()) {
            Object value = args.get(p.name());
            if (value == null) {
                if (p.required()) {
                    throw Failure.usage(
                            tool.wireName() + " needs the argument " + p.name(), p.name() + ": " + p.description());
                }
                continue;
            }
            if (p.kind() == Param.Kind.FLAG) {
                if (flag(tool, p, value)) {
                    argv.add(p.option());
                }
                continue;
            }
            String text = text(tool, p, value, cwd, top);
            if (p.option() != null) {
                argv.add(p.option());
            }
            argv.add(text);
        }
        return new CallArguments(argv, names(args));
    }

    private static boolean flag(McpTool tool, Param p, Object value) {
        if (value instanceof Boolean on) {
            return on;
        }
        throw Failure.usage(
                tool.wireName() + "'s " + p.name() + " must be true or false, not " + quoted(String.valueOf(value)),
                p.name() + ": true");
    }

    private static String text(McpTool tool, Param p, Object value, Path cwd, Path top) {
        if (!(value instanceof String text)) {
            throw Failure.usage(
                    tool.wireName() + "'s " + p.name() + " must be a string, not " + quoted(String.valueOf(value)),
                    p.name() + ": " + p.description());
        }
        switch (p.kind()) {
            case KEY -> key(text);
            case KEY_OR_WORKSPACE -> {
                if (!StreamId.WORKSPACE_NAME.equals(text)) {
                    key(text);
                }
            }
            case REF -> ref(tool, p, text);
            case DIGEST -> {
                if (!DIGEST.matcher(text).matches()) {
                    throw Failure.usage(
                            tool.wireName() + "'s " + p.name() + " is not a digest: " + quoted(text),
                            p.name() + ": sha256: and 64 lower-case hex digits, as wb judge run printed it");
                }
            }
            case PATH -> {
                return inside(tool, p, text, cwd, top);
            }
            case FLAG -> throw new IllegalStateException("a flag is no text");
        }
        return text;
    }

    private static void key(String text) {
        if (TaskKey.parse(text).isEmpty()) {
            throw Failure.usage("malformed key: " + quoted(text), KEY_FIX);
        }
    }

    private static void ref(McpTool tool, Param p, String text) {
        if (text.startsWith("-") || text.contains("..") || !REF.matcher(text).matches()) {
            throw Failure.usage(
                    tool.wireName() + "'s " + p.name() + " is not a git ref: " + quoted(text),
                    p.name() + ": a branch, tag or commit, like main or HEAD~1");
        }
    }

    /** A path inside the repository, as the command is given it: relative to {@code cwd}, or absolute. */
    private static String inside(McpTool tool, Param p, String text, Path cwd, Path top) {
        Path resolved;
        try {
            resolved = cwd.resolve(text).normalize();
        } catch (RuntimeException e) {
            throw Failure.usage(tool.wireName() + "'s " + p.name() + " is not a path: " + quoted(text), example(top));
        }
        if (text.isEmpty() || text.startsWith("-") || !resolved.startsWith(top) || text.indexOf('\0') >= 0) {
            throw Failure.usage(
                    tool.wireName() + "'s " + p.name() + " is outside the repository " + top + ": " + quoted(text),
                    example(top));
        }
        return resolved.toString();
    }

    private static String example(Path top) {
        return "a file inside " + top + ", like .workflow/local/judge/TASK-7/review.json";
    }

    private static String listed(McpTool tool) {
        return tool.params().isEmpty()
                ? "none"
                : String.join(", ", tool.params().stream().map(Param::name).toList());
    }

    private static String quoted(String text) {
        return "\"" + TerminalText.escape(text.length() > 80 ? text.substring(0, 80) + "…" : text) + "\"";
    }
}
