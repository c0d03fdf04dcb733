package dev.wb.commands.preflight;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The profile wb hands {@code codex sandbox}: workspace-write confined to the repository, no network,
 * and deny entries for the private places, every path absolute (Codex rejects a relative key) — the
 * same entries a real attempt adds, so an OK speaks for the profile that will launch. Reads are denied
 * under the control home, the fixture's env-file and the workspace's resolved env-file, the runs home
 * and each {@code security.denied_read_paths} entry: a relative entry, path or glob alike, is written
 * under the repository as an absolute pattern ({@code secrets/**} becomes {@code <repo>/secrets/**}),
 * as text, never parsed as a path. Writes are denied under the git control roots (the gitdir, the
 * shared common dir, the hooks dir) and the control home. The options of
 * {@code agents.providers.codex.args} that shape a sandbox ({@link #SANDBOX_OPTIONS}, with their values)
 * come after wb's own, so an override that weakens the profile is the one the probes meet; the others
 * ({@code --model} and the like) configure a session, not a sandbox, and {@code codex sandbox} refuses
 * them. The argv is documented in docs/PREFLIGHT.md:
 *
 * <pre>
 * codex sandbox linux --full-auto
 *   -c sandbox_mode="workspace-write"
 *   -c sandbox_workspace_write.writable_roots=["/repo"]
 *   -c sandbox_workspace_write.network_access=false
 *   -c sandbox_workspace_write.deny_read=["/repo/.workflow", …]
 *   -c sandbox_workspace_write.deny_write=["/repo/.git", …]
 *   [sandbox options of agents.providers.codex.args]
 *   -- PROBE ARGV
 * </pre>
 */
record SandboxProfile(Path repo, List<String> denyRead, List<Path> denyWrite, List<String> overrides) {

    /** The options of a provider's args that {@code codex sandbox} takes, each followed by its value. */
    static final Set<String> SANDBOX_OPTIONS = Set.of("-c", "--config", "-p", "--profile", "--enable", "--disable");

    /** The profile of the fixture, with the same deny entries a real attempt adds. */
    static SandboxProfile of(SmokeFixture fixture, CodexSmoke.Policy policy) {
        List<String> read = new ArrayList<>();
        List.of(fixture.controlHome(), fixture.envFile(), fixture.runsHome()).forEach(p -> read.add(p.toString()));
        policy.envFile().ifPresent(f -> read.add(f.toAbsolutePath().normalize().toString()));
        String repo = fixture.repo().toString().replace('\\', '/');
        for (String entry : policy.deniedReadPaths()) {
            String e = entry.replace('\\', '/');
            while (e.startsWith("./")) {
                e = e.substring(2);
            }
            read.add(e.startsWith("/") || e.matches("[A-Za-z]:/.*") ? e : repo + "/" + e);
        }
        List<Path> write = List.of(fixture.gitDir(), fixture.commonDir(), fixture.hooksDir(), fixture.controlHome());
        return new SandboxProfile(fixture.repo(), List.copyOf(read), write, overrides(policy.providerArgs()));
    }

    /** The sandbox-shaping options of a provider's args, in order, with their values. */
    static List<String> overrides(List<String> args) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0 && SANDBOX_OPTIONS.contains(arg.substring(0, eq))) {
                out.add(arg);
            } else if (SANDBOX_OPTIONS.contains(arg) && i + 1 < args.size()) {
                out.add(arg);
                out.add(args.get(++i));
            }
        }
        return List.copyOf(out);
    }

    /** {@code codex sandbox <os> --full-auto -c … [overrides] -- argv}. */
    List<String> argv(String codex, String os, List<String> probe) {
        List<String> argv = new ArrayList<>(List.of(
                codex,
                "sandbox",
                os,
                "--full-auto",
                "-c",
                "sandbox_mode=\"workspace-write\"",
                "-c",
                "sandbox_workspace_write.writable_roots="
                        + toml(List.of(repo.toAbsolutePath().toString())),
                "-c",
                "sandbox_workspace_write.network_access=false",
                "-c",
                "sandbox_workspace_write.deny_read=" + toml(denyRead),
                "-c",
                "sandbox_workspace_write.deny_write="
                        + toml(denyWrite.stream()
                                .map(p -> p.toAbsolutePath().toString())
                                .toList())));
        argv.addAll(overrides);
        argv.add("--");
        argv.addAll(probe);
        return argv;
    }

    /** A TOML array of basic strings: backslash, quote and control characters escaped. */
    private static String toml(List<String> paths) {
        return paths.stream().map(SandboxProfile::tomlString).collect(Collectors.joining(",", "[", "]"));
    }

    private static String tomlString(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' || c == '"') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c == 0x7f) {
                out.append(String.format("\\u%04X", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
