package dev.wb.commands.config;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.commands.sdd.CriticalZones;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The checkout's settings in {@code .workflow/config.json}, as far as the commands built so far
 * read them: the execute switch and extra critical zones. A file that exists but cannot be used
 * stops the command (exit 3) instead of being read as defaults.
 */
public record WorkspaceConfig(boolean execute, Map<String, List<String>> criticalZones, int verifyTimeoutSeconds,
        Branches branches, Optional<Identity> identity) {

    /** {@code branches}: the prefix of task branches, and the protected names (empty: detected). */
    public record Branches(String prefix, List<String> protectedNames) {
        public static final Branches DEFAULT = new Branches("task/", List.of());
    }

    /** {@code identity}: who work commits in this checkout should be by. */
    public record Identity(String name, String email) {}

    /** A verify command's time limit; config.json may lower it, never raise it. */
    public static final int MAX_VERIFY_TIMEOUT_SECONDS = 600;

    public static final WorkspaceConfig DEFAULTS = new WorkspaceConfig(true, Map.of(), MAX_VERIFY_TIMEOUT_SECONDS,
            Branches.DEFAULT, Optional.empty());

    public static WorkspaceConfig load(Workspace workspace) {
        Path file = workspace.workflowDir().resolve("config.json");
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return DEFAULTS;
        } catch (IOException e) {
            throw invalid("cannot read .workflow/config.json: " + e.getMessage());
        }
        JsonNode root;
        try {
            root = CanonicalJson.parse(bytes);
        } catch (IllegalArgumentException e) {
            throw invalid(".workflow/config.json is not JSON: " + e.getMessage());
        }
        if (!root.isObject()) {
            throw invalid(".workflow/config.json must be a JSON object");
        }
        boolean execute = true;
        JsonNode exec = root.get("execute");
        if (exec != null) {
            if (!exec.isBoolean()) {
                throw invalid(".workflow/config.json: execute must be true or false, not " + exec);
            }
            execute = exec.booleanValue();
        }
        return new WorkspaceConfig(execute, zones(root.get("critical_zones")), timeout(root.get("checks")),
                branches(root.get("branches")), identity(root.get("identity")));
    }

    private static Branches branches(JsonNode node) {
        if (node == null) {
            return Branches.DEFAULT;
        }
        if (!node.isObject()) {
            throw invalid(".workflow/config.json: branches must be an object {\"prefix\", \"protected\"}");
        }
        String prefix = Branches.DEFAULT.prefix();
        JsonNode p = node.get("prefix");
        if (p != null) {
            if (!p.isTextual() || p.textValue().contains(" ") || p.textValue().startsWith("-")) {
                throw invalid(".workflow/config.json: branches.prefix must be a branch-name prefix like \"task/\"");
            }
            prefix = p.textValue();
        }
        List<String> names = new ArrayList<>();
        JsonNode list = node.get("protected");
        if (list != null) {
            if (!list.isArray()) {
                throw invalid(".workflow/config.json: branches.protected must be an array of branch names");
            }
            for (JsonNode name : list) {
                if (!name.isTextual() || name.textValue().isBlank()) {
                    throw invalid(".workflow/config.json: branches.protected holds branch names, not " + name);
                }
                names.add(name.textValue());
            }
        }
        return new Branches(prefix, names);
    }

    private static Optional<Identity> identity(JsonNode node) {
        if (node == null) {
            return Optional.empty();
        }
        if (!node.isObject() || !node.path("name").isTextual() || !node.path("email").isTextual()) {
            throw invalid(".workflow/config.json: identity must be {\"name\": \"…\", \"email\": \"…\"}");
        }
        return Optional.of(new Identity(node.get("name").textValue(), node.get("email").textValue()));
    }

    private static int timeout(JsonNode checks) {
        if (checks == null) {
            return MAX_VERIFY_TIMEOUT_SECONDS;
        }
        if (!checks.isObject()) {
            throw invalid(".workflow/config.json: checks must be an object");
        }
        JsonNode seconds = checks.get("timeout_seconds");
        if (seconds == null) {
            return MAX_VERIFY_TIMEOUT_SECONDS;
        }
        if (!seconds.isIntegralNumber() || seconds.longValue() < 1 || seconds.longValue() > MAX_VERIFY_TIMEOUT_SECONDS) {
            throw invalid(".workflow/config.json: checks.timeout_seconds must be a whole number from 1 to "
                    + MAX_VERIFY_TIMEOUT_SECONDS + " (a lower limit than wb's, never a higher one), not " + seconds);
        }
        return seconds.intValue();
    }

    private static Map<String, List<String>> zones(JsonNode node) {
        Map<String, List<String>> zones = new LinkedHashMap<>();
        if (node == null) {
            return zones;
        }
        if (!node.isObject()) {
            throw invalid(".workflow/config.json: critical_zones must be an object of zone name to path patterns");
        }
        node.fields().forEachRemaining(zone -> {
            if (!zone.getValue().isArray()) {
                throw invalid(".workflow/config.json: critical_zones." + zone.getKey()
                        + " must be an array of path patterns");
            }
            List<String> patterns = new ArrayList<>();
            for (JsonNode pattern : zone.getValue()) {
                Optional<String> problem = pattern.isTextual() ? CriticalZones.problem(pattern.textValue())
                        : Optional.of("critical-zone patterns must be strings, not " + pattern);
                if (problem.isPresent()) {
                    throw invalid(".workflow/config.json: critical_zones." + zone.getKey() + ": " + problem.get());
                }
                patterns.add(pattern.textValue());
            }
            zones.put(zone.getKey(), patterns);
        });
        return zones;
    }

    private static Failure invalid(String message) {
        return new Failure(Failure.Kind.CONFIG, message, List.of("edit .workflow/config.json (critical_zones: docs/PLAN.md; checks: docs/VERIFY.md;"
                + " branches, identity, execute: docs/GIT.md)"));
    }
}
