package dev.wb.commands.hooks;

import com.google.common.base.Splitter;
import dev.wb.commands.config.AgentSkill;

/**
 * Copilot's one instructions file of wb's ({@code .github/instructions/wb.instructions.md}, {@code applyTo}
 * every path): each skill of the plugin as a section, its headings one level down, in the path's order.
 */
final class CopilotInstructions {

    private CopilotInstructions() {}

    static String of(String mark) {
        StringBuilder text = new StringBuilder()
                .append("---\n")
                .append("applyTo: \"**\"\n")
                .append("description: \"wb's path from a ticket to a pull request: the wb commands each step may run,")
                .append(" and what it must never do\"\n")
                .append("---\n")
                .append(mark)
                .append("\n# wb: from a ticket to a pull request\n\n")
                .append("This repository is guarded by wb. Each section below is one step of the path, with the wb")
                .append(" commands it may run (wb on PATH) and what it must never do. Pick the section for the step")
                .append(" at hand; `wb next` names it.\n");
        for (AgentSkill skill : AgentSkill.values()) {
            text.append('\n').append(section(skill.id(), HostSkills.text(skill)));
        }
        return text.toString();
    }

    /** One skill: its name as a heading, its description, then its body with every heading one level down. */
    static String section(String name, String skill) {
        int end = skill.indexOf("\n---\n", 4);
        String description = "";
        for (String line : Splitter.on('\n').split(skill.substring(4, end))) {
            if (line.startsWith("description: ")) {
                description = line.substring("description: ".length()).replaceAll("^\"|\"$", "");
            }
        }
        StringBuilder out = new StringBuilder("## ")
                .append(name)
                .append("\n\n")
                .append(description)
                .append('\n');
        for (String line : Splitter.on('\n').split(skill.substring(end + 5))) {
            if (line.startsWith("# ")) {
                continue;
            }
            out.append(line.startsWith("#") ? "#" + line : line).append('\n');
        }
        return out.toString().replaceAll("\n{3,}", "\n\n");
    }
}
