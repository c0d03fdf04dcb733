package dev.wb.commands.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.process.SecretNames;
import dev.wb.engine.json.CanonicalJson;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The effective configuration as {@code wb config show} prints it: every key of the schema with the value
 * in force (the file's, or the default), in the schema's order, with secrets masked. A secret is the
 * Telegram token, credentials inside {@code repo.url}, and any {@code security.extra_environment} value
 * whose name looks secret-bearing; a mask says whether a value is set without saying what it is.
 */
public final class ConfigView {

    public static final String MASK = "********";

    private static final Pattern URL_USERINFO = Pattern.compile("([a-zA-Z][a-zA-Z0-9+.-]*://)([^/@\\s]+)@");

    private ConfigView() {}

    /** The effective configuration, masked. */
    public static ObjectNode effective(WorkspaceConfig c, JudgeAgentsConfig judge) {
        ObjectNode root = CanonicalJson.objectNode();
        root.put("execute", c.execute());
        ObjectNode branches = root.putObject("branches");
        branches.put("prefix", c.branches().prefix());
        strings(branches.putArray("protected"), c.branches().protectedNames());
        ObjectNode zones = root.putObject("critical_zones");
        c.criticalZones().forEach((zone, patterns) -> strings(zones.putArray(zone), patterns));
        if (c.identity().isPresent()) {
            root.putObject("identity")
                    .put("name", c.identity().get().name())
                    .put("email", c.identity().get().email());
        } else {
            root.putNull("identity");
        }
        agents(root.putObject("agents"), c.agents(), judge);
        security(root.putObject("security"), c.security());
        checks(root.putObject("checks"), c.checks());
        root.putObject("repo").put("url", maskUrl(c.repo().url()));
        root.putObject("git")
                .put("create_pull_request", c.git().createPullRequest())
                .put("auto_merge", c.git().autoMerge())
                .put("run_hooks", c.git().runHooks());
        root.putObject("telegram")
                .put("enabled", c.telegram().enabled())
                .put("bot_token", mask(c.telegram().botToken()))
                .put("chat_id", c.telegram().chatId())
                .put("bot_token_env", c.telegram().botTokenEnv())
                .put("chat_id_env", c.telegram().chatIdEnv());
        root.putObject("sync").put("signatures", c.sync().signatures().wireName());
        root.putObject("mcp").put("allow_run", c.mcp().allowRun());
        c.presets().preset().ifPresentOrElse(p -> root.put("preset", p), () -> root.putNull("preset"));
        ObjectNode presetPaths = root.putObject("preset_paths");
        c.presets().paths().forEach(presetPaths::put);
        return root;
    }

    private static void agents(ObjectNode agents, WorkspaceConfig.Agents a, JudgeAgentsConfig judge) {
        strings(agents.putArray("allowed"), a.allowed());
        agents.put("primary", a.primary());
        ObjectNode providers = agents.putObject("providers");
        a.providers().forEach((name, p) -> {
            ObjectNode o = providers.putObject(name);
            o.put("command", p.command());
            strings(o.putArray("args"), p.args());
            strings(o.putArray("models"), p.models());
            strings(o.putArray("reasoning"), p.reasoning());
        });
        agents.put("max_fix_cycles", a.maxFixCycles());
        agents.put("max_total_fix_iterations", a.maxTotalFixIterations());
        agents.put("max_run_seconds", a.maxRunSeconds());
        agents.putObject("decomposition")
                .put("enabled", a.decomposition().enabled())
                .put("max_subtasks", a.decomposition().maxSubtasks());
        ObjectNode j = agents.putObject("judge");
        j.put("enabled", judge.enabled());
        ArrayNode targets = j.putArray("targets");
        judge.targets().forEach(t -> targets.add(t.id()));
        ObjectNode models = j.putObject("model");
        for (JudgeAgentTarget t : JudgeAgentTarget.values()) {
            judge.model(t).ifPresentOrElse(m -> models.put(t.id(), m), () -> models.putNull(t.id()));
        }
    }

    private static void security(ObjectNode security, WorkspaceConfig.Security s) {
        security.put("strict_isolation", s.strictIsolation());
        security.put("disable_read_isolation", s.disableReadIsolation());
        security.put("allow_git_evidence", s.allowGitEvidence());
        strings(security.putArray("allowed_environment"), s.allowedEnvironment());
        ObjectNode extra = security.putObject("extra_environment");
        s.extraEnvironment()
                .forEach((name, value) -> extra.put(name, SecretNames.secret(name) ? mask(value) : maskUrl(value)));
        strings(security.putArray("denied_read_paths"), s.deniedReadPaths());
        strings(security.putArray("denied_commands"), s.deniedCommands());
    }

    private static void checks(ObjectNode node, WorkspaceConfig.Checks checks) {
        node.put("timeout_seconds", checks.timeoutSeconds());
        ObjectNode sets = node.putObject("command_sets");
        checks.commandSets().forEach(set -> {
            ObjectNode o = sets.putObject(set.name());
            ArrayNode commands = o.putArray("commands");
            for (int i = 0; i < set.commands().size(); i++) {
                if (set.commandEnv().get(i).isEmpty()) {
                    strings(commands.addArray(), set.commands().get(i));
                } else {
                    ObjectNode command = commands.addObject();
                    strings(command.putArray("argv"), set.commands().get(i));
                    set.commandEnv().get(i).forEach(command.putObject("env")::put);
                }
            }
            strings(o.putArray("paths"), set.paths());
            set.timeoutSeconds().ifPresentOrElse(t -> o.put("timeout_seconds", t), () -> o.putNull("timeout_seconds"));
            o.put("skip_if_unavailable", set.skipIfUnavailable());
            set.env().forEach(o.putObject("env")::put);
        });
    }

    /** {@code ********} for a set value, {@code ""} for an empty one. */
    public static String mask(String secret) {
        return secret.isEmpty() ? "" : MASK;
    }

    /** A URL with any {@code user:password@} replaced by the mask. */
    public static String maskUrl(String url) {
        return URL_USERINFO.matcher(url).replaceAll("$1" + MASK + "@");
    }

    /**
     * The tree as {@code key = value} lines, dotted, leaves only; {@code fromFile} marks which keys the
     * file sets (the rest are defaults). Empty objects and lists print as {@code {}} and {@code []}.
     */
    public static List<String> lines(JsonNode tree, LocatedTree file) {
        List<String> lines = new ArrayList<>();
        leaves(tree)
                .forEach((key, value) -> lines.add(key + " = " + CanonicalJson.text(value, false)
                        + (file != null && file.lines().containsKey(key) ? "" : "  (default)")));
        return lines;
    }

    /** The tree's values by dotted key, as {@link #lines} prints them, in order. */
    public static Map<String, JsonNode> leaves(JsonNode tree) {
        Map<String, JsonNode> leaves = new LinkedHashMap<>();
        flatten("", tree, leaves);
        return leaves;
    }

    private static void flatten(String path, JsonNode node, Map<String, JsonNode> leaves) {
        boolean leaf =
                !node.isObject() || node.isEmpty() || path.endsWith(".commands") || path.startsWith("critical_zones.");
        if (!path.isEmpty() && (leaf || node.isArray())) {
            leaves.put(path, node);
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            flatten(LocatedTree.child(path, e.getKey()), e.getValue(), leaves);
        }
    }

    private static void strings(ArrayNode array, List<String> values) {
        values.forEach(array::add);
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
