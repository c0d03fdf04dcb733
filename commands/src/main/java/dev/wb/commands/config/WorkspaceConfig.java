package dev.wb.commands.config;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.Failure;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Workspace;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.PresetBar;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Every setting of a checkout, from {@code .workflow/config.json}: one schema (docs/CONFIG.md), with a
 * default for every key. A key wb does not know, or a value of the wrong type, stops the command with
 * exit 3 and the key's line in the file: a typo never silently turns a guard off. An absent file is all
 * defaults.
 */
public record WorkspaceConfig(
        boolean execute,
        Map<String, List<String>> criticalZones,
        int verifyTimeoutSeconds,
        Branches branches,
        Optional<Identity> identity,
        Agents agents,
        Security security,
        Checks checks,
        Repo repo,
        GitSettings git,
        Telegram telegram,
        Presets presets,
        OriginalKeys originals) {

    public static final String FILE = ".workflow/config.json";
    public static final String DOCS = "docs/CONFIG.md";

    /** {@code branches}: the prefix of task branches, and the protected names (empty: detected). */
    public record Branches(String prefix, List<String> protectedNames) {
        public static final Branches DEFAULT = new Branches("task/", List.of());
    }

    /** {@code identity}: who work commits in this checkout should be by. */
    public record Identity(String name, String email) {}

    /** One agent CLI: the command that launches it, extra arguments, and the models and reasoning allowed. */
    public record Provider(
            String name, String command, List<String> args, List<String> models, List<String> reasoning) {
        /** Whether a flow may ask this provider for the model ({@code models} empty: any). */
        public boolean allowsModel(String model) {
            return models.isEmpty() || models.contains(model);
        }

        public boolean allowsReasoning(String level) {
            return reasoning.isEmpty() || reasoning.contains(level);
        }
    }

    /** {@code agents}: which providers may run, how each is launched, and the fix-loop limits. */
    public record Agents(
            List<String> allowed,
            String primary,
            Map<String, Provider> providers,
            int maxFixCycles,
            int maxTotalFixIterations) {
        public Provider provider(String name) {
            return providers.get(name);
        }
    }

    /** {@code security}: the isolation switches and what agents' processes may see. */
    public record Security(
            boolean strictIsolation,
            boolean disableReadIsolation,
            boolean allowGitEvidence,
            List<String> allowedEnvironment,
            Map<String, String> extraEnvironment,
            List<String> deniedReadPaths,
            List<String> deniedCommands) {
        /** Read isolation is off when asked, and always under the advanced mode (strict_isolation false). */
        public boolean readIsolationOff() {
            return disableReadIsolation || !strictIsolation;
        }
    }

    /** One quality gate: argv commands, the paths that select it (none: always), its limit and skip rule. */
    public record CommandSet(
            String name,
            List<List<String>> commands,
            List<String> paths,
            Optional<Integer> timeoutSeconds,
            boolean skipIfUnavailable) {}

    /** {@code checks}: the verify time limit (a lower one than wb's, never higher) and the command sets. */
    public record Checks(int timeoutSeconds, List<CommandSet> commandSets) {}

    /** {@code repo.url}: the hosted repository; empty when unset. */
    public record Repo(String url) {}

    /** {@code git}: whether a task ends in a pull request, and whether that may merge itself. */
    public record GitSettings(boolean createPullRequest, boolean autoMerge) {}

    /**
     * {@code preset} and {@code preset_paths} ({@code {glob: preset}}): the quality bar the repository
     * records, as the original workbench's config has it; when either is set, a plan may not declare a
     * lower preset than its files are held to (docs/PLAN.md).
     */
    public record Presets(Optional<String> preset, Map<String, String> paths) {
        public static final Presets NONE = new Presets(Optional.empty(), Map.of());

        public Presets {
            paths = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(paths));
        }

        public PresetBar bar() {
            return new PresetBar(preset, paths);
        }
    }

    /** {@code telegram}: notifications; the token is a secret and never printed. */
    public record Telegram(boolean enabled, String botToken, String chatId) {}

    /** A verify command's time limit; config.json may lower it, never raise it. */
    public static final int MAX_VERIFY_TIMEOUT_SECONDS = 600;

    /** The providers wb knows how to launch and check. */
    public static final List<String> PROVIDERS = List.of("claude", "codex");

    public static final Agents DEFAULT_AGENTS = new Agents(List.of("claude"), "claude", defaultProviders(), 3, 10);
    public static final Security DEFAULT_SECURITY =
            new Security(false, true, false, List.of(), Map.of(), List.of(), List.of());

    public static final WorkspaceConfig DEFAULTS = new WorkspaceConfig(
            true,
            Map.of(),
            MAX_VERIFY_TIMEOUT_SECONDS,
            Branches.DEFAULT,
            Optional.empty(),
            DEFAULT_AGENTS,
            DEFAULT_SECURITY,
            new Checks(MAX_VERIFY_TIMEOUT_SECONDS, List.of()),
            new Repo(""),
            new GitSettings(false, false),
            new Telegram(false, "", ""),
            Presets.NONE,
            OriginalKeys.NONE);

    static final List<String> TOP = top();

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern ENV_PATTERN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*\\*?");
    private static final Pattern SET_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");

    /** wb's keys, then the original workbench's ({@link OriginalKeys}): a file written for it loads unchanged. */
    private static List<String> top() {
        List<String> keys = new ArrayList<>(List.of(
                "execute",
                "branches",
                "critical_zones",
                "identity",
                "agents",
                "security",
                "checks",
                "repo",
                "git",
                "telegram",
                "preset",
                "preset_paths"));
        keys.addAll(OriginalKeys.NOTES.keySet());
        return List.copyOf(keys);
    }

    /**
     * The branches {@code wb git} never commits to or pushes (empty: detected): {@code branches.protected},
     * else the protected branches of the original workbench's {@code flow}.
     */
    public List<String> protectedBranches() {
        return branches.protectedNames().isEmpty()
                ? originals.flow().map(OriginalKeys.Flow::protectedBranches).orElse(List.of())
                : branches.protectedNames();
    }

    private static Map<String, Provider> defaultProviders() {
        Map<String, Provider> providers = new LinkedHashMap<>();
        for (String name : PROVIDERS) {
            providers.put(name, new Provider(name, name, List.of(), List.of(), List.of()));
        }
        return providers;
    }

    public static Path file(Workspace workspace) {
        return workspace.workflowDir().resolve("config.json");
    }

    public static WorkspaceConfig load(Workspace workspace) {
        return read(workspace).map(WorkspaceConfig::of).orElse(DEFAULTS);
    }

    /** The file as a located tree, or empty when there is none; exit 3 when it cannot be read or parsed. */
    public static Optional<LocatedTree> read(Workspace workspace) {
        try {
            return InputFiles.read(workspace.root(), file(workspace), InputFiles.Kind.CONFIG)
                    .map(content -> parse(content.textBytes()));
        } catch (InputFiles.Unusable e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    e.getMessage(),
                    List.of(e.fix() + ", or remove it to use the defaults (" + DOCS + ")"));
        }
    }

    /** The bytes of a config.json as a located tree; exit 3 naming the line when they are not JSON. */
    public static LocatedTree parse(byte[] bytes) {
        try {
            return LocatedTree.parse(new JsonFactory().createParser(bytes));
        } catch (LocatedTree.Malformed e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    FILE + " line " + e.line() + ": not JSON: " + e.getMessage(),
                    List.of("edit " + FILE + " into one JSON object (every key: " + DOCS + ")"));
        } catch (IOException e) {
            throw new Failure(Failure.Kind.CONFIG, "cannot read " + FILE + ": " + e.getMessage(), List.of(DOCS));
        }
    }

    /** Reads a parsed file against the schema; exit 3 naming the key and its line on anything it does not know. */
    public static WorkspaceConfig of(LocatedTree tree) {
        ConfigReader r = new ConfigReader(FILE, tree, DOCS);
        JsonNode root = tree.root();
        if (!root.isObject()) {
            throw r.error("", FILE + " must be one JSON object, not " + ConfigReader.describe(root));
        }
        r.only(root, "", TOP);
        boolean execute = r.bool(root, "", "execute", true);
        Map<String, List<String>> zones = zones(r, root);
        Branches branches =
                r.object(root, "", "branches").map(b -> branches(r, b)).orElse(Branches.DEFAULT);
        Optional<Identity> identity = r.object(root, "", "identity").map(i -> identity(r, i));
        Agents agents = r.object(root, "", "agents")
                .map(a -> agents(r, a, (ObjectNode) root))
                .orElse(DEFAULT_AGENTS);
        Security security =
                r.object(root, "", "security").map(s -> security(r, s)).orElse(DEFAULT_SECURITY);
        Checks checks = r.object(root, "", "checks").map(c -> checks(r, c)).orElse(DEFAULTS.checks());
        Repo repo = r.object(root, "", "repo")
                .map(o -> {
                    r.only(o, "repo", List.of("url"));
                    return new Repo(r.text(o, "repo", "url", "").trim());
                })
                .orElse(DEFAULTS.repo());
        GitSettings git = r.object(root, "", "git")
                .map(o -> {
                    r.only(o, "git", List.of("create_pull_request", "auto_merge"));
                    return new GitSettings(
                            r.bool(o, "git", "create_pull_request", false), r.bool(o, "git", "auto_merge", false));
                })
                .orElse(DEFAULTS.git());
        Telegram telegram =
                r.object(root, "", "telegram").map(o -> telegram(r, o)).orElse(DEFAULTS.telegram());
        return new WorkspaceConfig(
                execute,
                zones,
                checks.timeoutSeconds(),
                branches,
                identity,
                agents,
                security,
                checks,
                repo,
                git,
                telegram,
                presets(r, root),
                OriginalKeys.read(r, root));
    }

    private static Branches branches(ConfigReader r, JsonNode node) {
        r.only(node, "branches", List.of("prefix", "protected"));
        String prefix = r.text(node, "branches", "prefix", Branches.DEFAULT.prefix());
        if (prefix.isEmpty() || prefix.contains(" ") || prefix.startsWith("-")) {
            throw r.error(
                    "branches.prefix",
                    "branches.prefix must be a branch-name prefix like \"task/\", not \"" + prefix + "\"");
        }
        List<String> names = r.strings(node, "branches", "protected", List.of(), ConfigReader.nonBlank());
        return new Branches(prefix, names);
    }

    private static Identity identity(ConfigReader r, JsonNode node) {
        r.only(node, "identity", List.of("name", "email"));
        String name = r.text(node, "identity", "name", "");
        String email = r.text(node, "identity", "email", "");
        if (name.isBlank() || email.isBlank()) {
            throw r.error("identity", "identity needs both name and email: {\"name\": \"…\", \"email\": \"…\"}");
        }
        return new Identity(name, email);
    }

    private static Map<String, List<String>> zones(ConfigReader r, JsonNode root) {
        Map<String, List<String>> zones = new LinkedHashMap<>();
        Optional<JsonNode> node = r.object(root, "", "critical_zones");
        node.ifPresent(object -> object.fields()
                .forEachRemaining(zone -> zones.put(
                        zone.getKey(),
                        r.strings(
                                object,
                                "critical_zones",
                                zone.getKey(),
                                List.of(),
                                (at, pattern) -> CriticalZones.problem(pattern).map(p -> at + ": " + p)))));
        return zones;
    }

    private static Presets presets(ConfigReader r, JsonNode root) {
        JsonNode preset = root.get("preset");
        Optional<String> recorded =
                preset == null || preset.isNull() ? Optional.empty() : Optional.of(r.text(root, "", "preset", ""));
        recorded.ifPresent(p -> presetName(r, "preset", p));
        Map<String, String> paths = r.stringMap(
                root,
                "",
                "preset_paths",
                (at, glob) -> glob.isBlank()
                        ? Optional.of(at + ": a preset_paths rule must not be blank")
                        : Optional.empty());
        paths.forEach((glob, name) -> presetName(r, LocatedTree.child("preset_paths", glob), name));
        return new Presets(recorded, paths);
    }

    private static void presetName(ConfigReader r, String at, String name) {
        if (!PresetBar.known(name)) {
            throw r.error(
                    at,
                    at + " is \"" + name + "\", which is not a preset; the presets are "
                            + String.join(", ", PresetBar.PRESETS),
                    "write one of them, weakest bar first: " + String.join(" < ", PresetBar.PRESETS));
        }
    }

    private static Agents agents(ConfigReader r, JsonNode node, ObjectNode root) {
        r.only(
                node,
                "agents",
                List.of("allowed", "primary", "providers", "max_fix_cycles", "max_total_fix_iterations", "judge"));
        List<String> allowed = r.strings(
                node,
                "agents",
                "allowed",
                DEFAULT_AGENTS.allowed(),
                (at, name) -> PROVIDERS.contains(name)
                        ? Optional.empty()
                        : Optional.of(at + ": \"" + name + "\" is not a provider wb can run; the providers are "
                                + String.join(", ", PROVIDERS)));
        if (allowed.isEmpty()) {
            throw r.error(
                    "agents.allowed",
                    "agents.allowed is empty: no provider could run a task",
                    "allow one: \"allowed\": [\"claude\"]");
        }
        if (allowed.stream().distinct().count() != allowed.size()) {
            throw r.error("agents.allowed", "agents.allowed names a provider twice");
        }
        String primary = r.text(node, "agents", "primary", allowed.get(0));
        if (!allowed.contains(primary)) {
            throw r.error("agents.primary", "agents.primary \"" + primary + "\" is not in agents.allowed " + allowed);
        }
        Map<String, Provider> providers = new LinkedHashMap<>(defaultProviders());
        r.object(node, "agents", "providers").ifPresent(p -> {
            r.only(p, "agents.providers", PROVIDERS);
            p.fields().forEachRemaining(e -> {
                String at = "agents.providers." + e.getKey();
                JsonNode o = r.object(p, "agents.providers", e.getKey()).orElse(JsonNodeFactory.instance.objectNode());
                r.only(o, at, List.of("command", "args", "models", "reasoning"));
                String command = r.text(o, at, "command", e.getKey());
                if (command.isBlank()) {
                    throw r.error(at + ".command", at + ".command must name the executable, not be blank");
                }
                providers.put(
                        e.getKey(),
                        new Provider(
                                e.getKey(),
                                command,
                                r.strings(o, at, "args", List.of(), ConfigReader.nonBlank()),
                                r.strings(o, at, "models", List.of(), ConfigReader.nonBlank()),
                                r.strings(o, at, "reasoning", List.of(), ConfigReader.nonBlank())));
            });
        });
        int cycles = r.integer(node, "agents", "max_fix_cycles", 0, 50, DEFAULT_AGENTS.maxFixCycles());
        int total =
                r.integer(node, "agents", "max_total_fix_iterations", 0, 500, DEFAULT_AGENTS.maxTotalFixIterations());
        r.object(node, "agents", "judge").ifPresent(j -> {
            r.only(j, "agents.judge", List.of("enabled", "targets", "model"));
            try {
                JudgeAgentsConfig.of(root);
            } catch (Failure f) {
                throw r.error(
                        "agents.judge",
                        f.getMessage().replace(FILE + ": ", ""),
                        f.fixes().toArray(String[]::new));
            }
        });
        return new Agents(allowed, primary, providers, cycles, total);
    }

    private static Security security(ConfigReader r, JsonNode node) {
        String at = "security";
        r.only(
                node,
                at,
                List.of(
                        "strict_isolation",
                        "disable_read_isolation",
                        "allow_git_evidence",
                        "allowed_environment",
                        "extra_environment",
                        "denied_read_paths",
                        "denied_commands"));
        Map<String, String> extra = r.stringMap(
                node, at, "extra_environment", ConfigReader.matching(ENV_NAME, "an environment variable name"));
        extra.forEach((name, value) -> AssignedPaths.lexicalProblem(value).ifPresent(problem -> {
            throw r.error(at + ".extra_environment." + name, at + ".extra_environment." + name + ": " + problem);
        }));
        return new Security(
                r.bool(node, at, "strict_isolation", DEFAULT_SECURITY.strictIsolation()),
                r.bool(node, at, "disable_read_isolation", DEFAULT_SECURITY.disableReadIsolation()),
                r.bool(node, at, "allow_git_evidence", DEFAULT_SECURITY.allowGitEvidence()),
                r.strings(
                        node,
                        at,
                        "allowed_environment",
                        List.of(),
                        ConfigReader.matching(ENV_PATTERN, "a variable name or a prefix pattern like DOTNET_*")),
                extra,
                r.strings(node, at, "denied_read_paths", List.of(), ConfigReader.nonBlank()),
                r.strings(node, at, "denied_commands", List.of(), ConfigReader.nonBlank()));
    }

    private static Checks checks(ConfigReader r, JsonNode node) {
        r.only(node, "checks", List.of("timeout_seconds", "command_sets"));
        int timeout =
                r.integer(node, "checks", "timeout_seconds", 1, MAX_VERIFY_TIMEOUT_SECONDS, MAX_VERIFY_TIMEOUT_SECONDS);
        List<CommandSet> sets = new ArrayList<>();
        r.object(node, "checks", "command_sets")
                .ifPresent(object -> object.fields().forEachRemaining(e -> {
                    String at = "checks.command_sets." + e.getKey();
                    if (!SET_NAME.matcher(e.getKey()).matches()) {
                        throw r.error(at, at + ": a set's name is letters, digits, '.', '_' and '-'");
                    }
                    JsonNode set = r.object(object, "checks.command_sets", e.getKey())
                            .orElseThrow(
                                    () -> r.error(at, at + " must be an object {\"commands\": [[…]], \"paths\": […]}"));
                    r.only(set, at, List.of("commands", "paths", "timeout_seconds", "skip_if_unavailable"));
                    JsonNode commands = set.get("commands");
                    String cat = at + ".commands";
                    if (commands == null || !commands.isArray() || commands.isEmpty()) {
                        throw r.error(
                                commands == null ? at : cat,
                                cat + " must be a non-empty list of commands, each an argv"
                                        + " list like [\"ruff\", \"check\", \".\"]");
                    }
                    List<List<String>> argvs = new ArrayList<>();
                    for (int i = 0; i < commands.size(); i++) {
                        String ip = LocatedTree.item(cat, i);
                        JsonNode argv = commands.get(i);
                        if (!argv.isArray() || argv.isEmpty()) {
                            throw r.error(
                                    ip,
                                    ip + " must be an argv list like [\"pytest\", \"-q\"], not "
                                            + ConfigReader.describe(argv),
                                    "wb runs no shell: write each word as its own string");
                        }
                        List<String> words = new ArrayList<>();
                        for (int w = 0; w < argv.size(); w++) {
                            String wp = LocatedTree.item(ip, w);
                            // An empty word is a real argument (sed -i '', git commit -m ''); only the program needs a
                            // name.
                            if (!argv.get(w).isTextual()
                                    || (w == 0 && argv.get(w).textValue().isBlank())) {
                                throw r.error(
                                        wp,
                                        wp
                                                + (w == 0
                                                        ? " names the program: a non-empty string, not "
                                                        : " must be a string, not ")
                                                + ConfigReader.describe(argv.get(w)));
                            }
                            words.add(r.plain(wp, argv.get(w).textValue()));
                        }
                        RepositoryWrites.match(words).ifPresent(denied -> {
                            throw r.error(
                                    ip,
                                    ip + ": matches denied command '" + denied + "'",
                                    "a check must not write to"
                                            + " the repository: commits, pushes and pull requests come after the gate; remove the"
                                            + " command from " + cat);
                        });
                        argvs.add(List.copyOf(words));
                    }
                    List<String> paths = r.strings(set, at, "paths", List.of(), WorkspaceConfig::globProblem);
                    sets.add(new CommandSet(
                            e.getKey(),
                            List.copyOf(argvs),
                            paths,
                            r.optionalInteger(set, at, "timeout_seconds", 1, 86_400),
                            r.bool(set, at, "skip_if_unavailable", false)));
                }));
        return new Checks(timeout, List.copyOf(sets));
    }

    /**
     * What makes a command-set glob one that could never match a path as git names it: paths are
     * repository-relative, '/'-separated, with no '.' or '..' segment and no trailing '/'. Refused at load,
     * so a gate never silently stops running (a fix names the glob that was meant).
     */
    static Optional<String> globProblem(String path, String glob) {
        if (glob.isBlank()) {
            return Optional.of(path + " must not be blank");
        }
        String meant = glob.replace('\\', '/').replaceAll("^(\\./|/)+", "").replaceAll("/+$", "/**");
        boolean dotSegment = java.util.Arrays.stream(glob.replace('\\', '/').split("/", -1))
                .anyMatch(s -> s.equals(".") || s.equals(".."));
        if (glob.startsWith("/") || glob.contains("\\") || glob.startsWith("./") || glob.endsWith("/") || dotSegment) {
            return Optional.of(path + " \"" + glob + "\" can never match: a glob is matched against the whole"
                    + " repository-relative path as git names it ('/'-separated, no leading '/' or './', no '.' or '..'"
                    + " segment, no trailing '/')"
                    + (meant.isEmpty() || meant.contains("..") ? "" : "; did you mean \"" + meant + "\"?"));
        }
        return Optional.empty();
    }

    private static Telegram telegram(ConfigReader r, JsonNode node) {
        r.only(node, "telegram", List.of("enabled", "bot_token", "chat_id"));
        boolean enabled = r.bool(node, "telegram", "enabled", false);
        String token = r.text(node, "telegram", "bot_token", "");
        String chat = r.text(node, "telegram", "chat_id", "");
        if (enabled && (token.isBlank() || chat.isBlank())) {
            throw r.error(
                    "telegram",
                    "telegram.enabled is true, but " + (token.isBlank() ? "bot_token" : "chat_id") + " is empty",
                    "set both telegram.bot_token and telegram.chat_id, or telegram.enabled false");
        }
        return new Telegram(enabled, token, chat);
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
