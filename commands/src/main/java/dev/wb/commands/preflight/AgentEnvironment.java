package dev.wb.commands.preflight;

import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.process.SecretNames;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What of an invocation's environment an agent gets: each {@code security.allowed_environment} entry
 * matched against it (a prefix pattern such as {@code DOTNET_*} expanded; case ignored on native
 * Windows), less the secret-bearing names ({@link SecretNames}), then {@code security.extra_environment}
 * assigned. The one selection preflight's {@code allowed-environment} line reports and {@code wb run}
 * launches an agent or evaluator with.
 *
 * @param kept the names and values passed through, sorted by name
 * @param dropped the matched names left out as secret-bearing
 * @param expansions each prefix pattern with what it matched ({@code P* → A, B} or {@code → nothing})
 * @param unmatched the plain names not set in the environment
 */
public record AgentEnvironment(
        Map<String, String> kept, TreeSet<String> dropped, List<String> expansions, List<String> unmatched) {

    /** The selection from {@code env}; {@code windows} matches names as native Windows does, case ignored. */
    public static AgentEnvironment select(WorkspaceConfig.Security security, Map<String, String> env, boolean windows) {
        Map<String, String> kept = new TreeMap<>();
        TreeSet<String> dropped = new TreeSet<>();
        List<String> expansions = new ArrayList<>();
        List<String> unmatched = new ArrayList<>();
        for (String entry : security.allowedEnvironment()) {
            List<String> matched = new ArrayList<>();
            if (entry.endsWith("*")) {
                String prefix = entry.substring(0, entry.length() - 1);
                env.keySet().stream()
                        .filter(n -> windows
                                ? n.toUpperCase(Locale.ROOT).startsWith(prefix.toUpperCase(Locale.ROOT))
                                : n.startsWith(prefix))
                        .sorted()
                        .forEach(matched::add);
                expansions.add(entry + " → " + (matched.isEmpty() ? "nothing" : String.join(", ", matched)));
            } else {
                env.keySet().stream()
                        .filter(n -> windows ? n.equalsIgnoreCase(entry) : n.equals(entry))
                        .findFirst()
                        .ifPresentOrElse(matched::add, () -> unmatched.add(entry));
            }
            for (String name : matched) {
                if (SecretNames.secret(name)) {
                    dropped.add(name);
                } else {
                    kept.put(name, env.get(name));
                }
            }
        }
        return new AgentEnvironment(kept, dropped, expansions, unmatched);
    }

    /**
     * The agent's whole environment: the kept names, then {@code security.extra_environment} (an
     * assignment replaces a passed-through value of the same name).
     */
    public Map<String, String> withExtra(WorkspaceConfig.Security security) {
        Map<String, String> out = new LinkedHashMap<>(kept);
        out.putAll(security.extraEnvironment());
        return out;
    }
}
