package dev.wb.commands.config;

import com.fasterxml.jackson.core.JsonFactory;
import dev.wb.commands.InputFiles;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.plan.PresetBar;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

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
        OriginalKeys originals,
        SyncSettings sync,
        McpSettings mcp) {

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
            String name,
            String command,
            List<String> args,
            List<String> models,
            List<String> reasoning,
            List<String> authEnv,
            int offlineSeconds) {
        /** How long a provider that reports it has no network is given before its node fails, by default. */
        public static final int DEFAULT_OFFLINE_SECONDS = 60;

        /** Whether a flow may ask this provider for the model (no models listed: any). */
        public boolean allowsModel(String model) {
            return models.isEmpty() || models.contains(model);
        }

        public boolean allowsReasoning(String level) {
            return reasoning.isEmpty() || reasoning.contains(level);
        }
    }

    /** {@code agents}: which providers may run, how each is launched, the fix-loop limits and a run's wall limit. */
    public record Agents(
            List<String> allowed,
            String primary,
            Map<String, Provider> providers,
            int maxFixCycles,
            int maxTotalFixIterations,
            int maxRunSeconds,
            Decomposition decomposition) {
        public Provider provider(String name) {
            return providers.get(name);
        }
    }

    /**
     * {@code agents.decomposition}: whether {@code wb run} may split a task into the subtasks a flow's
     * proposing node proposes, and how many at most (docs/RUNS.md, "Decomposition"). Off by default.
     */
    public record Decomposition(boolean enabled, int maxSubtasks) {
        public static final int MOST = 20;
        public static final Decomposition OFF = new Decomposition(false, 5);
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

    /**
     * One quality gate: argv commands, the paths that select it (none: always), its limit and skip rule,
     * and the variables its commands get on top of wb's environment: {@code env} for every command of the
     * set, {@code commandEnv} (one map a command, in order) each command's own, which wins.
     */
    public record CommandSet(
            String name,
            List<List<String>> commands,
            List<String> paths,
            Optional<Integer> timeoutSeconds,
            boolean skipIfUnavailable,
            Map<String, String> env,
            List<Map<String, String>> commandEnv) {

        public CommandSet {
            commands = List.copyOf(commands);
            env = Collections.unmodifiableMap(new LinkedHashMap<>(env));
            commandEnv = commandEnv.stream()
                    .map(e -> Collections.unmodifiableMap(new LinkedHashMap<>(e)))
                    .toList();
            if (commandEnv.size() != commands.size()) {
                throw new IllegalArgumentException(
                        "one env a command: " + commandEnv.size() + " for " + commands.size() + " commands");
            }
        }

        /** A set whose commands get no variables of their own. */
        public CommandSet(
                String name,
                List<List<String>> commands,
                List<String> paths,
                Optional<Integer> timeoutSeconds,
                boolean skipIfUnavailable) {
            this(
                    name,
                    commands,
                    paths,
                    timeoutSeconds,
                    skipIfUnavailable,
                    Map.of(),
                    commands.stream().map(c -> Map.<String, String>of()).toList());
        }

        /** The variables the command at {@code index} gets: the set's, then its own over them, in order. */
        public Map<String, String> envOf(int index) {
            Map<String, String> all = new LinkedHashMap<>(env);
            all.putAll(commandEnv.get(index));
            return Collections.unmodifiableMap(all);
        }
    }

    /** {@code checks}: the verify time limit (a lower one than wb's, never higher) and the command sets. */
    public record Checks(int timeoutSeconds, List<CommandSet> commandSets) {}

    /** {@code repo.url}: the hosted repository; empty when unset. */
    public record Repo(String url) {}

    /** {@code git}: whether a task ends in a pull request, and whether that may merge itself. */
    /**
     * The {@code git} block.
     *
     * @param runHooks whether {@code wb git … --execute} and a run's publish let the repository's git hooks
     *     run (off: each git step runs with {@code -c core.hooksPath=/dev/null}; docs/GIT.md, "Hooks")
     */
    public record GitSettings(boolean createPullRequest, boolean autoMerge, boolean runHooks) {}

    /**
     * Whose fetched claims count (docs/SYNC.md, "Trust"): {@code required}, the default, counts another
     * replica's events only when every commit of its chains is signed by a key {@code
     * .workflow/allowed_signers} lists; {@code off} counts every verified replica, as before signatures.
     */
    public enum Signatures {
        REQUIRED,
        OFF;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** {@code sync}: how fetched histories are trusted. */
    /**
     * {@code mcp}: what {@code wb mcp} offers an agent (docs/MCP.md). {@code allow_run} (default false)
     * lists and lets it call the tools that run this repository's commands ({@code impl_verify},
     * {@code judge_verify}); the other tools are always offered.
     */
    public record McpSettings(boolean allowRun) {
        public static final McpSettings DEFAULT = new McpSettings(false);
    }

    public record SyncSettings(Signatures signatures) {
        public static final SyncSettings DEFAULT = new SyncSettings(Signatures.REQUIRED);
    }

    /**
     * {@code preset} and {@code preset_paths} ({@code {glob: preset}}): the quality bar the repository
     * records, as the original workbench's config has it; when either is set, a plan may not declare a
     * lower preset than its files are held to (docs/PLAN.md).
     */
    public record Presets(Optional<String> preset, Map<String, String> paths) {
        public static final Presets NONE = new Presets(Optional.empty(), Map.of());

        public Presets {
            paths = Collections.unmodifiableMap(new LinkedHashMap<>(paths));
        }

        public PresetBar bar() {
            return new PresetBar(preset, paths);
        }
    }

    /**
     * {@code telegram}: notifications; the token is a secret and never printed. The token and the chat id
     * are written in config.json ({@code bot_token}, {@code chat_id}) or named by an environment variable
     * ({@code bot_token_env}, {@code chat_id_env}; empty when not used), read only when needed.
     */
    public record Telegram(boolean enabled, String botToken, String chatId, String botTokenEnv, String chatIdEnv) {

        /** The bot token: the named variable's value when {@code bot_token_env} is set, else config.json's. */
        public Optional<String> token(Map<String, String> env) {
            return resolve(botTokenEnv, botToken, env);
        }

        /** The chat id: the named variable's value when {@code chat_id_env} is set, else config.json's. */
        public Optional<String> chat(Map<String, String> env) {
            return resolve(chatIdEnv, chatId, env);
        }

        /** The variables named by {@code bot_token_env} and {@code chat_id_env} that {@code env} leaves unset or empty. */
        public List<String> unsetVariables(Map<String, String> env) {
            List<String> unset = new ArrayList<>();
            for (String name : List.of(botTokenEnv, chatIdEnv)) {
                if (!name.isEmpty() && resolve(name, "", env).isEmpty()) {
                    unset.add(name);
                }
            }
            return List.copyOf(unset);
        }

        private static Optional<String> resolve(String variable, String written, Map<String, String> env) {
            String value = variable.isEmpty() ? written : env.getOrDefault(variable, "");
            return value == null || value.isBlank() ? Optional.empty() : Optional.of(value);
        }
    }

    /** A verify command's time limit; config.json may lower it, never raise it. */
    public static final int MAX_VERIFY_TIMEOUT_SECONDS = 600;

    /** {@code agents.max_run_seconds}' default: a day of a run's own time (parked time left out). */
    public static final int DEFAULT_MAX_RUN_SECONDS = 86_400;

    /** The most {@code agents.max_run_seconds} may be: a year. */
    public static final int MAX_RUN_SECONDS = 31_536_000;

    /** The providers wb knows how to launch and check. */
    public static final List<String> PROVIDERS = List.of("claude", "codex");

    public static final Agents DEFAULT_AGENTS = new Agents(
            List.of("claude"), "claude", defaultProviders(), 3, 10, DEFAULT_MAX_RUN_SECONDS, Decomposition.OFF);
    public static final Security DEFAULT_SECURITY =
            new Security(false, true, false, List.of("PATH", "HOME"), Map.of(), List.of(), List.of());

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
            new GitSettings(false, false, false),
            new Telegram(false, "", "", "", ""),
            Presets.NONE,
            OriginalKeys.NONE,
            SyncSettings.DEFAULT,
            McpSettings.DEFAULT);

    /**
     * The branches {@code wb git} never commits to or pushes (empty: detected): {@code branches.protected},
     * else the protected branches of the original workbench's {@code flow}.
     */
    public List<String> protectedBranches() {
        return branches.protectedNames().isEmpty()
                ? originals.flow().map(OriginalKeys.Flow::protectedBranches).orElse(List.of())
                : branches.protectedNames();
    }

    static Map<String, Provider> defaultProviders() {
        Map<String, Provider> providers = new LinkedHashMap<>();
        for (String name : PROVIDERS) {
            providers.put(
                    name,
                    new Provider(
                            name, name, List.of(), List.of(), List.of(), List.of(), Provider.DEFAULT_OFFLINE_SECONDS));
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
        return ConfigSchema.read(tree);
    }

    /**
     * The repository's file (absent: every default) with the user config's keys below it ({@link
     * UserConfig}): the repository wins, so the user's {@code identity} counts only when the file sets
     * none and binds no original context.
     */
    public static WorkspaceConfig of(Optional<LocatedTree> file, Optional<UserConfig.Loaded> user) {
        return ConfigSchema.read(
                file.orElseGet(() -> parse("{}".getBytes(StandardCharsets.UTF_8))),
                FILE,
                user.flatMap(u -> u.config().identity()));
    }
}
