package dev.wb.commands.config;

import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/** The agent hosts wb writes files for (hook settings, the judge's agent file, skills): the name and who it is. */
public enum AgentHost {
    CLAUDE("claude", "Claude Code"),
    CODEX("codex", "Codex"),
    COPILOT("copilot", "GitHub Copilot");

    private final String id;
    private final String host;

    AgentHost(String id, String host) {
        this.id = id;
        this.host = host;
    }

    /** The name on the command line and in configuration: {@code claude}, {@code codex}, {@code copilot}. */
    public String id() {
        return id;
    }

    /** The host, for people. */
    public String host() {
        return host;
    }

    /** The member of VALUES whose host is named ID (any case, blanks around it ignored). */
    static <E> Optional<E> named(E[] values, Function<E, AgentHost> hostOf, String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        for (E value : values) {
            if (hostOf.apply(value).id.equals(wanted)) {
                return Optional.of(value);
            }
        }
        return Optional.empty();
    }
}
