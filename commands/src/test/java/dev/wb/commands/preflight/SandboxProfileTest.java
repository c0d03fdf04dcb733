package dev.wb.commands.preflight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One source: the smoke's profile is the profile a workspace laid out as the fixture is would launch with. */
class SandboxProfileTest {

    @TempDir
    Path tmp;

    @Test
    void the_smoke_profile_is_the_workspace_profile_of_the_same_layout() {
        SmokeFixture fx = SmokeFixture.create(tmp.resolve("fx"));
        Path envFile = tmp.resolve("elsewhere.env");
        List<String> denied = List.of("secrets/**", "./config/keys.json", "/etc/ssl/private");
        List<String> args = List.of("--model", "o5", "-c", "sandbox_workspace_write.network_access=false");
        CodexSmoke.Policy policy = new CodexSmoke.Policy(Optional.of(envFile), denied, args);

        SandboxProfile smoke = SandboxProfile.of(fx, policy);
        SandboxProfile workspace = SandboxProfile.forWorkspace(fx.repo(), Optional.of(envFile), denied, args);

        assertEquals(smoke, workspace);
        assertEquals(
                List.of(
                        fx.controlHome().resolve("local").toString(),
                        fx.envFile().toString(),
                        fx.runsHome().toString(),
                        fx.controlHome().resolve("config.json").toString(),
                        envFile.toString(),
                        fx.repo() + "/secrets/**",
                        fx.repo() + "/config/keys.json",
                        "/etc/ssl/private"),
                workspace.denyRead());
        assertEquals(
                List.of(
                        fx.gitDir(),
                        fx.commonDir(),
                        fx.hooksDir(),
                        fx.controlHome(),
                        fx.repo().resolve(".claude")),
                workspace.denyWrite());
        assertEquals(List.of("-c", "sandbox_workspace_write.network_access=false"), workspace.overrides());
        // the smoke's argv carries exactly the profile codex exec gets for a writing node, offline
        List<String> entries = workspace.execConfig("workspace-write", false);
        assertEquals(List.of("-c", "default_permissions=\"wb\""), entries.subList(0, 2));
        List<String> argv = smoke.argv("codex", SandboxProfile.Role.WORKSPACE_WRITE, List.of("true"));
        assertEquals(List.of("codex", "sandbox", "-P", "wb"), argv.subList(0, 4));
        assertEquals(entries.subList(2, entries.size()), argv.subList(4, 4 + entries.size() - 2));
        assertTrue(workspace.execConfig("workspace-write", true).contains("permissions.wb.network.enabled=true"));
        assertTrue(workspace.execConfig("read-only", false).contains("permissions.wb.extends=\":read-only\""));
        assertFalse(
                String.join(" ", workspace.execConfig("workspace-write", false)).contains("sandbox_"));
    }

    @Test
    void the_codex_table_confines_writes_and_denies_only_what_exists() {
        SmokeFixture fx = SmokeFixture.create(tmp.resolve("fx"));
        SandboxProfile profile = SandboxProfile.forWorkspace(
                fx.repo(), Optional.empty(), List.of("src/**", "missing/key", "**/*.pem"), List.of());

        String writing = profile.codexTable(SandboxProfile.Role.WORKSPACE_WRITE);
        assertTrue(
                writing.startsWith("{\":project_roots\"={\".\"=\"write\",\".workflow\"=\"read\",\".git\"=\"read\","
                        + "\".claude\"=\"read\",\".workflow/local\"=\"deny\",\".workflow/.env\"=\"deny\""),
                writing);
        assertTrue(writing.contains("\"src\"=\"deny\""), "an existing folder's /** is the folder: " + writing);
        assertTrue(writing.contains("\"**/*.pem\"=\"deny\""), writing);
        assertFalse(writing.contains("missing"), "a path that does not exist is left out: " + writing);
        assertTrue(writing.endsWith("},\":slash_tmp\"=\"read\",\":tmpdir\"=\"read\"}"), writing);

        String reading = profile.codexTable(SandboxProfile.Role.READ_ONLY);
        assertTrue(reading.startsWith("{\":project_roots\"={\".workflow/local\"=\"deny\""), reading);
        assertFalse(reading.contains("write"), reading);
    }

    @Test
    void claude_settings_deny_the_private_places_and_the_denied_commands() {
        SmokeFixture fx = SmokeFixture.create(tmp.resolve("fx"));
        SandboxProfile profile =
                SandboxProfile.of(fx, new CodexSmoke.Policy(Optional.empty(), List.of("**/*.pfx"), List.of()));

        String settings = profile.claudeSettings("plan", true, false, true, List.of("curl", " git   push "))
                .toString();

        assertTrue(settings.contains("\"Read(/" + fx.controlHome().resolve("local") + "/**)\""), settings);
        assertTrue(settings.contains("\"Read(/" + fx.envFile() + ")\""), settings);
        assertTrue(settings.contains("\"Read(/" + fx.repo() + "/**/*.pfx)\""), settings);
        assertTrue(settings.contains("\"Edit(/" + fx.commonDir() + "/**)\""), settings);
        assertTrue(settings.contains("\"Bash(curl:*)\",\"Bash(git push:*)\""), settings);
        assertTrue(settings.contains("\"WebFetch\",\"WebSearch\""), settings);
        assertTrue(settings.contains("\"allow\":[\"Bash(git status:*)\""), settings);
        assertTrue(settings.contains("\"defaultMode\":\"plan\""), settings);
        assertTrue(settings.contains("\"allowedDomains\":[]"), settings);
        assertTrue(settings.contains("\"allowUnsandboxedCommands\":false"), settings);
        assertTrue(settings.contains("\"failIfUnavailable\":true"), settings);
        assertTrue(settings.contains("\"Edit(/" + fx.repo() + "/.claude/**)\""), settings);
        assertTrue(settings.contains("\"Write(/" + fx.repo() + "/.claude/**)\""), settings);
    }

    @Test
    void a_place_inside_a_denied_folder_is_left_to_it_whichever_comes_first() throws java.io.IOException {
        SmokeFixture fx = SmokeFixture.create(tmp.resolve("fx"));
        java.nio.file.Files.createDirectories(fx.repo().resolve("secrets"));
        java.nio.file.Files.writeString(fx.repo().resolve("secrets/a.pem"), "k");
        SandboxProfile profile = SandboxProfile.forWorkspace(
                fx.repo(), Optional.empty(), List.of("secrets/a.pem", "secrets", ".workflow"), List.of());

        String table = profile.codexTable(SandboxProfile.Role.READ_ONLY);
        assertEquals("{\":project_roots\"={\"secrets\"=\"deny\",\".workflow\"=\"deny\"}}", table);
    }

    @Test
    void provider_args_that_would_replace_the_profile_or_the_settings_are_refused() {
        for (List<String> args : List.of(
                List.of("--sandbox", "workspace-write"),
                List.of("-sworkspace-write"),
                List.of("--full-auto"),
                List.of("-p", "mine"),
                List.of("-c", "sandbox_mode=\"workspace-write\""),
                List.of("-cdefault_permissions=\":workspace\""),
                List.of("--config=permissions.wb.filesystem={}"))) {
            assertTrue(IsolationLines.reshaping("codex", args).isPresent(), args.toString());
        }
        assertEquals(Optional.empty(), IsolationLines.reshaping("codex", List.of("-c", "model_reasoning_effort=low")));
        for (List<String> args : List.of(
                List.of("--settings", "x.json"),
                List.of("--setting-sources", "user,project"),
                List.of("--add-dir", "/"),
                List.of("--allowedTools", "Bash"))) {
            assertTrue(IsolationLines.reshaping("claude", args).isPresent(), args.toString());
        }
        assertEquals(Optional.empty(), IsolationLines.reshaping("claude", List.of("--verbose")));
    }
}
