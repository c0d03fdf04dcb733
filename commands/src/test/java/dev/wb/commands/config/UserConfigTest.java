package dev.wb.commands.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the user config is, what it may hold, and that the repository's file wins over it. */
class UserConfigTest {

    @TempDir
    Path tmp;

    @Test
    void the_file_is_under_xdg_config_home_else_home_dot_config_and_a_relative_xdg_is_ignored() {
        assertEquals(
                Optional.of(tmp.resolve("xdg/wb/config.json")),
                UserConfig.file(Map.of("XDG_CONFIG_HOME", tmp.resolve("xdg").toString(), "HOME", "/nowhere")));
        assertEquals(
                Optional.of(tmp.resolve("home/.config/wb/config.json")),
                UserConfig.file(Map.of(
                        "XDG_CONFIG_HOME",
                        "relative/dir",
                        "HOME",
                        tmp.resolve("home").toString())));
        assertEquals(Optional.empty(), UserConfig.file(Map.of()));
    }

    @Test
    void an_absent_file_is_no_user_config() {
        assertEquals(Optional.empty(), UserConfig.read(Map.of("XDG_CONFIG_HOME", tmp.toString())));
    }

    @Test
    void identity_and_schema_are_read_and_the_repository_s_identity_wins() throws IOException {
        write("{\"$schema\": \"x\", \"identity\": {\"name\": \"Ada\", \"email\": \"ada@example.com\"}}");

        Optional<UserConfig.Loaded> user = UserConfig.read(Map.of("XDG_CONFIG_HOME", tmp.toString()));

        assertEquals(
                "ada@example.com",
                user.orElseThrow().config().identity().orElseThrow().email());
        assertEquals(
                "ada@example.com",
                WorkspaceConfig.of(Optional.empty(), user)
                        .identity()
                        .orElseThrow()
                        .email());
        LocatedTree team = WorkspaceConfig.parse(
                "{\"identity\": {\"name\": \"Bot\", \"email\": \"bot@example.com\"}}".getBytes(StandardCharsets.UTF_8));
        assertEquals(
                "bot@example.com",
                WorkspaceConfig.of(Optional.of(team), user)
                        .identity()
                        .orElseThrow()
                        .email());
        LocatedTree bound = WorkspaceConfig.parse("{\"context\": \"work\"}".getBytes(StandardCharsets.UTF_8));
        assertEquals(
                Optional.empty(),
                WorkspaceConfig.of(Optional.of(bound), user).identity(),
                "a bound original context decides the identity, not the user file");
    }

    @Test
    void a_key_that_is_not_personal_stops_with_exit_3_naming_it_and_its_line() throws IOException {
        write("""
                {
                  "identity": {"name": "Ada", "email": "ada@example.com"},
                  "checks": {"command_sets": {}}
                }
                """);

        Failure f = assertThrows(Failure.class, () -> UserConfig.read(Map.of("XDG_CONFIG_HOME", tmp.toString())));

        assertEquals(Failure.Kind.CONFIG, f.kind());
        assertTrue(
                f.getMessage()
                        .startsWith(tmp.resolve("wb/config.json") + " line 3: checks cannot be set in the user"
                                + " config: it holds only identity"),
                f.getMessage());
    }

    private void write(String json) throws IOException {
        Path file = tmp.resolve("wb/config.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, json);
    }
}
