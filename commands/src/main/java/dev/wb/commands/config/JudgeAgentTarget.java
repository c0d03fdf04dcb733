package dev.wb.commands.config;

import java.util.Optional;

/**
 * The hosts the judge's agent file is written for, each with the one file it reads. Pi is not one: it has
 * no native subagent API, so there is no separate reviewer context to write a definition for.
 */
public enum JudgeAgentTarget implements HostFile {
    CLAUDE(".claude/agents/wb-judge.md"),
    COPILOT(".github/agents/wb-judge.agent.md"),
    CODEX(".codex/agents/wb-judge.toml");

    /** The target Pi, named in configuration and refused: no native subagent API. */
    public static final String PI = "pi";

    public static final String PI_NOT_SUPPORTED = "Pi is not supported: it has no native subagent API, so a judge run"
            + " there has no separate reviewer context (a review from the implementing session is independent: false)";

    private final String path;

    JudgeAgentTarget(String path) {
        this.path = path;
    }

    /** The agent file, relative to the repository's top. */
    @Override
    public String path() {
        return path;
    }

    public static Optional<JudgeAgentTarget> of(String id) {
        return HostFile.named(values(), id);
    }
}
