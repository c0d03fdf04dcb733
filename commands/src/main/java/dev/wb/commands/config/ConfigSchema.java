package dev.wb.commands.config;

import static dev.wb.commands.config.WorkspaceConfig.DEFAULTS;
import static dev.wb.commands.config.WorkspaceConfig.DEFAULT_AGENTS;
import static dev.wb.commands.config.WorkspaceConfig.DEFAULT_SECURITY;
import static dev.wb.commands.config.WorkspaceConfig.DOCS;
import static dev.wb.commands.config.WorkspaceConfig.FILE;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.config.WorkspaceConfig.Agents;
import dev.wb.commands.config.WorkspaceConfig.Branches;
import dev.wb.commands.config.WorkspaceConfig.Checks;
import dev.wb.commands.config.WorkspaceConfig.GitSettings;
import dev.wb.commands.config.WorkspaceConfig.Identity;
import dev.wb.commands.config.WorkspaceConfig.Presets;
import dev.wb.commands.config.WorkspaceConfig.Repo;
import dev.wb.commands.config.WorkspaceConfig.Security;
import dev.wb.commands.config.WorkspaceConfig.Telegram;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.PresetBar;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The schema of {@code .workflow/config.json} (docs/CONFIG.md), written as code: reads a parsed file
 * into a {@link WorkspaceConfig}, section by section, and refuses with exit 3, naming the key and its
 * line, anything it does not know.
 */
final class ConfigSchema {

    static final List<String> TOP = top();

    /** The schema an editor checks the file against ({@code wb init} writes it); wb reads nothing from it. */
    static final String SCHEMA_KEY = "$schema";

    /** wb's keys, then the original workbench's ({@link OriginalKeys}): a file written for it loads unchanged. */
    private static List<String> top() {
        List<String> keys = new ArrayList<>(List.of(
                SCHEMA_KEY,
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
                "sync",
                "mcp",
                "preset",
                "preset_paths"));
        keys.addAll(OriginalKeys.NOTES.keySet());
        return List.copyOf(keys);
    }

    private ConfigSchema() {}

    /** Reads a parsed file against the schema; exit 3 naming the key and its line on anything it does not know. */
    static WorkspaceConfig read(LocatedTree tree) {
        return read(tree, FILE);
    }

    /** {@link #read(LocatedTree)} of a file named {@code file} in its errors (the user file). */
    static WorkspaceConfig read(LocatedTree tree, String file) {
        return read(tree, file, Optional.empty());
    }

    /**
     * {@link #read(LocatedTree, String)} with a user config's identity below the file ({@link
     * UserConfig}): the file wins, so {@code below} counts only when the file sets no {@code identity} and
     * binds no original context ({@link WorkbenchContexts#expected}, which {@code wb git} reads, decides
     * the same way).
     */
    static WorkspaceConfig read(LocatedTree tree, String file, Optional<Identity> below) {
        ConfigReader r = new ConfigReader(file, tree, DOCS);
        JsonNode root = tree.root();
        if (!root.isObject()) {
            throw r.error("", FILE + " must be one JSON object, not " + ConfigReader.describe(root));
        }
        r.only(root, "", TOP);
        r.text(root, "", SCHEMA_KEY, "");
        boolean execute = r.bool(root, "", "execute", true);
        Map<String, List<String>> zones = zones(r, root);
        Branches branches =
                r.object(root, "", "branches").map(b -> branches(r, b)).orElse(Branches.DEFAULT);
        Optional<Identity> identity = r.object(root, "", "identity").map(i -> identity(r, i));
        Agents agents = r.object(root, "", "agents")
                .map(a -> AgentsSchema.agents(r, a, (ObjectNode) root))
                .orElse(DEFAULT_AGENTS);
        Security security = r.object(root, "", "security")
                .map(s -> AgentsSchema.security(r, s))
                .orElse(DEFAULT_SECURITY);
        Checks checks = r.object(root, "", "checks")
                .map(c -> CommandSetsSchema.checks(r, c))
                .orElse(DEFAULTS.checks());
        Repo repo = r.object(root, "", "repo")
                .map(o -> {
                    r.only(o, "repo", List.of("url"));
                    return new Repo(r.text(o, "repo", "url", "").trim());
                })
                .orElse(DEFAULTS.repo());
        GitSettings git = r.object(root, "", "git")
                .map(o -> {
                    r.only(o, "git", List.of("create_pull_request", "auto_merge", "run_hooks"));
                    return new GitSettings(
                            r.bool(o, "git", "create_pull_request", false),
                            r.bool(o, "git", "auto_merge", false),
                            r.bool(o, "git", "run_hooks", false));
                })
                .orElse(DEFAULTS.git());
        Telegram telegram =
                r.object(root, "", "telegram").map(o -> telegram(r, o)).orElse(DEFAULTS.telegram());
        Presets presets = presets(r, root);
        OriginalKeys originals = OriginalKeys.read(r, root);
        return new WorkspaceConfig(
                execute,
                zones,
                checks.timeoutSeconds(),
                branches,
                identity.isPresent() || originals.context().isPresent() ? identity : below,
                agents,
                security,
                checks,
                repo,
                git,
                telegram,
                presets,
                originals,
                r.object(root, "", "sync").map(o -> sync(r, o)).orElse(WorkspaceConfig.SyncSettings.DEFAULT),
                r.object(root, "", "mcp").map(o -> mcp(r, o)).orElse(WorkspaceConfig.McpSettings.DEFAULT));
    }

    private static WorkspaceConfig.McpSettings mcp(ConfigReader r, JsonNode node) {
        r.only(node, "mcp", List.of("allow_run"));
        return new WorkspaceConfig.McpSettings(r.bool(node, "mcp", "allow_run", false));
    }

    private static WorkspaceConfig.SyncSettings sync(ConfigReader r, JsonNode node) {
        r.only(node, "sync", List.of("signatures"));
        String value = r.text(node, "sync", "signatures", "required");
        for (WorkspaceConfig.Signatures s : WorkspaceConfig.Signatures.values()) {
            if (s.wireName().equals(value)) {
                return new WorkspaceConfig.SyncSettings(s);
            }
        }
        throw r.error(
                "sync.signatures",
                "sync.signatures must be \"required\" or \"off\", not \"" + value + "\"",
                "write \"required\" (the default: only replicas signed by an allowed signer count) or \"off\"");
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
        node.ifPresent(object -> object.properties()
                .forEach(zone -> zones.put(
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
        boolean dotSegment =
                Arrays.stream(glob.replace('\\', '/').split("/", -1)).anyMatch(s -> s.equals(".") || s.equals(".."));
        if (glob.startsWith("/") || glob.contains("\\") || glob.startsWith("./") || glob.endsWith("/") || dotSegment) {
            return Optional.of(path + " \"" + glob + "\" can never match: a glob is matched against the whole"
                    + " repository-relative path as git names it ('/'-separated, no leading '/' or './', no '.' or '..'"
                    + " segment, no trailing '/')"
                    + (meant.isEmpty() || meant.contains("..") ? "" : "; did you mean \"" + meant + "\"?"));
        }
        return Optional.empty();
    }

    private static Telegram telegram(ConfigReader r, JsonNode node) {
        r.only(node, "telegram", List.of("enabled", "bot_token", "chat_id", "bot_token_env", "chat_id_env"));
        boolean enabled = r.bool(node, "telegram", "enabled", false);
        String token = r.text(node, "telegram", "bot_token", "");
        String chat = r.text(node, "telegram", "chat_id", "");
        String tokenEnv = variable(r, node, "bot_token_env", token);
        String chatEnv = variable(r, node, "chat_id_env", chat);
        if (enabled && ((token.isBlank() && tokenEnv.isEmpty()) || (chat.isBlank() && chatEnv.isEmpty()))) {
            String missing = token.isBlank() && tokenEnv.isEmpty() ? "bot_token" : "chat_id";
            throw r.error(
                    "telegram",
                    "telegram.enabled is true, but " + missing + " is empty and no " + missing + "_env names a"
                            + " variable holding it",
                    "set telegram." + missing + "_env to the name of the environment variable that holds it (or"
                            + " telegram." + missing + "), or telegram.enabled false");
        }
        return new Telegram(enabled, token, chat, tokenEnv, chatEnv);
    }

    /** {@code <key>}: the name of an environment variable, never beside the value it stands for. */
    private static String variable(ConfigReader r, JsonNode node, String key, String written) {
        String name = r.text(node, "telegram", key, "");
        if (!name.isEmpty() && !ENV_NAME.matcher(name).matches()) {
            throw r.error(
                    "telegram." + key,
                    "telegram." + key + " must name an environment variable (letters, digits, _; not starting"
                            + " with a digit)",
                    "write the variable's name, like WB_TELEGRAM_TOKEN, not its value");
        }
        if (!name.isEmpty() && !written.isEmpty()) {
            String value = key.substring(0, key.length() - "_env".length());
            throw r.error(
                    "telegram." + key,
                    "telegram." + value + " and telegram." + key + " are both set: one would silently win",
                    "keep telegram." + key + " and remove telegram." + value + " from config.json");
        }
        return name;
    }

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
