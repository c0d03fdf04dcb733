package dev.wb.commands.preflight;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.preflight.SandboxProfile.Role;
import dev.wb.commands.process.Redactor;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import dev.wb.testkit.AgentClis;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The profile wb launches Codex nodes with, run by the real {@code codex sandbox -P wb} (installed from
 * npm, {@link AgentClis}): each place a node must not read or write is denied, and each it may use is
 * allowed, per role, one probe a process; and {@code codex debug prompt-input} with the very flags
 * {@code codex exec} gets shows the same profile as Codex's effective policy.
 */
class CodexSandboxIT {

    @TempDir
    Path tmp;

    private Path codex;
    private Map<String, String> env;
    private SmokeFixture fx;
    private SandboxProfile profile;

    @BeforeEach
    void setUp() throws IOException {
        codex = AgentClis.require("codex");
        Path home = Files.createDirectories(tmp.resolve("home"));
        env = new HashMap<>();
        env.put("PATH", codex.getParent() + ":/usr/bin:/bin");
        env.put("HOME", home.toString());
        env.put("CODEX_HOME", Files.createDirectories(home.resolve(".codex")).toString());
        env.put("TMPDIR", Files.createDirectories(tmp.resolve("tmpdir")).toString());
        fx = SmokeFixture.create(tmp.resolve("fx"));
        profile = SandboxProfile.of(fx, new CodexSmoke.Policy(Optional.empty(), List.of(), List.of()));
    }

    @Test
    void a_writing_node_writes_the_repository_and_nothing_else_and_reads_no_private_place() {
        List<String> wrong = probeEach(Role.WORKSPACE_WRITE);
        assertEquals(List.of(), wrong);
    }

    @Test
    void a_read_only_node_writes_nothing_and_reads_no_private_place() {
        List<String> wrong = probeEach(Role.READ_ONLY);
        assertEquals(List.of(), wrong);
    }

    @Test
    void the_whole_smoke_is_ok_with_the_real_codex() {
        PreflightLine line = CodexSmoke.run(
                codex.toString(),
                fx,
                new CodexSmoke.Policy(Optional.empty(), List.of(), List.of()),
                new ProbeRunner(tmp, env),
                false,
                Redactor.forEnvironment(Map.of()));
        assertEquals(LineVerdict.OK, line.verdict(), line.text());
    }

    @Test
    void the_legacy_deny_lists_wb_gave_before_were_no_key_codex_reads() {
        // what wb passed before: Codex's sandbox lets the secret be read despite the deny list
        ProbeRunner runner = new ProbeRunner(tmp, env);
        ProbeRunner.Answer answer = runner.run(
                List.of(
                        codex.toString(),
                        "sandbox",
                        "-c",
                        "sandbox_mode=\"workspace-write\"",
                        "-c",
                        "sandbox_workspace_write.deny_read=[\"" + fx.envFile() + "\"]",
                        "--",
                        "cat",
                        fx.envFile().toString()),
                fx.repo(),
                Duration.ofSeconds(30));
        assertTrue(answer.output().contains(fx.marker()), "the legacy key denied nothing: " + answer.output());
    }

    @Test
    void codex_exec_gets_the_same_profile_as_its_effective_policy() {
        for (Role role : Role.values()) {
            List<String> argv = new ArrayList<>(List.of(codex.toString(), "debug", "prompt-input"));
            argv.addAll(profile.execConfig(role == Role.WORKSPACE_WRITE ? "workspace-write" : "read-only", false));
            argv.add("hi");
            ProbeRunner.Answer answer = new ProbeRunner(tmp, env).run(argv, fx.repo(), Duration.ofSeconds(30));
            String out = answer.output().replace("\\\"", "\"");
            assertTrue(answer.exited(0), answer.output());
            for (Path denied : List.of(fx.envFile(), fx.controlHome().resolve("local"))) {
                assertTrue(
                        out.contains(
                                "<entry access=\"deny\" escalatable=\"false\"><path>" + denied + "</path></entry>"),
                        role + " denies " + denied + ": " + out);
            }
            boolean writes = out.contains("<entry access=\"write\"><path>" + fx.repo() + "</path></entry>");
            assertEquals(role == Role.WORKSPACE_WRITE, writes, role + ": " + out);
            for (String place : List.of(":slash_tmp", ":tmpdir")) {
                assertFalse(
                        out.contains("<entry access=\"write\"><special>" + place + "</special>"),
                        role + ": " + place + " is never writable: " + out);
            }
        }
    }

    /** Runs each of the role's probes alone under the real sandbox; returns those that came out wrong. */
    private List<String> probeEach(Role role) {
        String unique = UUID.randomUUID().toString().substring(0, 8);
        List<Path> strays = List.of(Path.of("/tmp", "wb-it-" + unique), Path.of(env.get("TMPDIR"), "wb-it-" + unique));
        List<String> wrong = new ArrayList<>();
        ProbeRunner runner = new ProbeRunner(tmp, env);
        try {
            for (CodexSmoke.Probe probe : CodexSmoke.probes(fx, role, strays)) {
                List<String> command = probe.write()
                        ? List.of("touch", probe.place().toString())
                        : List.of("cat", probe.place().toString());
                ProbeRunner.Answer answer =
                        runner.run(profile.argv(codex.toString(), role, command), fx.repo(), Duration.ofSeconds(30));
                boolean happened = probe.write()
                        ? SmokeFixture.exists(probe.place())
                        : answer.exited(0) && !answer.output().isBlank();
                if (happened == probe.denied()) {
                    wrong.add(role + " " + probe.name() + (probe.denied() ? " was allowed" : " was denied") + ": "
                            + answer.output().strip());
                }
            }
        } finally {
            strays.forEach(s -> {
                for (String suffix : List.of("-write", "-read")) {
                    try {
                        Files.deleteIfExists(Path.of(s + suffix));
                    } catch (IOException e) {
                        // nothing: a stray probe file in /tmp holds nothing
                    }
                }
            });
        }
        return wrong;
    }
}
