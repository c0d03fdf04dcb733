package dev.wb.commands.config;

import java.util.Locale;
import java.util.Optional;

/**
 * The agent hosts {@code wb hooks install} writes hook settings for, each with the one file it writes
 * (docs/HOOKS.md). Here, below the features, because {@code wb impl check}'s scope leaves these files out.
 */
public enum HookHost {
    /** Claude Code: the per-developer project settings, kept out of git (https://code.claude.com/docs/en/hooks). */
    CLAUDE("claude", "Claude Code", ".claude/settings.local.json"),
    /** Codex: the project's hooks file, read in a trusted project (https://developers.openai.com/codex/hooks). */
    CODEX("codex", "Codex", ".codex/hooks.json"),
    /**
     * GitHub Copilot (CLI and cloud agent): a hooks file of wb's own among {@code .github/hooks/*.json}
     * (https://docs.github.com/en/copilot/reference/hooks-reference).
     */
    COPILOT("copilot", "GitHub Copilot", ".github/hooks/wb.json");

    private final String id;
    private final String host;
    private final String path;

    HookHost(String id, String host, String path) {
        this.id = id;
        this.host = host;
        this.path = path;
    }

    /** The name on the command line: {@code claude}, {@code codex}, {@code copilot}. */
    public String id() {
        return id;
    }

    /** The host, for people. */
    public String host() {
        return host;
    }

    /** The settings file wb writes, relative to the repository's top. */
    public String path() {
        return path;
    }

    public static Optional<HookHost> of(String id) {
        String wanted = id.trim().toLowerCase(Locale.ROOT);
        for (HookHost host : values()) {
            if (host.id.equals(wanted)) {
                return Optional.of(host);
            }
        }
        return Optional.empty();
    }
}
