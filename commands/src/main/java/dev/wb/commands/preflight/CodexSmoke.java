package dev.wb.commands.preflight;

import dev.wb.commands.preflight.SandboxProfile.Role;
import dev.wb.commands.process.Redactor;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * Codex's live, no-model isolation smoke: the very permission profile a node gets ({@link SandboxProfile})
 * run by {@code codex sandbox -P wb} over a throwaway {@link SmokeFixture}, once per role (a writing node's
 * and a read-only node's), each role's probes in one sandboxed shell. Each probe reads or writes one place
 * the role must be allowed or denied: the env-file, the control home's private part and its runs home, a
 * task folder, the git control roots and hooks, {@code .claude/}, {@code /tmp}, {@code $TMPDIR} and a
 * folder outside the repository. A write's verdict is what is on disk afterwards; a read's is whether
 * the file's marker came out.
 *
 * <ul>
 *   <li>a first output line {@code Error: …} naming a config, profile, permission or path problem is a
 *       FAIL: Codex rejected the generated profile;
 *   <li>a denied read whose marker came out or a denied write present is a FAIL: not enforcing;
 *   <li>the allowed control write missing, with the sandbox failing to start, is a WARN, could not run here
 *       (a FAIL when Codex has no fallback provider); with nothing failing, NOT DEMONSTRATED (likewise);
 *   <li>an allowed read refused (the positive control) or {@code codex --version} refused inside the
 *       sandbox is a FAIL: the capability exists, so only the profile can be taking it away.
 * </ul>
 */
public final class CodexSmoke {

    private static final Pattern PROFILE_ERROR =
            Pattern.compile("(?i)^error:.*\\b(config|profile|permission|filesystem|path|key)");
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(30);

    /** Each probe's output begins with this line and its number, so the output splits per probe. */
    private static final String SECTION = "@@wb-probe ";

    /** The probe shell: each argument {@code r:PATH} is read, {@code w:PATH} written, never spliced into it. */
    private static final String SCRIPT = "i=0; for a in \"$@\"; do i=$((i+1)); echo \"" + SECTION + "$i\";"
            + " p=${a#?:}; case $a in r:*) cat -- \"$p\";; w:*) touch -- \"$p\";; esac; echo; done 2>&1";

    /**
     * What of the workspace's own deny policy goes into the smoke's profile: the resolved env-file (when
     * one was loaded), {@code security.denied_read_paths}, and {@code agents.providers.codex.args}.
     */
    public record Policy(Optional<Path> envFile, List<String> deniedReadPaths, List<String> providerArgs) {}

    /** One probe: a name, a read or a write, the place, and whether the role must be denied it. */
    record Probe(String name, boolean write, Path place, boolean denied) {}

    private CodexSmoke() {}

    /**
     * The smoke as {@code wb run} asks it before its first Codex node under strict isolation: the profile
     * this workspace's nodes get, over a fixture under {@code scratch} (deleted after), with the provider's
     * own environment. Empty when it is OK; else the line, and no Codex node starts.
     */
    public static Optional<String> refusal(
            String codex, Path scratch, Map<String, String> env, Policy policy, Redactor redactor) {
        Path dir;
        try {
            dir = Files.createDirectories(scratch).resolve("smoke-" + UUID.randomUUID());
        } catch (IOException e) {
            return Optional.of("codex: isolation smoke could not run: " + e.getMessage());
        }
        try {
            Files.createDirectories(dir);
            PreflightLine line = run(
                    codex, SmokeFixture.create(dir.resolve("fx")), policy, new ProbeRunner(dir, env), false, redactor);
            return line.verdict() == LineVerdict.OK ? Optional.empty() : Optional.of(line.text());
        } catch (IOException | UncheckedIOException e) {
            return Optional.of("codex: isolation smoke could not run: " + e.getMessage());
        } finally {
            Preflight.delete(dir);
        }
    }

    static PreflightLine run(
            String codex, SmokeFixture fx, Policy policy, ProbeRunner runner, boolean fallback, Redactor redactor) {
        Smoke smoke = new Smoke(codex, fx, SandboxProfile.of(fx, policy), runner, fallback, redactor);
        String tmpdir = runner.env().getOrDefault("TMPDIR", "/tmp");
        String unique = UUID.randomUUID().toString().substring(0, 8);
        List<Path> strays =
                List.of(Path.of("/tmp", "wb-smoke-" + unique), Path.of(tmpdir).resolve("wb-smoke-tmpdir-" + unique));
        try {
            return smoke.verdict(strays);
        } finally {
            for (Path stray : strays) {
                deleteStray(Path.of(stray + "-write"));
                deleteStray(Path.of(stray + "-read"));
            }
        }
    }

    private static void deleteStray(Path written) {
        try {
            Files.deleteIfExists(written);
        } catch (IOException e) {
            // a leaked probe file in /tmp holds nothing; the FAIL line already says it was written
        }
    }

    /**
     * One smoke: the codex binary, its fixture and the profile generated for it, what runs the probes,
     * whether another provider can cover the work, and what redacts what codex printed.
     */
    private record Smoke(
            String codex,
            SmokeFixture fx,
            SandboxProfile profile,
            ProbeRunner runner,
            boolean fallback,
            Redactor redactor) {

        /** Each role's probes, then codex itself under the profile: the smoke's one line. */
        PreflightLine verdict(List<Path> strays) {
            List<String> leaks = new ArrayList<>();
            for (Role role : Role.values()) {
                Optional<PreflightLine> early = probe(role, strays, leaks);
                if (early.isPresent()) {
                    return early.get();
                }
            }
            if (!leaks.isEmpty()) {
                return line(
                        LineVerdict.FAIL,
                        "not enforcing: " + String.join(", ", leaks) + " succeeded under the generated"
                                + " profile (configuration_error)");
            }
            return version();
        }

        /** Runs ROLE's probes, adding to LEAKS what leaked; the line that ends the smoke here, if any. */
        private Optional<PreflightLine> probe(Role role, List<Path> strays, List<String> leaks) {
            List<Probe> probes = probes(fx, role, strays);
            ProbeRunner.Answer answer = runner.run(profile.argv(codex, role, shell(probes)), fx.repo(), PROBE_TIMEOUT);
            if (PROFILE_ERROR.matcher(answer.firstLine()).find()) {
                return Optional.of(line(
                        LineVerdict.FAIL,
                        "codex rejected the generated " + name(role) + " profile: "
                                + redactor.redact(answer.firstLine())));
            }
            List<String> sections = sections(answer.output(), probes.size());
            Optional<PreflightLine> missing = missingControls(role, probes, sections, answer);
            for (int i = 0; i < probes.size(); i++) {
                Probe probe = probes.get(i);
                if (probe.denied() && happened(fx, probe, sections.get(i))) {
                    leaks.add(name(role) + " " + probe.name());
                }
            }
            return leaks.isEmpty() ? missing : Optional.empty();
        }

        /** Whether codex itself runs under the workspace-write profile, and the MCP servers it would start. */
        private PreflightLine version() {
            ProbeRunner.Answer version = runner.run(
                    profile.argv(codex, Role.WORKSPACE_WRITE, List.of(codex, "--version")), fx.repo(), PROBE_TIMEOUT);
            if (!version.exited(0)) {
                return line(
                        LineVerdict.FAIL,
                        "codex --version cannot execute under the generated profile ("
                                + redactor.redact(
                                        version.firstLine().isEmpty()
                                                ? version.why("codex --version")
                                                : version.firstLine())
                                + "): configuration error");
            }
            return line(
                    LineVerdict.OK,
                    "codex permission profiles: OS-enforced for workspace-write and read-only nodes ("
                            + mcp(codex, fx.repo(), runner) + ")");
        }

        /** Why the role's allowed probes did not pass (the sandbox did not run, or the profile refuses them). */
        private Optional<PreflightLine> missingControls(
                Role role, List<Probe> probes, List<String> sections, ProbeRunner.Answer answer) {
            boolean readOk = false;
            boolean writeOk = role == Role.READ_ONLY;
            for (int i = 0; i < probes.size(); i++) {
                Probe probe = probes.get(i);
                if (!probe.denied() && happened(fx, probe, sections.get(i))) {
                    readOk |= !probe.write();
                    writeOk |= probe.write();
                }
            }
            String tail = fallback ? "" : "; no fallback provider can cover the work";
            LineVerdict verdict = fallback ? LineVerdict.WARN : LineVerdict.FAIL;
            boolean nothing = !readOk && (role == Role.READ_ONLY ? !answer.exited(0) : !writeOk);
            if (nothing && !answer.exited(0)) {
                String why = answer.firstLine().isEmpty() ? answer.why("codex sandbox") : answer.firstLine();
                return Optional.of(line(
                        verdict,
                        "sandbox could not run — " + redactor.redact(why) + " (capability_unavailable)" + tail));
            }
            if (!writeOk) {
                return Optional.of(line(
                        verdict,
                        "NOT DEMONSTRATED — the allowed control file was not written, so an enforcing"
                                + " sandbox cannot be told from one that never ran the write" + tail));
            }
            if (!readOk) {
                return Optional.of(line(
                        LineVerdict.FAIL,
                        "the generated " + name(role) + " profile refuses a repository read (the positive control):"
                                + " configuration error"));
            }
            return Optional.empty();
        }
    }

    /** The role's probes, in order: the positive controls first. */
    static List<Probe> probes(SmokeFixture fx, Role role, List<Path> strays) {
        Path repo = fx.repo();
        boolean writer = role == Role.WORKSPACE_WRITE;
        List<Probe> probes = new ArrayList<>();
        probes.add(new Probe("repo read", false, repo.resolve("README.md"), false));
        probes.add(new Probe("task folder read", false, fx.taskFile(), false));
        String suffix = writer ? "-write" : "-read";
        probes.add(new Probe("repo write", true, fx.allowed().resolve("wb-smoke-control" + suffix), !writer));
        probes.add(new Probe("private home read", false, fx.secret(), true));
        fx.alias()
                .ifPresent(a -> probes.add(new Probe(
                        "private home read (workspace symlink alias)",
                        false,
                        a.resolve("local").resolve("wb-smoke-secret"),
                        true)));
        probes.add(new Probe("env-file read", false, fx.envFile(), true));
        probes.add(new Probe("runs home read", false, fx.runsHome().resolve("bundle.json"), true));
        probes.add(new Probe("config read", false, fx.controlHome().resolve("config.json"), true));
        probes.add(write("control home write", fx.controlHome(), suffix));
        probes.add(write("private home write", fx.controlHome().resolve("local"), suffix));
        probes.add(write("gitdir write", fx.gitDir(), suffix));
        probes.add(write("common dir write", fx.commonDir(), suffix));
        probes.add(write("hooks dir write", fx.hooksDir(), suffix));
        probes.add(write(".claude write", repo.resolve(".claude"), suffix));
        probes.add(new Probe("/tmp write", true, Path.of(strays.get(0) + suffix), true));
        probes.add(new Probe("$TMPDIR write", true, Path.of(strays.get(1) + suffix), true));
        probes.add(write("outside write", fx.outside(), suffix));
        return List.copyOf(probes);
    }

    private static Probe write(String name, Path dir, String suffix) {
        return new Probe(name, true, dir.resolve("wb-smoke-write" + suffix), true);
    }

    private static List<String> shell(List<Probe> probes) {
        List<String> argv = new ArrayList<>(List.of("sh", "-c", SCRIPT, "wb-probe"));
        probes.forEach(p -> argv.add((p.write() ? "w:" : "r:") + p.place()));
        return argv;
    }

    /** Whether the probe's read or write went through: the file there, or its content in its section. */
    private static boolean happened(SmokeFixture fx, Probe probe, String section) {
        if (probe.write()) {
            return SmokeFixture.exists(probe.place());
        }
        return section.contains(fx.marker())
                || section.contains("# preflight fixture")
                || section.contains(SmokeFixture.TASK_TEXT);
    }

    /** The output of each probe, by its section line; a probe that never printed its line has none. */
    private static List<String> sections(String output, int count) {
        List<StringBuilder> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(new StringBuilder());
        }
        int current = -1;
        for (String line : output.split("\n", -1)) {
            if (line.startsWith(SECTION)) {
                try {
                    current = Integer.parseInt(line.substring(SECTION.length()).strip()) - 1;
                } catch (NumberFormatException e) {
                    current = -1;
                }
                continue;
            }
            if (current >= 0 && current < count) {
                out.get(current).append(line).append('\n');
            }
        }
        return out.stream().map(StringBuilder::toString).toList();
    }

    private static String name(Role role) {
        return role == Role.WORKSPACE_WRITE ? "workspace-write" : "read-only";
    }

    /** The effective {@code codex mcp list} inventory, in the OK line's words. */
    private static String mcp(String codex, Path dir, ProbeRunner runner) {
        ProbeRunner.Answer answer = runner.run(List.of(codex, "mcp", "list"), dir);
        if (!answer.exited(0)) {
            return "MCP inventory unknown: " + answer.why("codex mcp list");
        }
        List<String> lines = answer.output()
                .lines()
                .map(String::strip)
                .filter(l -> !l.isEmpty() && !l.startsWith("WARNING:"))
                .toList();
        if (lines.isEmpty() || lines.get(0).startsWith("No MCP servers")) {
            return "empty MCP inventory";
        }
        int servers = lines.get(0).toLowerCase(Locale.ROOT).startsWith("name") ? lines.size() - 1 : lines.size();
        return "MCP inventory: " + servers + " server(s)";
    }

    private static PreflightLine line(LineVerdict verdict, String detail) {
        return new PreflightLine("codex", verdict, "codex: isolation smoke " + verdict + " — " + detail);
    }
}
