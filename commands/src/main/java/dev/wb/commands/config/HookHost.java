package dev.wb.commands.config;

import java.util.Optional;

/**
 * The agent hosts {@code wb hooks install} writes hook settings for, each with the one file it writes
 * (docs/HOOKS.md). Here, below the features, because {@code wb impl check}'s scope leaves these files out.
 */
public enum HookHost {
    /** Claude Code: the per-developer project settings, kept out of git (https://code.claude.com/docs/en/hooks). */
    CLAUDE(AgentHost.CLAUDE, ".claude/settings.local.json"),
    /** Codex: the project's hooks file, read in a trusted project (https://developers.openai.com/codex/hooks). */
    CODEX(AgentHost.CODEX, ".codex/hooks.json"),
    /**
     * GitHub Copilot (CLI and cloud agent): a hooks file of wb's own among {@code .github/hooks/*.json}
     * (https://docs.github.com/en/copilot/reference/hooks-reference).
     */
    COPILOT(AgentHost.COPILOT, ".github/hooks/wb.json");

    private final AgentHost agent;
    private final String path;

    HookHost(AgentHost agent, String path) {
        this.agent = agent;
        this.path = path;
    }

    /** The host this is for. */
    public AgentHost agent() {
        return agent;
    }

    /** The name on the command line and in configuration: {@code claude}, {@code codex}, {@code copilot}. */
    public String id() {
        return agent.id();
    }

    /** The host, for people. */
    public String host() {
        return agent.host();
    }

    /** The settings file wb writes, relative to the repository's top. */
    public String path() {
        return path;
    }

    public static Optional<HookHost> of(String id) {
        return AgentHost.named(values(), HookHost::agent, id);
    }
}
