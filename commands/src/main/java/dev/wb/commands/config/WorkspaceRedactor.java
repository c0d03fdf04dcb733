package dev.wb.commands.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.process.SecretNames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The one redactor of the operations commands ({@code wb preflight}, {@code wb checks}): the workspace
 * redactor {@code wb impl verify} hands {@link dev.wb.commands.process.ProcessRunner} (the values of
 * {@code .workflow/.env} and of the invocation's secret-named variables, and the credential shapes), and
 * beyond it the secrets config.json holds — {@code telegram.bot_token} and the values of secret-named
 * {@code security.extra_environment} entries ({@link SecretNames}) — and the values of an env-file named
 * on the command line ({@code --env-file}). Every text a provider or a check prints passes through it
 * before it is printed or recorded.
 */
public final class WorkspaceRedactor {

    private WorkspaceRedactor() {}

    /**
     * The redactor for this workspace: its secrets, its configured names and the env-file's values.
     *
     * @param envFile the variables of an env-file loaded besides {@code .workflow/.env} (empty when none)
     * @throws dev.wb.commands.base.Failure exit 3 when {@code .workflow/.env} exists but cannot be read
     */
    public static Redactor of(
            Workspace ws, WorkspaceConfig config, Map<String, String> env, Map<String, String> envFile) {
        return Redactor.forWorkspace(ws, env, configured(config, env, envFile));
    }

    /**
     * {@link #of}, or {@link #withoutWorkspaceEnvFile} when {@code .workflow/.env} cannot be read: for a
     * report that names an unreadable env-file rather than stopping at it ({@code wb preflight},
     * {@code wb status}).
     */
    public static Redactor lenient(
            Workspace ws, WorkspaceConfig config, Map<String, String> env, Map<String, String> envFile) {
        try {
            return of(ws, config, env, envFile);
        } catch (Failure unreadable) {
            return withoutWorkspaceEnvFile(config, env, envFile);
        }
    }

    /** The same, when {@code .workflow/.env} cannot be read: what is known without it. */
    public static Redactor withoutWorkspaceEnvFile(
            WorkspaceConfig config, Map<String, String> env, Map<String, String> envFile) {
        List<String> secrets = new ArrayList<>(configured(config, env, envFile));
        env.forEach((name, value) -> {
            if (SecretNames.secret(name)) {
                secrets.add(value);
            }
        });
        return Redactor.of(secrets);
    }

    /** A copy of the JSON with every string in it redacted (names stay: they are wb's own words). */
    public static ObjectNode redacted(ObjectNode json, Redactor redactor) {
        ObjectNode copy = json.deepCopy();
        redact(copy, redactor);
        return copy;
    }

    private static void redact(JsonNode node, Redactor redactor) {
        if (node instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            for (String name : names) {
                JsonNode child = object.get(name);
                if (child.isTextual()) {
                    object.put(name, redactor.redact(child.textValue()));
                } else {
                    redact(child, redactor);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                if (array.get(i).isTextual()) {
                    array.set(i, array.textNode(redactor.redact(array.get(i).textValue())));
                } else {
                    redact(array.get(i), redactor);
                }
            }
        }
    }

    private static Collection<String> configured(
            WorkspaceConfig config, Map<String, String> env, Map<String, String> envFile) {
        List<String> secrets = new ArrayList<>(envFile.values());
        // a provider's API key (agents.providers.<p>.auth_env), whatever its name looks like
        config.agents().providers().values().stream()
                .flatMap(p -> p.authEnv().stream())
                .map(env::get)
                .filter(v -> v != null && !v.isEmpty())
                .forEach(secrets::add);
        secrets.add(config.telegram().botToken());
        // the token named by telegram.bot_token_env, whatever the variable's name looks like
        config.telegram().token(env).ifPresent(secrets::add);
        config.security().extraEnvironment().forEach((name, value) -> {
            if (SecretNames.secret(name)) {
                secrets.add(value);
            }
        });
        return secrets;
    }
}
