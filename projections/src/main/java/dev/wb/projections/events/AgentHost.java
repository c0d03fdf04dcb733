package dev.wb.projections.events;

/**
 * The agent hosts wb writes files for (hook settings, the judge's agent file, skills): the name on the
 * command line, in configuration and in {@link HooksConfigured}'s {@code host}, and who it is.
 *
 * <p>A host this wb does not know reads as {@link #CLAUDE}: failing closed, a record whose host cannot be
 * read is taken for the host whose settings wb changes most (its hooks and the judge's guard), never for
 * one where less could have changed.
 */
public enum AgentHost implements WireName {
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
    @Override
    public String wireName() {
        return id;
    }

    /** The host, for people. */
    public String host() {
        return host;
    }
}
