package dev.wb.commands.preflight;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.flow.FlowVocabulary;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The one isolation profile wb hands a provider, made by the same code for preflight's throwaway
 * fixture ({@link #of(SmokeFixture, CodexSmoke.Policy)}) and for a real workspace
 * ({@link #forWorkspace}), so an OK of the smoke speaks for the profile {@code wb run} launches.
 * Writes are confined to the repository, with no network unless granted. Reads are denied under the
 * control home, its default env-file and the resolved env-file, the runs home and each
 * {@code security.denied_read_paths} entry: a relative entry, path or glob alike, is written under the
 * repository as an absolute pattern ({@code secrets/**} becomes {@code <repo>/secrets/**}), as text,
 * never parsed as a path. Writes are denied under the git control roots (the gitdir, the shared common
 * dir, the hooks dir) and the control home. Every path is absolute (Codex rejects a relative key).
 *
 * <p>For Codex it is a list of {@code -c} entries ({@link #codexConfig}); {@code codex sandbox}
 * ({@link #argv}) and {@code codex exec} ({@link #execConfig}) take the same ones. The options of
 * {@code agents.providers.codex.args} that shape a sandbox ({@link #SANDBOX_OPTIONS}, with their values)
 * come after wb's own, so an override that weakens the profile is the one the probes meet; the others
 * ({@code --model} and the like) configure a session, not a sandbox, and {@code codex sandbox} refuses
 * them. For Claude it is a {@code --settings} document ({@link #claudeSettings}). The argv is documented
 * in docs/PREFLIGHT.md and docs/RUNS.md:
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
public record SandboxProfile(Path repo, List<String> denyRead, List<Path> denyWrite, List<String> overrides) {

    /** The options of a provider's args that {@code codex sandbox} takes, each followed by its value. */
    static final Set<String> SANDBOX_OPTIONS = Set.of("-c", "--config", "-p", "--profile", "--enable", "--disable");

    /** The read-only git verbs a node granted {@code git_evidence} may run. */
    public static final List<String> GIT_EVIDENCE_VERBS =
            List.of("git status", "git log", "git show", "git diff", "git blame", "git rev-parse", "git ls-files");

    /**
     * The private places of a checkout, laid out as wb lays them out: the repository, its control home
     * with the default env-file and the runs home, and its git control roots.
     */
    record Places(
            Path repo, Path controlHome, Path envFile, Path runsHome, Path gitDir, Path commonDir, Path hooksDir) {}

    /** The profile of the fixture, made as a real workspace's is. */
    static SandboxProfile of(SmokeFixture fixture, CodexSmoke.Policy policy) {
        return of(
                new Places(
                        fixture.repo(),
                        fixture.controlHome(),
                        fixture.envFile(),
                        fixture.runsHome(),
                        fixture.gitDir(),
                        fixture.commonDir(),
                        fixture.hooksDir()),
                policy);
    }

    /**
     * The profile of a real checkout: {@code root}, its control home {@code root/.workflow} (the default
     * env-file {@code .env} and the runs home {@code local/runs} in it) and its git control roots as
     * {@link GitControl} finds them; {@code envFile} the resolved env-file when one was named.
     */
    public static SandboxProfile forWorkspace(
            Path root, Optional<Path> envFile, List<String> deniedReadPaths, List<String> providerArgs) {
        Path repo = root.toAbsolutePath().normalize();
        Path home = repo.resolve(".workflow");
        GitControl git = GitControl.of(repo);
        return of(
                new Places(
                        repo,
                        home,
                        home.resolve(".env"),
                        home.resolve("local").resolve("runs"),
                        git.gitDir(),
                        git.commonDir(),
                        git.commonDir().resolve("hooks")),
                new CodexSmoke.Policy(envFile, deniedReadPaths, providerArgs));
    }

    private static SandboxProfile of(Places places, CodexSmoke.Policy policy) {
        Set<String> read = new LinkedHashSet<>();
        // the control home's private part (the log, the content store, the runs home): the task folders
        // beside it (.workflow/KEY/: the plan, task.md, the criteria) stay readable, as the prompt points at them
        List.of(places.controlHome().resolve("local"), places.envFile(), places.runsHome())
                .forEach(p -> read.add(p.toString()));
        policy.envFile().ifPresent(f -> read.add(f.toAbsolutePath().normalize().toString()));
        String repo = places.repo().toString().replace('\\', '/');
        for (String entry : policy.deniedReadPaths()) {
            String e = entry.replace('\\', '/');
            while (e.startsWith("./")) {
                e = e.substring(2);
            }
            read.add(e.startsWith("/") || e.matches("[A-Za-z]:/.*") ? e : repo + "/" + e);
        }
        List<Path> write = new ArrayList<>();
        for (Path p : List.of(places.gitDir(), places.commonDir(), places.hooksDir(), places.controlHome())) {
            if (!write.contains(p)) {
                write.add(p);
            }
        }
        return new SandboxProfile(
                places.repo(), List.copyOf(read), List.copyOf(write), overrides(policy.providerArgs()));
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

    /** The workspace-write profile's {@code -c} entries, the network as given. */
    public List<String> codexConfig(boolean network) {
        return List.of(
                "-c",
                "sandbox_mode=\"workspace-write\"",
                "-c",
                "sandbox_workspace_write.writable_roots="
                        + toml(List.of(repo.toAbsolutePath().toString())),
                "-c",
                "sandbox_workspace_write.network_access=" + network,
                "-c",
                "sandbox_workspace_write.deny_read=" + toml(denyRead),
                "-c",
                "sandbox_workspace_write.deny_write="
                        + toml(denyWrite.stream()
                                .map(p -> p.toAbsolutePath().toString())
                                .toList()));
    }

    /**
     * What {@code codex exec} gets for a node's permission profile: {@code read-only} is Codex's read-only
     * sandbox (it writes nothing and has no network switch); {@code workspace-write} is
     * {@link #codexConfig} with the node's network.
     */
    public List<String> execConfig(String permission, boolean network) {
        if (permission.equals(FlowVocabulary.WORKSPACE_WRITE)) {
            return codexConfig(network);
        }
        return List.of("-c", "sandbox_mode=\"read-only\"");
    }

    /** {@code codex sandbox <os> --full-auto -c … [overrides] -- argv}: the profile, offline. */
    List<String> argv(String codex, String os, List<String> probe) {
        List<String> argv = new ArrayList<>(List.of(codex, "sandbox", os, "--full-auto"));
        argv.addAll(codexConfig(false));
        argv.addAll(overrides);
        argv.add("--");
        argv.addAll(probe);
        return argv;
    }

    /**
     * What Claude gets, as its {@code --settings} document: {@code permissions.deny} holds {@code Read},
     * {@code Edit} and {@code Write} of every denied read place and {@code Edit} and {@code Write} of every
     * denied write place (an absolute path is written {@code //path}, a pattern as given under it), a
     * {@code Bash(<command>:*)} for each denied command, and {@code WebFetch} and {@code WebSearch} without
     * network; {@code permissions.allow} the read-only git verbs when git evidence is granted;
     * {@code permissions.defaultMode} the mode; and the OS sandbox of its Bash tool when asked
     * ({@code sandbox.enabled}, no unsandboxed fallback, a network allowed no domain unless granted).
     */
    public ObjectNode claudeSettings(
            String mode, boolean sandbox, boolean network, boolean gitEvidence, List<String> deniedCommands) {
        ObjectNode root = CanonicalJson.objectNode();
        ObjectNode permissions = root.putObject("permissions");
        permissions.put("defaultMode", mode);
        Set<String> deny = new LinkedHashSet<>();
        for (String place : denyRead) {
            for (String tool : List.of("Read", "Edit", "Write")) {
                rules(place).forEach(r -> deny.add(tool + "(" + r + ")"));
            }
        }
        for (Path place : denyWrite) {
            for (String tool : List.of("Edit", "Write")) {
                rules(place.toAbsolutePath().toString()).forEach(r -> deny.add(tool + "(" + r + ")"));
            }
        }
        for (String command : deniedCommands) {
            String words = String.join(" ", command.strip().split("\\s+", 0));
            if (!words.isEmpty()) {
                deny.add("Bash(" + words + ":*)");
            }
        }
        if (!network) {
            deny.add("WebFetch");
            deny.add("WebSearch");
        }
        ArrayNode denied = permissions.putArray("deny");
        deny.forEach(denied::add);
        if (gitEvidence) {
            ArrayNode allow = permissions.putArray("allow");
            GIT_EVIDENCE_VERBS.forEach(v -> allow.add("Bash(" + v + ":*)"));
        }
        ObjectNode box = root.putObject("sandbox");
        box.put("enabled", sandbox);
        if (sandbox) {
            box.put("autoAllowBashIfSandboxed", true);
            box.put("allowUnsandboxedCommands", false);
            if (!network) {
                box.putObject("network").putArray("allowedDomains");
            }
        }
        return root;
    }

    /**
     * A place as Claude's permission rules name it, an absolute path written {@code //path}: a pattern
     * holding a wildcard as it is; a path both itself (a file) and {@code path/**} (a folder's subtree).
     */
    private static List<String> rules(String place) {
        String p = place.replace('\\', '/');
        String abs = p.startsWith("/") ? "/" + p : "//" + p;
        return abs.indexOf('*') >= 0 || abs.indexOf('?') >= 0 ? List.of(abs) : List.of(abs, abs + "/**");
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
