package dev.wb.commands.preflight;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The profile wb hands {@code codex sandbox}: workspace-write confined to the repository, no network,
 * and deny entries for the private places, every path absolute (Codex rejects a relative key). Reads
 * are denied under the control home, the resolved env-file, the runs home and each
 * {@code security.denied_read_paths} entry (a relative entry resolved against the repository); writes
 * are denied under the git control roots (the gitdir, the shared common dir, the hooks dir) and the
 * control home. The argv is documented in docs/PREFLIGHT.md:
 *
 * <pre>
 * codex sandbox linux --full-auto
 *   -c sandbox_mode="workspace-write"
 *   -c sandbox_workspace_write.writable_roots=["/repo"]
 *   -c sandbox_workspace_write.network_access=false
 *   -c sandbox_workspace_write.deny_read=["/repo/.workflow", …]
 *   -c sandbox_workspace_write.deny_write=["/repo/.git", …]
 *   -- PROBE ARGV
 * </pre>
 */
record SandboxProfile(Path repo, List<Path> denyRead, List<Path> denyWrite) {

    /** The profile of the fixture, with the same deny entries a real attempt adds. */
    static SandboxProfile of(SmokeFixture fixture, List<String> deniedReadPaths) {
        List<Path> read = new ArrayList<>(List.of(fixture.controlHome(), fixture.envFile(), fixture.runsHome()));
        for (String entry : deniedReadPaths) {
            Path p = Path.of(entry.replace('\\', '/'));
            read.add(p.isAbsolute() ? p.normalize() : fixture.repo().resolve(p).normalize());
        }
        List<Path> write = List.of(fixture.gitDir(), fixture.commonDir(), fixture.hooksDir(), fixture.controlHome());
        return new SandboxProfile(fixture.repo(), List.copyOf(read), write);
    }

    /** {@code codex sandbox <os> --full-auto -c … -- argv}. */
    List<String> argv(String codex, String os, List<String> probe) {
        List<String> argv = new ArrayList<>(List.of(codex, "sandbox", os, "--full-auto",
                "-c", "sandbox_mode=\"workspace-write\"",
                "-c", "sandbox_workspace_write.writable_roots=" + toml(List.of(repo)),
                "-c", "sandbox_workspace_write.network_access=false",
                "-c", "sandbox_workspace_write.deny_read=" + toml(denyRead),
                "-c", "sandbox_workspace_write.deny_write=" + toml(denyWrite),
                "--"));
        argv.addAll(probe);
        return argv;
    }

    private static String toml(List<Path> paths) {
        return paths.stream().map(p -> "\"" + p.toAbsolutePath().toString().replace("\\", "\\\\")
                .replace("\"", "\\\"") + "\"").collect(Collectors.joining(",", "[", "]"));
    }
}
