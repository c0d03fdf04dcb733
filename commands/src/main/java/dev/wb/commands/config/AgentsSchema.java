package dev.wb.commands.config;

import static dev.wb.commands.config.WorkspaceConfig.DEFAULT_AGENTS;
import static dev.wb.commands.config.WorkspaceConfig.DEFAULT_SECURITY;
import static dev.wb.commands.config.WorkspaceConfig.FILE;
import static dev.wb.commands.config.WorkspaceConfig.PROVIDERS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.config.WorkspaceConfig.Agents;
import dev.wb.commands.config.WorkspaceConfig.Security;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The {@code agents} and {@code security} sections of config.json's schema ({@link ConfigSchema}): which
 * agent CLIs may run and how each is launched, and what their processes may see.
 */
final class AgentsSchema {

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern ENV_PATTERN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*\\*?");

    private AgentsSchema() {}

    static Agents agents(ConfigReader r, JsonNode node, ObjectNode root) {
        r.only(
                node,
                "agents",
                List.of(
                        "allowed",
                        "primary",
                        "providers",
                        "max_fix_cycles",
                        "max_total_fix_iterations",
                        "max_run_seconds",
                        "decomposition",
                        "judge"));
        List<String> allowed = allowed(r, node);
        String primary = r.text(node, "agents", "primary", allowed.get(0));
        if (!allowed.contains(primary)) {
            throw r.error("agents.primary", "agents.primary \"" + primary + "\" is not in agents.allowed " + allowed);
        }
        Map<String, WorkspaceConfig.Provider> providers = providers(r, node);
        int cycles = r.integer(node, "agents", "max_fix_cycles", 0, 50, DEFAULT_AGENTS.maxFixCycles());
        int total =
                r.integer(node, "agents", "max_total_fix_iterations", 0, 500, DEFAULT_AGENTS.maxTotalFixIterations());
        int seconds = r.integer(
                node, "agents", "max_run_seconds", 1, WorkspaceConfig.MAX_RUN_SECONDS, DEFAULT_AGENTS.maxRunSeconds());
        WorkspaceConfig.Decomposition decomposition = decomposition(r, node);
        r.object(node, "agents", "judge").ifPresent(j -> judge(r, j, root));
        return new Agents(allowed, primary, providers, cycles, total, seconds, decomposition);
    }

    /** {@code agents.allowed}: providers wb can run, at least one, none twice. */
    private static List<String> allowed(ConfigReader r, JsonNode node) {
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
        return allowed;
    }

    /** The default providers, each one {@code agents.providers} names replaced by what it says. */
    private static Map<String, WorkspaceConfig.Provider> providers(ConfigReader r, JsonNode node) {
        Map<String, WorkspaceConfig.Provider> providers = new LinkedHashMap<>(WorkspaceConfig.defaultProviders());
        r.object(node, "agents", "providers").ifPresent(p -> {
            r.only(p, "agents.providers", PROVIDERS);
            p.properties().forEach(e -> providers.put(e.getKey(), provider(r, p, e.getKey())));
        });
        return providers;
    }

    private static WorkspaceConfig.Provider provider(ConfigReader r, JsonNode providers, String name) {
        String at = "agents.providers." + name;
        JsonNode o = r.object(providers, "agents.providers", name).orElse(JsonNodeFactory.instance.objectNode());
        r.only(o, at, List.of("command", "args", "models", "reasoning", "auth_env", "offline_seconds"));
        String command = r.text(o, at, "command", name);
        if (command.isBlank()) {
            throw r.error(at + ".command", at + ".command must name the executable, not be blank");
        }
        return new WorkspaceConfig.Provider(
                name,
                command,
                r.strings(o, at, "args", List.of(), ConfigReader.nonBlank()),
                r.strings(o, at, "models", List.of(), ConfigReader.nonBlank()),
                r.strings(o, at, "reasoning", List.of(), ConfigReader.nonBlank()),
                r.strings(
                        o, at, "auth_env", List.of(), ConfigReader.matching(ENV_NAME, "an environment variable name")),
                r.integer(o, at, "offline_seconds", 5, 3600, WorkspaceConfig.Provider.DEFAULT_OFFLINE_SECONDS));
    }

    private static WorkspaceConfig.Decomposition decomposition(ConfigReader r, JsonNode node) {
        return r.object(node, "agents", "decomposition")
                .map(d -> {
                    r.only(d, "agents.decomposition", List.of("enabled", "max_subtasks"));
                    return new WorkspaceConfig.Decomposition(
                            r.bool(d, "agents.decomposition", "enabled", false),
                            r.integer(
                                    d,
                                    "agents.decomposition",
                                    "max_subtasks",
                                    2,
                                    WorkspaceConfig.Decomposition.MOST,
                                    WorkspaceConfig.Decomposition.OFF.maxSubtasks()));
                })
                .orElse(WorkspaceConfig.Decomposition.OFF);
    }

    /** {@code agents.judge}: its keys here, its values as {@link JudgeAgentsConfig} reads them. */
    private static void judge(ConfigReader r, JsonNode judge, ObjectNode root) {
        r.only(judge, "agents.judge", List.of("enabled", "targets", "model"));
        try {
            JudgeAgentsConfig.of(root);
        } catch (Failure f) {
            throw r.error(
                    "agents.judge",
                    f.getMessage().replace(FILE + ": ", ""),
                    f.fixes().toArray(String[]::new));
        }
    }

    static Security security(ConfigReader r, JsonNode node) {
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
                        DEFAULT_SECURITY.allowedEnvironment(),
                        ConfigReader.matching(ENV_PATTERN, "a variable name or a prefix pattern like DOTNET_*")),
                extra,
                r.strings(node, at, "denied_read_paths", List.of(), ConfigReader.nonBlank()),
                r.strings(node, at, "denied_commands", List.of(), ConfigReader.nonBlank()));
    }
}
