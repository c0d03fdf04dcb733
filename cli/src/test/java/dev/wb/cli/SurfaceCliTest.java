package dev.wb.cli;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code wb surface [GROUP] [--json]}: every command and argument, read off picocli's model. */
class SurfaceCliTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
    }

    static JsonNode action(JsonNode group, String name) {
        for (JsonNode action : group.get("actions")) {
            if (action.get("action").textValue().equals(name)) {
                return action;
            }
        }
        throw new AssertionError("no action " + name + " in " + group);
    }

    static JsonNode argument(JsonNode action, String name) {
        for (JsonNode argument : action.get("arguments")) {
            if (argument.get("name").textValue().equals(name)) {
                return argument;
            }
        }
        throw new AssertionError("no argument " + name + " in " + action);
    }

    @Test
    void every_command_wb_registers_is_in_the_surface_except_the_hidden() {
        CliRun.Result result = wb(repo.root(), "surface", "--json");

        assertEquals(0, result.code(), result::toString);
        List<String> groups = new ArrayList<>();
        result.json().get("groups").forEach(g -> groups.add(g.get("group").textValue()));
        assertEquals(Commands.NAMES, groups);
    }

    @Test
    void an_argument_says_whether_it_is_positional_required_and_takes_a_value() {
        CliRun.Result result = wb(repo.root(), "surface", "task", "--json");

        assertEquals(0, result.code(), result::toString);
        JsonNode task = result.json().get("groups").get(0);
        JsonNode created = action(task, "new");
        JsonNode key = argument(created, "KEY");
        assertTrue(key.get("positional").booleanValue());
        assertTrue(key.get("required").booleanValue());
        assertTrue(argument(created, "--title").get("takes_value").booleanValue());
        assertEquals(false, argument(created, "--json").get("takes_value").booleanValue());
        assertEquals(false, argument(created, "--title").get("positional").booleanValue());
    }

    @Test
    void a_closed_set_lists_its_members() {
        CliRun.Result result = wb(repo.root(), "surface", "hooks", "--json");

        assertEquals(0, result.code(), result::toString);
        JsonNode host = argument(action(result.json().get("groups").get(0), "install"), "HOST");
        List<String> choices = new ArrayList<>();
        host.get("choices").forEach(c -> choices.add(c.textValue()));
        assertEquals(List.of("claude", "codex", "copilot"), choices);
    }

    @Test
    void text_marks_each_argument() {
        CliRun.Result result = wb(repo.root(), "surface", "next");

        assertEquals(0, result.code(), result::toString);
        assertTrue(result.out().startsWith("wb next   The one step to take now"), result::toString);
        assertTrue(result.out().contains("\n  KEY   [positional]\n"), result::toString);
        assertTrue(result.out().contains("\n  --json\n"), result::toString);
    }

    @Test
    void an_unknown_group_exits_2_and_names_the_groups() {
        CliRun.Result result = wb(repo.root(), "surface", "nosuch");

        assertEquals(2, result.code(), result::toString);
        assertTrue(
                result.err().startsWith("error: no such group: nosuch\n  fix: groups: init, status"), result::toString);
    }
}
