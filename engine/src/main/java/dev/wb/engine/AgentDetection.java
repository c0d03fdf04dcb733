package dev.wb.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Names the coding agent a process runs under, from variables the agents set themselves.
 * {@code WB_AGENT} wins over all of them, so any other agent can name itself.
 */
final class AgentDetection {

    /** Variable set by the agent → the name recorded in events. Order matters: first match wins. */
    private static final Map<String, String> MARKERS = new LinkedHashMap<>();

    static {
        MARKERS.put("CLAUDECODE", "claude-code");
        MARKERS.put("CODEX_SANDBOX", "codex");
        MARKERS.put("CODEX_MANAGED_BY_NPM", "codex");
        MARKERS.put("GEMINI_CLI", "gemini-cli");
        MARKERS.put("CURSOR_AGENT", "cursor");
        MARKERS.put("COPILOT_AGENT", "copilot");
        MARKERS.put("AIDER_MODEL", "aider");
    }

    private AgentDetection() {}

    static Optional<String> detect(Map<String, String> env) {
        String explicit = env.get("WB_AGENT");
        if (explicit != null && !explicit.isBlank()) {
            return Optional.of(explicit.trim());
        }
        for (Map.Entry<String, String> marker : MARKERS.entrySet()) {
            String value = env.get(marker.getKey());
            if (value != null && !value.isBlank()) {
                return Optional.of(marker.getValue());
            }
        }
        return Optional.empty();
    }
}
