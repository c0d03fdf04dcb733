package dev.wb.commands.preflight;

import static org.junit.jupiter.api.Assertions.fail;

import dev.wb.commands.base.Workspace;
import dev.wb.testkit.FakeProviders;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A real temporary repository, a bin folder holding fake provider CLIs (and a link to the real git),
 * and a HOME of its own; runs {@link Preflight} with an environment that holds only those. The fakes
 * prove wiring only, never OS enforcement (see {@link FakeProviders}).
 */
final class PreflightHarness {

    static final Host LINUX_WITH_HELPERS = new Host(Host.Os.LINUX, true);
    static final Host LINUX_WITHOUT_HELPERS = new Host(Host.Os.LINUX, false);
    static final Host WINDOWS = new Host(Host.Os.WINDOWS, false);
    static final Host MACOS = new Host(Host.Os.MACOS, false);

    final TempGitRepo repo;
    final Path bin;
    final Path home;
    final Map<String, String> env = new HashMap<>();

    PreflightHarness(Path tmp) {
        repo = TempGitRepo.create(tmp, "repo");
        bin = tmp.resolve("bin");
        home = mkdirs(tmp.resolve("home"));
        FakeProviders.link(bin, "git", System.getenv("PATH"));
        env.put("PATH", bin.toString());
        env.put("HOME", home.toString());
        env.putAll(TempGitRepo.gitEnvironment());
    }

    PreflightHarness config(String json) {
        repo.write(".workflow/config.json", json);
        return this;
    }

    PreflightHarness claude(FakeProviders.Login login, FakeProviders.PaidProbe probe) {
        FakeProviders.claude(bin, login, probe);
        return this;
    }

    PreflightHarness codex(FakeProviders.Login login, FakeProviders.Sandbox sandbox) {
        FakeProviders.codex(bin, login, sandbox);
        return this;
    }

    PreflightReport run(Host host) {
        return run(host, false, Optional.empty());
    }

    PreflightReport run(Host host, boolean paid, Optional<Path> envFile) {
        Workspace ws = new Workspace(repo.root());
        return Preflight.run(new Preflight.Request(ws, repo.root(), Map.copyOf(env), host, envFile, paid));
    }

    static List<String> texts(PreflightReport report) {
        return report.lines().stream().map(PreflightLine::text).toList();
    }

    /** The one line starting with the prefix; fails the test when there is none or several. */
    static PreflightLine line(PreflightReport report, String prefix) {
        List<PreflightLine> found =
                report.lines().stream().filter(l -> l.text().startsWith(prefix)).toList();
        if (found.size() != 1) {
            fail("expected one line starting with \"" + prefix + "\", found " + found.size() + " in:\n"
                    + String.join("\n", texts(report)));
        }
        return found.get(0);
    }

    static boolean has(PreflightReport report, String prefix) {
        return report.lines().stream().anyMatch(l -> l.text().startsWith(prefix));
    }

    static Path mkdirs(Path dir) {
        try {
            return Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
