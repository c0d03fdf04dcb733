package dev.wb.commands.config;

import com.google.common.collect.ImmutableList;
import java.util.Arrays;

/**
 * The skills of wb's path from a ticket to a pull request, one per step (docs/AGENTS.md): the Claude Code plugin
 * ships them from {@code plugin/skills/NAME/SKILL.md}, and {@code wb hooks install codex|copilot} writes the same
 * text where Codex and Copilot read theirs. Here, below the features, because {@code wb impl check}'s scope
 * leaves the files wb writes out.
 */
public enum AgentSkill {
    TRIAGE_TASK("triage-task"),
    PLAN_CHANGE("plan-change"),
    IMPLEMENT_CHANGE("implement-change"),
    REVIEW_DIFF("review-diff"),
    WRITE_COMMIT("write-commit"),
    DRAFT_PR("draft-pr"),
    ADDRESS_REVIEW("address-review"),
    WRITE_HANDOVER("write-handover"),
    FRAME_PRODUCT("frame-product"),
    TRACE_INCIDENT("trace-incident");

    /** Codex's repository skills: one folder per skill (https://developers.openai.com/codex/skills). */
    public static final String CODEX_FOLDER = ".agents/skills/";

    /** Copilot's repository instructions, a file of wb's own beside the team's (applyTo every path). */
    public static final String COPILOT_FILE = ".github/instructions/wb.instructions.md";

    private final String id;

    AgentSkill(String id) {
        this.id = id;
    }

    /** The skill's name: its folder, and {@code name:} in its front matter. */
    public String id() {
        return id;
    }

    /** The file {@code wb hooks install codex} writes for this skill, relative to the repository's top. */
    public String codexPath() {
        return CODEX_FOLDER + id + "/SKILL.md";
    }

    /** Every file {@code wb hooks install HOST} writes for the skills: none for Claude Code (its plugin has them). */
    public static ImmutableList<String> paths(HookHost host) {
        return switch (host) {
            case CLAUDE -> ImmutableList.of();
            case CODEX -> Arrays.stream(values()).map(AgentSkill::codexPath).collect(ImmutableList.toImmutableList());
            case COPILOT -> ImmutableList.of(COPILOT_FILE);
        };
    }
}
