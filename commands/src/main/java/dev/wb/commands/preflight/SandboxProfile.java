package dev.wb.commands.preflight;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.flow.FlowVocabulary;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
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
 * <p>For Codex it is a permission profile ({@link #codexProfile}): {@code codex sandbox -P wb} ({@link #argv})
 * and {@code codex exec} with {@code default_permissions="wb"} ({@link #execConfig}) take the same
 * {@code -c} entries. Codex's legacy sandbox keys are never used: {@code sandbox_workspace_write.deny_*} is no
 * key Codex reads, and {@code --sandbox} silently replaces a profile. The options of
 * {@code agents.providers.codex.args} that shape a sandbox ({@link #SANDBOX_OPTIONS}, with their values)
 * come after wb's own, so an override that weakens the profile is the one the probes meet; the others
 * ({@code --model} and the like) configure a session, not a sandbox, and {@code codex sandbox} refuses
 * them. For Claude it is a {@code --settings} document ({@link #claudeSettings}). The argv is documented
 * in docs/PREFLIGHT.md and docs/RUNS.md:
 *
 * <pre>
 * codex sandbox -P wb
 *   -c permissions.wb.extends=":workspace"
 *   -c permissions.wb.filesystem={":project_roots"={"."="write",".workflow"="read",".git"="read",
 *        ".claude"="read",".workflow/local"="deny",".workflow/.env"="deny",…},":slash_tmp"="read",":tmpdir"="read"}
 *   -c permissions.wb.network.enabled=false
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
        List.of(
                        places.controlHome().resolve("local"),
                        places.envFile(),
                        places.runsHome(),
                        // the telegram token and a credential in repo.url live there; no prompt points at it
                        places.controlHome().resolve("config.json"))
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
        for (Path p : List.of(
                places.gitDir(),
                places.commonDir(),
                places.hooksDir(),
                places.controlHome(),
                places.repo().resolve(".claude"))) {
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

    /** A node's permission role, as a flow's {@code permission_profile} names it. */
    public enum Role {
        WORKSPACE_WRITE(":workspace"),
        READ_ONLY(":read-only");

        private final String builtIn;

        Role(String builtIn) {
            this.builtIn = builtIn;
        }

        /** The role of a flow's profile name: {@code workspace-write} writes, anything else reads only. */
        public static Role of(String permission) {
            return permission.equals(FlowVocabulary.WORKSPACE_WRITE) ? WORKSPACE_WRITE : READ_ONLY;
        }
    }

    /** The name of the Codex permission profile wb defines on every launch. */
    public static final String CODEX_PROFILE = "wb";

    /**
     * The Codex permission profile of a role, as {@code -c} entries: it extends Codex's built-in
     * {@code :workspace} (a writing node) or {@code :read-only}, with a filesystem table ({@link #codexTable})
     * and the network switched on only when granted. Codex's legacy keys ({@code sandbox_mode},
     * {@code sandbox_workspace_write.*}) are never given: a deny list there is not a key Codex reads, and
     * {@code --sandbox} beside a profile silently replaces it.
     */
    public List<String> codexProfile(Role role, boolean network) {
        String at = "permissions." + CODEX_PROFILE + ".";
        return List.of(
                "-c",
                at + "extends=" + tomlString(role.builtIn),
                "-c",
                at + "filesystem=" + codexTable(role),
                "-c",
                at + "network.enabled=" + network);
    }

    /**
     * What {@code codex exec} gets for a node: the profile selected as the default
     * ({@code default_permissions}) and defined by {@link #codexProfile}. Given after {@code exec}, and again
     * after {@code exec} on a resume, since a resumed session does not keep its profile.
     */
    public List<String> execConfig(String permission, boolean network) {
        List<String> out = new ArrayList<>(List.of("-c", "default_permissions=" + tomlString(CODEX_PROFILE)));
        out.addAll(codexProfile(Role.of(permission), network));
        return List.copyOf(out);
    }

    /**
     * The filesystem table of a role. Writing: the repository writable, {@code .workflow}, {@code .git} and
     * {@code .claude} read-only, {@code /tmp} and {@code $TMPDIR} read-only (Codex's {@code :workspace} would
     * let them be written). Both roles: every denied read place denied ({@code deny} hides a file from
     * reading and writing alike); a place under the repository is written relative to it, under
     * {@code :project_roots}, one outside it as its absolute path. A place that does not exist is left out
     * (it holds nothing to hide, and Codex's sandbox does not start with a denied path missing under a
     * read-only folder); a pattern {@code dir/**} over an existing folder is the folder itself (a glob denies
     * reading files that exist but not creating new ones); another pattern is given as it is; a place inside a
     * denied folder is left to it (Codex's sandbox cannot mount a place inside a denied one).
     */
    String codexTable(Role role) {
        Map<String, String> project = new LinkedHashMap<>();
        Map<String, String> outside = new LinkedHashMap<>();
        if (role == Role.WORKSPACE_WRITE) {
            project.put(".", "write");
            for (String dir : List.of(".workflow", ".git", ".claude")) {
                project.put(dir, "read");
            }
        }
        List<String> places = new ArrayList<>();
        for (String place : denyRead) {
            codexPlace(place).filter(p -> !places.contains(p)).ifPresent(places::add);
        }
        for (String path : places) {
            boolean nested =
                    places.stream().anyMatch(d -> !d.equals(path) && (d.equals(".") || path.startsWith(d + "/")));
            if (nested) {
                continue; // inside a denied folder already, and Codex cannot mount a place inside one
            }
            if (path.startsWith("/") || path.matches("[A-Za-z]:/.*")) {
                outside.put(path, "deny");
            } else {
                project.put(path, "deny");
            }
        }
        StringBuilder table = new StringBuilder("{\":project_roots\"=");
        table.append(inline(project));
        if (role == Role.WORKSPACE_WRITE) {
            table.append(",\":slash_tmp\"=\"read\",\":tmpdir\"=\"read\"");
        }
        outside.forEach((path, access) ->
                table.append(',').append(tomlString(path)).append('=').append(tomlString(access)));
        return table.append('}').toString();
    }

    /** A denied place as the Codex table keys it, or empty when there is nothing there to deny. */
    private Optional<String> codexPlace(String place) {
        String p = place.replace('\\', '/');
        if (p.endsWith("/**")
                && p.indexOf('*') == p.length() - 2
                && Files.isDirectory(Path.of(p.substring(0, p.length() - 3)))) {
            p = p.substring(0, p.length() - 3);
        } else if (p.indexOf('*') < 0 && p.indexOf('?') < 0 && !Files.exists(Path.of(p), LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        String base = repo.toAbsolutePath().toString().replace('\\', '/');
        if (p.equals(base)) {
            return Optional.of(".");
        }
        return Optional.of(p.startsWith(base + "/") ? p.substring(base.length() + 1) : p);
    }

    private static String inline(Map<String, String> entries) {
        return entries.entrySet().stream()
                .map(e -> tomlString(e.getKey()) + "=" + tomlString(e.getValue()))
                .collect(Collectors.joining(",", "{", "}"));
    }

    /**
     * {@code codex sandbox -P wb <profile> [overrides] -- argv}: a probe under the very profile a node of
     * the role gets, offline.
     */
    List<String> argv(String codex, Role role, List<String> probe) {
        List<String> argv = new ArrayList<>(List.of(codex, "sandbox", "-P", CODEX_PROFILE));
        argv.addAll(codexProfile(role, false));
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
            // without its OS sandbox (no bwrap or socat) Claude would go on unsandboxed: it must stop instead
            box.put("failIfUnavailable", true);
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
