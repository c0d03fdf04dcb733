package dev.wb.commands.config;

import dev.wb.commands.base.Failure;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Model identifiers, checked by shape only, never against a list: a list would go stale with every
 * provider release and make a new model unusable until wb knew it. An unfamiliar shape is a warning and
 * the value is still written; only what can never be a model name (empty, control characters) is refused.
 */
public final class JudgeAgentModels {

    /** Claude Code: an alias, or an Anthropic model id such as {@code claude-sonnet-4-5-20250929}. */
    private static final Pattern CLAUDE =
            Pattern.compile("(opus|sonnet|haiku|inherit)|claude-[a-z0-9][a-z0-9.-]*(\\[1m\\])?");

    /** Codex: an OpenAI model id such as {@code gpt-5-codex}, {@code o4-mini} or {@code codex-mini-latest}. */
    private static final Pattern CODEX =
            Pattern.compile("(gpt-[a-z0-9][a-z0-9.-]*|o[0-9][a-z0-9.-]*|codex-[a-z0-9][a-z0-9.-]*)");

    /** Copilot: a model's display name, spaces allowed ({@code Claude Sonnet 4.5}, {@code GPT-5 (copilot)}) or an id. */
    private static final Pattern COPILOT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9 ._()+:/-]{0,99}");

    private JudgeAgentModels() {}

    /**
     * Refuses what is never a model name (exit 2): blank, surrounding white space, control or line-separator
     * characters, more than 200 characters.
     */
    public static String require(JudgeAgentTarget target, String value) {
        if (value == null || value.isBlank()) {
            throw Failure.usage(
                    "the model for " + target.id() + " is empty", "give a model identifier, like " + example(target));
        }
        if (!value.strip().equals(value)) {
            throw Failure.usage(
                    "the model for " + target.id() + " starts or ends with white space: \"" + value + "\"",
                    "wb config set agents.judge.model." + target.id() + " \"" + value.strip() + "\"");
        }
        if (value.length() > 200 || value.codePoints().anyMatch(JudgeAgentModels::control)) {
            throw Failure.usage(
                    "the model for " + target.id() + " holds control or line-break characters, or is longer"
                            + " than 200 characters: no model is named like that",
                    "give a model identifier, like " + example(target));
        }
        return value;
    }

    /** A warning when the value does not look like the host's identifiers; empty when it does. */
    public static Optional<String> unfamiliar(JudgeAgentTarget target, String value) {
        Pattern shape = switch (target) {
            case CLAUDE -> CLAUDE;
            case COPILOT -> COPILOT;
            case CODEX -> CODEX;
        };
        if (shape.matcher(value).matches()) {
            return Optional.empty();
        }
        return Optional.of("\"" + value + "\" does not look like a " + target.host() + " model identifier ("
                + expected(target) + "); it is written as given, and " + target.host()
                + " decides whether it knows it");
    }

    private static String expected(JudgeAgentTarget target) {
        return switch (target) {
            case CLAUDE -> "an alias opus, sonnet, haiku or inherit, or an id like claude-sonnet-4-5";
            case COPILOT -> "a model's display name like \"Claude Sonnet 4.5\" or \"GPT-5\"";
            case CODEX -> "an id like gpt-5-codex, o4-mini or codex-mini-latest";
        };
    }

    public static String example(JudgeAgentTarget target) {
        return switch (target) {
            case CLAUDE -> "sonnet or claude-sonnet-4-5";
            case COPILOT -> "\"Claude Sonnet 4.5\"";
            case CODEX -> "gpt-5-codex";
        };
    }

    private static boolean control(int c) {
        return Character.isISOControl(c) || c == 0x2028 || c == 0x2029 || c == 0xFEFF;
    }
}
