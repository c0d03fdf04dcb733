package dev.wb.cli.plugin;

import com.google.common.base.Splitter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The skills of plugin/skills/: each folder's SKILL.md, its front matter and every wb command line it names. */
record PluginSkills(String name, Map<String, String> frontMatter, String body) {

    /** A wb command in backquotes ({@code `wb sdd audit KEY`}) or in allowed-tools ({@code Bash(wb sdd audit:*)}). */
    private static final Pattern QUOTED = Pattern.compile("`(wb [^`\\n]+)`");

    private static final Pattern ALLOWED = Pattern.compile("Bash\\((wb [^:)]+)(?::\\*)?\\)");

    static List<String> names(Path root) {
        return all(root).stream().map(PluginSkills::name).toList();
    }

    static List<PluginSkills> all(Path root) {
        try (Stream<Path> folders = Files.list(root.resolve("plugin/skills"))) {
            return folders.filter(Files::isDirectory)
                    .sorted()
                    .map(PluginSkills::read)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static PluginSkills read(Path folder) {
        try {
            String text = Files.readString(folder.resolve("SKILL.md"), StandardCharsets.UTF_8);
            if (!text.startsWith("---\n")) {
                throw new AssertionError(folder + "/SKILL.md has no front matter");
            }
            int end = text.indexOf("\n---\n", 4);
            Map<String, String> fields = new LinkedHashMap<>();
            for (String line : Splitter.on('\n').split(text.substring(4, end))) {
                int colon = line.indexOf(": ");
                String value = line.substring(colon + 2);
                if (value.startsWith("\"") && value.endsWith("\"")) {
                    value = value.substring(1, value.length() - 1);
                }
                fields.put(line.substring(0, colon), value);
            }
            return new PluginSkills(folder.getFileName().toString(), fields, text.substring(end + 5));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every wb command line the skill names, as written (without the leading {@code wb}), in order. */
    List<String> commands() {
        List<String> found = new ArrayList<>();
        collect(QUOTED.matcher(body), found);
        collect(ALLOWED.matcher(frontMatter.getOrDefault("allowed-tools", "")), found);
        return found;
    }

    private static void collect(Matcher matcher, List<String> into) {
        while (matcher.find()) {
            into.add(matcher.group(1).substring(3).trim());
        }
    }
}
