package dev.wb.commands.config;

import java.util.Locale;
import java.util.Optional;

/**
 * The hosts the judge's agent file is written for, each with the one file it reads. Pi is not one: it has
 * no native subagent API, so there is no separate reviewer context to write a definition for.
 */
public enum JudgeAgentTarget {
    CLAUDE("claude", "Claude Code", ".claude/agents/wb-judge.md"),
    COPILOT("copilot", "GitHub Copilot", ".github/agents/wb-judge.agent.md"),
    CODEX("codex", "Codex", ".codex/agents/wb-judge.toml");

    /** The target Pi, named in configuration and refused: no native subagent API. */
    public static final String PI = "pi";

    public static final String PI_NOT_SUPPORTED = "Pi is not supported: it has no native subagent API, so a judge run"
            + " there has no separate reviewer context (a review from the implementing session is independent: false)";

    private final String id;
    private final String host;
    private final String path;

    JudgeAgentTarget(String id, String host, String path) {
        this.id = id;
        this.host = host;
        this.path = path;
    }

    /** The name in configuration: {@code claude}, {@code copilot}, {@code codex}. */
    public String id() {
        return id;
    }

    /** The host, for people. */
    public String host() {
        return host;
    }

    /** The agent file, relative to the repository's top. */
    public String path() {
        return path;
    }

    public static Optional<JudgeAgentTarget> of(String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        for (JudgeAgentTarget target : values()) {
            if (target.id.equals(wanted)) {
                return Optional.of(target);
            }
        }
        return Optional.empty();
    }
}
