package dev.wb.cli.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.base.Splitter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every skill of the plugin names only what wb has: each wb command line a SKILL.md names (in backquotes, or
 * in its allowed-tools) is a command of wb's tree ({@code wb surface --json}), {@code wb <command> --help}
 * exits 0 for it through the real launcher, and every option the line uses is in that help. Each skill has
 * the sections the plugin promises: the commands it may run and what it must never do.
 */
class SkillCommandsIT {

    private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();
    private static final Path WB = ROOT.resolve("bin/wb");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void everyCommandASkillNamesExistsWithTheOptionsItUses() throws Exception {
        Set<String> tree = commandTree();
        Map<String, Set<String>> optionsByCommand = new LinkedHashMap<>();
        List<String> problems = new ArrayList<>();
        for (PluginSkills skill : PluginSkills.all(ROOT)) {
            List<String> commands = skill.commands();
            assertFalse(commands.isEmpty(), skill.name() + " names no wb command");
            for (String line : commands) {
                String command = longestCommand(tree, line);
                if (command.isEmpty()) {
                    problems.add(skill.name() + ": `wb " + line + "` is no command of wb");
                    continue;
                }
                Set<String> options = optionsByCommand.computeIfAbsent(command, c -> new LinkedHashSet<>());
                Arrays.stream(line.split("\\s+"))
                        .filter(word -> word.startsWith("--"))
                        .map(word -> word.replaceFirst("=.*", ""))
                        .forEach(options::add);
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(optionsByCommand.size() >= 20, "the skills name " + optionsByCommand.keySet());
        for (Map.Entry<String, Set<String>> entry : optionsByCommand.entrySet()) {
            List<String> argv = new ArrayList<>(List.of(WB.toString()));
            argv.addAll(Splitter.on(' ').splitToList(entry.getKey()));
            argv.add("--help");
            Run help = Run.of(tmp, Map.of(), argv);
            assertEquals(0, help.exit(), "wb " + entry.getKey() + " --help\n" + help.both());
            for (String option : entry.getValue()) {
                assertTrue(
                        help.out().contains(option), "wb " + entry.getKey() + " has no " + option + ":\n" + help.out());
            }
        }
    }

    @Test
    void everySkillSaysWhatItRunsAndWhatItMustNotDo() {
        for (PluginSkills skill : PluginSkills.all(ROOT)) {
            assertEquals(
                    skill.name(), skill.frontMatter().get("name"), skill.name() + ": name differs from its folder");
            assertTrue(skill.frontMatter().getOrDefault("description", "").length() > 40, skill.name());
            assertTrue(skill.frontMatter().getOrDefault("allowed-tools", "").contains("Bash(wb "), skill.name());
            assertTrue(skill.body().contains("\n## Commands\n"), skill.name() + " has no ## Commands");
            assertTrue(skill.body().contains("\n## Never\n"), skill.name() + " has no ## Never");
        }
    }

    /** Every command path of wb's tree ("status", "sdd audit", …), from wb surface --json. */
    private Set<String> commandTree() throws Exception {
        Run surface = Run.of(tmp, Map.of(), List.of(WB.toString(), "surface", "--json"));
        assertEquals(0, surface.exit(), surface.both());
        Set<String> paths = new LinkedHashSet<>();
        for (JsonNode group : JSON.readTree(surface.out()).path("groups")) {
            for (JsonNode action : group.path("actions")) {
                String name = group.path("group").asText();
                String member = action.path("action").asText();
                paths.add(member.isEmpty() ? name : name + " " + member);
            }
        }
        return paths;
    }

    /** The longest command path of the tree LINE starts with, or "" when none. */
    private static String longestCommand(Set<String> tree, String line) {
        String[] words = line.split("\\s+");
        String best = "";
        for (int n = 1; n <= Math.min(3, words.length); n++) {
            String candidate = String.join(" ", Arrays.copyOf(words, n));
            if (tree.contains(candidate)) {
                best = candidate;
            }
        }
        return best;
    }
}
