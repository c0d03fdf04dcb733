package dev.wb.commands.preflight;

import dev.wb.commands.preflight.PreflightLine.Verdict;
import dev.wb.commands.process.Redactor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Codex's live, no-model isolation smoke: the generated profile ({@link SandboxProfile}) run by
 * {@code codex sandbox} over a throwaway {@link SmokeFixture}, one probe a process. The verdict is only
 * what is on disk afterwards, never what a process printed:
 *
 * <ul>
 *   <li>a first output line {@code Error: …} naming a config, profile, permission or path problem, from a
 *       probe that should succeed, is a FAIL — Codex rejected the generated profile, a configuration error at any value of the key;
 *   <li>a denied read copied out (the marker found) or a denied write present is a FAIL — not enforcing;
 *   <li>no allowed control file, with the sandbox failing to start, is a WARN — it could not run here
 *       (a FAIL when Codex has no fallback provider);
 *   <li>no allowed control file, with nothing failing, is NOT DEMONSTRATED: "nothing was written" is
 *       not a pass (a WARN with a fallback provider, a FAIL without one);
 *   <li>a refused repository read (the positive control) or {@code codex --version} refused inside the
 *       sandbox is a FAIL: the capability exists, so only the profile can be taking it away.
 * </ul>
 */
final class CodexSmoke {

    private static final Pattern PROFILE_ERROR =
            Pattern.compile("(?i)^error:.*\\b(config|profile|permission|filesystem|path|key)");
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(30);

    /**
     * What of the workspace's own deny policy goes into the smoke's profile: the resolved env-file (when
     * one was loaded), {@code security.denied_read_paths}, and {@code agents.providers.codex.args}.
     */
    record Policy(Optional<Path> envFile, List<String> deniedReadPaths, List<String> providerArgs) {}

    /** One probe: a name, the command run inside the sandbox, and the file that shows what happened. */
    private record Probe(String name, List<String> argv, Path evidence, boolean denied) {}

    private CodexSmoke() {}

    static PreflightLine run(
            String codex,
            Host host,
            SmokeFixture fx,
            Policy policy,
            ProbeRunner runner,
            boolean fallback,
            Redactor redactor) {
        SandboxProfile profile = SandboxProfile.of(fx, policy);
        List<Probe> probes = probes(codex, fx);
        List<String> leaks = new ArrayList<>();
        ProbeRunner.Answer control = null;
        ProbeRunner.Answer version = null;
        for (Probe probe : probes) {
            ProbeRunner.Answer answer =
                    runner.run(profile.argv(codex, host.codexSandboxName(), probe.argv()), fx.repo(), PROBE_TIMEOUT);
            if (!probe.denied() && PROFILE_ERROR.matcher(answer.firstLine()).find()) {
                return line(
                        Verdict.FAIL,
                        "codex rejected the generated profile before running probe " + probe.name() + ": "
                                + redactor.redact(answer.firstLine()));
            }
            if (probe.name().equals("allowed repo write")) {
                control = answer;
            }
            if (probe.name().equals("codex --version")) {
                version = answer;
            }
            boolean appeared = probe.denied()
                    && (probe.argv().get(0).equals("touch")
                            ? SmokeFixture.exists(probe.evidence())
                            : fx.holdsMarker(probe.evidence()));
            if (appeared) {
                leaks.add(probe.name());
            }
        }
        if (!leaks.isEmpty()) {
            return line(
                    Verdict.FAIL,
                    "not enforcing: " + String.join(", ", leaks) + " succeeded under the generated"
                            + " profile (configuration_error)");
        }
        if (!SmokeFixture.exists(fx.repo().resolve("wb-smoke-control"))) {
            Verdict verdict = fallback ? Verdict.WARN : Verdict.FAIL;
            String tail = fallback ? "" : "; no fallback provider can cover the work";
            if (!control.exited(0)) {
                return line(
                        verdict,
                        "sandbox could not run — "
                                + redactor.redact(
                                        control.firstLine().isEmpty()
                                                ? control.why("codex sandbox")
                                                : control.firstLine())
                                + " (capability_unavailable)" + tail);
            }
            return line(
                    verdict,
                    "NOT DEMONSTRATED — the allowed control file was not written, so an enforcing"
                            + " sandbox cannot be told from one that never ran the write" + tail);
        }
        if (!SmokeFixture.exists(fx.repo().resolve("wb-smoke-read"))) {
            return line(
                    Verdict.FAIL,
                    "the generated profile refuses a repository read (the positive control):" + " configuration error");
        }
        if (!version.exited(0)) {
            return line(
                    Verdict.FAIL,
                    "codex --version cannot execute under the generated profile ("
                            + redactor.redact(
                                    version.firstLine().isEmpty()
                                            ? version.why("codex --version")
                                            : version.firstLine())
                            + "): configuration error");
        }
        return line(Verdict.OK, "codex workspace-write sandbox: OS-enforced (" + mcp(codex, fx.repo(), runner) + ")");
    }

    private static List<Probe> probes(String codex, SmokeFixture fx) {
        Path repo = fx.repo();
        List<Probe> probes = new ArrayList<>();
        probes.add(new Probe(
                "allowed repo write",
                List.of("touch", repo.resolve("wb-smoke-control").toString()),
                repo.resolve("wb-smoke-control"),
                false));
        probes.add(new Probe(
                "repo read",
                List.of(
                        "cp",
                        repo.resolve("README.md").toString(),
                        repo.resolve("wb-smoke-read").toString()),
                repo.resolve("wb-smoke-read"),
                false));
        probes.add(new Probe("codex --version", List.of(codex, "--version"), repo.resolve("none"), false));
        probes.add(copy("private home read (direct)", fx.secret(), repo.resolve("wb-smoke-leak-direct")));
        Path shellOut = repo.resolve("wb-smoke-leak-shell");
        // The paths are the shell's positional parameters, never spliced into its script: a temp folder
        // with a space or a quote in its name must not turn a leak into a syntax error.
        probes.add(new Probe(
                "private home read (shell)",
                List.of(
                        "sh",
                        "-c",
                        "cat \"$1\" > \"$2\"",
                        "wb-probe",
                        fx.secret().toString(),
                        shellOut.toString()),
                shellOut,
                true));
        Optional<Path> alias = fx.alias();
        alias.ifPresent(a -> probes.add(copy(
                "private home read (workspace symlink alias)",
                a.resolve("local").resolve("wb-smoke-secret"),
                repo.resolve("wb-smoke-leak-alias"))));
        probes.add(copy("env-file read", fx.envFile(), repo.resolve("wb-smoke-leak-env")));
        probes.add(copy("runs home read", fx.runsHome().resolve("bundle.json"), repo.resolve("wb-smoke-leak-runs")));
        probes.add(touch("gitdir write", fx.gitDir()));
        probes.add(touch("common dir write", fx.commonDir()));
        probes.add(touch("hooks dir write", fx.hooksDir()));
        probes.add(touch("control home write", fx.controlHome()));
        return probes;
    }

    private static Probe copy(String name, Path from, Path to) {
        return new Probe(name, List.of("cp", from.toString(), to.toString()), to, true);
    }

    private static Probe touch(String name, Path dir) {
        Path file = dir.resolve("wb-smoke-write");
        return new Probe(name, List.of("touch", file.toString()), file, true);
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
                .filter(l -> !l.isEmpty())
                .toList();
        if (lines.isEmpty() || lines.get(0).startsWith("No MCP servers")) {
            return "empty MCP inventory";
        }
        int servers = lines.get(0).toLowerCase(Locale.ROOT).startsWith("name") ? lines.size() - 1 : lines.size();
        return "MCP inventory: " + servers + " server(s)";
    }

    private static PreflightLine line(Verdict verdict, String detail) {
        return new PreflightLine("codex", verdict, "codex: isolation smoke " + verdict + " — " + detail);
    }
}
