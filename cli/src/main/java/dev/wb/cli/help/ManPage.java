package dev.wb.cli.help;

import dev.wb.cli.core.Version;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;

/**
 * A command's man page in roff ({@code man 7 man}), from the same spec as its {@code --help}: NAME,
 * SYNOPSIS, DESCRIPTION, OPTIONS, ARGUMENTS, COMMANDS (a group's members), NOTES, EXIT STATUS and
 * SEE ALSO. picocli's own generator writes AsciiDoc, which needs asciidoctor to become a man page.
 */
final class ManPage {

    private ManPage() {}

    /** The page's file name: {@code wb.1}, {@code wb-judge-run.1}. */
    static String fileName(CommandSpec command) {
        return pageName(command) + ".1";
    }

    /** {@code wb-judge-run}. */
    static String pageName(CommandSpec command) {
        return command.qualifiedName("-");
    }

    static String roff(CommandSpec command) {
        StringBuilder page = new StringBuilder();
        String[] description = text(command.usageMessage().description());
        head(page, command, description);
        page.append(".SH DESCRIPTION\n");
        paragraphs(page, description);
        arguments(page, command);
        List<String> seeAlso = new ArrayList<>();
        if (!command.subcommands().isEmpty()) {
            page.append(".SH COMMANDS\n");
            command.subcommands().forEach((member, sub) -> {
                CommandSpec spec = sub.getCommandSpec();
                page.append(".TP\n.B ").append(escape(member)).append('\n');
                paragraphs(page, text(spec.usageMessage().description()));
                seeAlso.add(pageName(spec));
            });
        }
        footer(page, text(command.usageMessage().footer()));
        if (command.parent() != null) {
            seeAlso.add(0, pageName(command.parent()));
        }
        if (!seeAlso.isEmpty()) {
            page.append(".SH SEE ALSO\n");
            List<String> refs =
                    seeAlso.stream().map(s -> "\\fB" + escape(s) + "\\fR(1)").toList();
            page.append(String.join(",\n", refs)).append('\n');
        }
        return page.toString();
    }

    /** The page's title line, its NAME (with the description's summary) and its SYNOPSIS. */
    private static void head(StringBuilder page, CommandSpec command, String[] description) {
        String name = pageName(command);
        page.append(".TH \"")
                .append(name.toUpperCase(Locale.ROOT))
                .append("\" 1 \"\" \"")
                .append(escape(Version.line()))
                .append("\" \"wb manual\"\n")
                // Left-aligned, no hyphens: a path or an option is never split across lines.
                .append(".nh\n.ad l\n");
        page.append(".SH NAME\n")
                .append(escape(name))
                .append(" \\- ")
                .append(escape(summary(description)))
                .append('\n');
        page.append(".SH SYNOPSIS\n")
                .append(".B ")
                .append(escape(command.qualifiedName()))
                .append('\n');
        String synopsis = new CommandLine.Help(command, CommandLine.Help.defaultColorScheme(CommandLine.Help.Ansi.OFF))
                .synopsis(0)
                .trim();
        page.append(escape(synopsis.substring(Math.min(
                                synopsis.length(), command.qualifiedName().length()))
                        .trim()))
                .append('\n');
    }

    /** The OPTIONS (those not hidden) and the ARGUMENTS, each with its description. */
    private static void arguments(StringBuilder page, CommandSpec command) {
        if (!command.options().isEmpty()) {
            page.append(".SH OPTIONS\n");
            for (OptionSpec option : command.options()) {
                if (!option.hidden()) {
                    page.append(".TP\n").append(optionLabel(option)).append('\n');
                    paragraphs(page, text(option.description()));
                }
            }
        }
        if (!command.positionalParameters().isEmpty()) {
            page.append(".SH ARGUMENTS\n");
            for (PositionalParamSpec positional : command.positionalParameters()) {
                page.append(".TP\n.I ").append(escape(positional.paramLabel())).append('\n');
                paragraphs(page, text(positional.description()));
            }
        }
    }

    /** The footer: its notes, then its exit codes line as EXIT STATUS. */
    private static void footer(StringBuilder page, String[] lines) {
        List<String> notes = new ArrayList<>();
        String exits = null;
        for (String line : lines) {
            if (line.startsWith("Exit codes:")) {
                exits = line.substring("Exit codes:".length()).trim();
            } else if (!line.isBlank()) {
                notes.add(line);
            }
        }
        if (!notes.isEmpty()) {
            page.append(".SH NOTES\n");
            paragraphs(page, notes.toArray(new String[0]));
        }
        if (exits != null) {
            page.append(".SH EXIT STATUS\n").append(escape(exits)).append('\n');
        }
    }

    private static String optionLabel(OptionSpec option) {
        List<String> names = new ArrayList<>();
        for (String n : option.names()) {
            names.add("\\fB" + escape(n) + "\\fR");
        }
        String label = String.join(", ", names);
        if (option.arity().max() > 0) {
            label += "=\\fI" + escape(option.paramLabel()) + "\\fR";
        }
        return label;
    }

    /** Each line its own paragraph; blank lines dropped. */
    private static void paragraphs(StringBuilder page, String[] lines) {
        boolean first = true;
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            if (!first) {
                page.append(".br\n");
            }
            page.append(escape(line)).append('\n');
            first = false;
        }
    }

    /** The first sentence of a description, for NAME. */
    private static String summary(String[] description) {
        String text = description.length == 0 ? "" : description[0];
        int end = text.indexOf(". ");
        String first = end < 0 ? text : text.substring(0, end);
        return first.endsWith(".") ? first.substring(0, first.length() - 1) : first;
    }

    /** picocli's format markers resolved: {@code %n} a new line, {@code %%} a percent sign. */
    private static String[] text(String[] lines) {
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            out.addAll(List.of(line.replace("%n", "\n").replace("%%", "%").split("\n", -1)));
        }
        return out.toArray(new String[0]);
    }

    /** A line of text safe in roff: backslashes and dashes escaped, a leading dot or quote guarded. */
    static String escape(String text) {
        String escaped = text.replace("\\", "\\e").replace("-", "\\-");
        return escaped.startsWith(".") || escaped.startsWith("'") ? "\\&" + escaped : escaped;
    }
}
