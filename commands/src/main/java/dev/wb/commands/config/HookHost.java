package dev.wb.commands.config;

import java.util.Optional;

/**
 * The agent hosts {@code wb hooks install} writes hook settings for, each with the one file it writes
 * (docs/HOOKS.md). Here, below the features, because {@code wb impl check}'s scope leaves these files out.
 */
public enum HookHost implements HostFile {
    /** Claude Code: the per-developer project settings, kept out of git (https://code.claude.com/docs/en/hooks). */
    CLAUDE(".claude/settings.local.json"),
    /** Codex: the project's hooks file, read in a trusted project (https://developers.openai.com/codex/hooks). */
    CODEX(".codex/hooks.json"),
    /**
     * GitHub Copilot (CLI and cloud agent): a hooks file of wb's own among {@code .github/hooks/*.json}
     * (https://docs.github.com/en/copilot/reference/hooks-reference).
     */
    COPILOT(".github/hooks/wb.json");

    private final String path;

    HookHost(String path) {
        this.path = path;
    }

    /** The settings file wb writes, relative to the repository's top. */
    @Override
    public String path() {
        return path;
    }

    public static Optional<HookHost> of(String id) {
        return HostFile.named(values(), id);
    }
}
