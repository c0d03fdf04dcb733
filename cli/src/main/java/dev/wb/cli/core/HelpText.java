package dev.wb.cli.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.IHelpSectionRenderer;

/**
 * Help wrapped to the terminal's width ({@code COLUMNS}, when set to 40..500; else 80), between words
 * only. picocli breaks a line wherever Java's line breaker allows, inside {@code .workflow/tools/}
 * after the dot, and cuts a word longer than its column; so picocli renders every section on lines
 * too long to wrap, and each line is wrapped here: at spaces, a table row's continuation under its
 * description, a word longer than the width kept whole on a line of its own.
 */
public final class HelpText {

    /** The width used when {@code COLUMNS} is unset or not a sane number. */
    public static final int DEFAULT_WIDTH = 80;

    /** Wide enough that picocli wraps nothing of wb's help. */
    private static final int UNWRAPPED = 2000;

    private static final Pattern WORD = Pattern.compile("\\S+");

    private HelpText() {}

    /** The width help is wrapped to in a run with this environment. */
    public static int width(Map<String, String> env) {
        String columns = env.get("COLUMNS");
        if (columns == null || !columns.trim().matches("\\d{1,4}")) {
            return DEFAULT_WIDTH;
        }
        int width = Integer.parseInt(columns.trim());
        return width >= 40 && width <= 500 ? width : DEFAULT_WIDTH;
    }

    /** Makes {@code cli} and every subcommand registered so far print help wrapped to {@code width}. */
    public static void apply(CommandLine cli, int width) {
        cli.setUsageHelpWidth(UNWRAPPED);
        Map<String, IHelpSectionRenderer> sections = new LinkedHashMap<>();
        cli.getHelpSectionMap().forEach((key, renderer) -> sections.put(key, wrapped(key, renderer, width)));
        cli.setHelpSectionMap(sections);
    }

    private static IHelpSectionRenderer wrapped(String key, IHelpSectionRenderer renderer, int width) {
        return help -> {
            String text = renderer.render(help);
            if (text == null || text.isEmpty()) {
                return text;
            }
            if (key.equals(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS)) {
                // After "Usage: "; a continuation lines up after the command's name.
                int heading = help.synopsisHeadingLength();
                return wrap(
                        text,
                        width,
                        heading,
                        heading + help.commandSpec().qualifiedName().length() + 1);
            }
            return wrap(text, width, 0, -1);
        };
    }

    /**
     * The lines of {@code text} wrapped to {@code width}; the first starts at column {@code offset}.
     * A negative {@code hang} indents each continuation as its line's shape says: under a table
     * row's description (two further in, as picocli does), or as the line itself is indented.
     */
    public static String wrap(String text, int width, int offset, int hang) {
        String[] lines = text.split("\n", -1);
        List<String> wrapped = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            wrapped.addAll(wrapLine(lines[i], width, i == 0 ? offset : 0, hang));
        }
        return String.join("\n", wrapped);
    }

    private static List<String> wrapLine(String line, int width, int offset, int hang) {
        if (offset + line.length() <= width) {
            return List.of(line);
        }
        int start = hang >= 0 ? 0 : textStart(line);
        int indent = hang >= 0 ? hang : continuation(line, start);
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder(line.substring(0, start));
        int column = offset + start;
        boolean empty = true;
        String text = line.substring(start);
        Matcher word = WORD.matcher(text);
        int end = 0;
        while (word.find()) {
            String gap = text.substring(end, word.start());
            if (!empty && column + gap.length() + word.group().length() > width) {
                lines.add(current.toString());
                current = new StringBuilder(" ".repeat(indent));
                column = indent;
                gap = "";
            }
            current.append(gap).append(word.group());
            column += gap.length() + word.group().length();
            empty = false;
            end = word.end();
        }
        lines.add(current.toString());
        return lines;
    }

    /**
     * Where the wrapped text of an indented line starts: a table row's description (after its first
     * column and two or more spaces), else the line's first word; 0 for a line that is not indented.
     */
    private static int textStart(String line) {
        if (!line.startsWith(" ")) {
            return 0;
        }
        int first = 0;
        while (first < line.length() && line.charAt(first) == ' ') {
            first++;
        }
        int gap = line.indexOf("  ", first);
        if (gap < 0) {
            return first;
        }
        int description = gap;
        while (description < line.length() && line.charAt(description) == ' ') {
            description++;
        }
        return description < line.length() ? description : first;
    }

    /** The indent of a wrapped line's continuations. */
    private static int continuation(String line, int start) {
        if (start == 0) {
            return 0;
        }
        boolean row = line.substring(0, start).trim().length() > 0;
        return row ? start + 2 : start;
    }
}
