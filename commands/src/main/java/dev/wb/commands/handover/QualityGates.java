package dev.wb.commands.handover;

import dev.wb.commands.Failure;
import dev.wb.commands.Workspace;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.plan.PlanSection;
import dev.wb.commands.plan.PresetBar;
import dev.wb.engine.TaskKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb sdd gates}: the quality gates a preset holds a change to, as lines (the original's
 * {@code profile.FLOOR} and {@code PRESET_GATES}, word for word). The floor applies to every preset;
 * a preset adds to it and never lowers it. Read-only.
 */
public final class QualityGates {

    /** Every preset, prototype included. */
    static final List<String> FLOOR = List.of(
            "unit test for every changed or added logic branch",
            "every bug fix lands with a regression test that fails without it",
            "no error swallowed silently; preserve the cause",
            "no secret in code or in a committed file",
            "state a rollback path before implementing");

    static final Map<String, List<String>> PRESET_GATES = Map.of(
            "prototype",
            List.of(
                    "prefer reversible over robust; no infrastructure that outlives the experiment",
                    "no new dependency without a one-line justification"),
            "solo-saas",
            List.of(
                    "operating budget is one person: managed over self-hosted, nothing that needs on-call tuning",
                    "money paths (billing, quota, plan limits, trials) are tested to critical-infrastructure rigour",
                    "state the product effect: which metric moves, cost per user, pricing impact, who asked",
                    "support cost is a design criterion; a feature that generates recurring tickets is rejected",
                    "anything user-facing ships behind a flag or with a one-step rollback"),
            "startup",
            List.of(
                    "no new dependency or service without a stated owner",
                    "state the product effect: which metric moves, who asked",
                    "user-facing changes ship behind a flag or with a one-step rollback"),
            "scaleup",
            List.of(
                    "migrations are ordered and reversible; read and write paths stay compatible during rollout",
                    "changes land behind a feature flag with a staged rollout",
                    "state the blast radius: which services and teams consume this"),
            "enterprise",
            List.of(
                    "backwards compatibility for every consumer of a changed contract; deprecate, do not break",
                    "migrations ordered and reversible; expand-migrate-contract, never a breaking single step",
                    "rollout plan with stages and abort criteria; runbook entry for anything on-call may see",
                    "state the blast radius across services and owning teams",
                    "changes to critical zones need a named reviewer from the owning team"));

    /** The preset the original falls back to when nothing names one (its detection on an empty repository). */
    static final String FALLBACK = "prototype";

    /** The preset and its gates, floor first. */
    public record Gates(String preset, List<String> lines) {
        public Gates {
            lines = List.copyOf(lines);
        }

        /** {@code preset P} and a {@code   - gate} line each, as the original prints them. */
        public List<String> text() {
            List<String> out = new ArrayList<>();
            out.add("preset " + preset);
            lines.forEach(line -> out.add("  - " + line));
            return out;
        }
    }

    private QualityGates() {}

    /** The gates of a preset: exit 2 for one that is not one of the five. */
    public static Gates of(String preset) {
        if (!PresetBar.known(preset)) {
            throw Failure.usage(
                    "unknown preset: " + preset, "presets, weakest bar first: " + String.join(", ", PresetBar.PRESETS));
        }
        List<String> lines = new ArrayList<>(FLOOR);
        lines.addAll(PRESET_GATES.get(preset));
        return new Gates(preset, lines);
    }

    /**
     * The gates that apply here: {@code --preset} when given, else the preset {@code .workflow/config.json}
     * records, else {@link #FALLBACK}.
     */
    public static Gates resolve(Workspace workspace, Optional<String> preset) {
        if (preset.isPresent()) {
            return of(preset.get());
        }
        return of(recorded(workspace).orElse(FALLBACK));
    }

    /**
     * The gates a task's plan is held to: the preset sdd.json declares, or the one config.json records
     * when that is stricter or the plan declares none of the five (exit 6 without a plan).
     */
    public static Gates forPlan(Workspace workspace, TaskKey key) {
        String declared = PlanSection.document(workspace, key).path("preset").asText("");
        Optional<String> recorded = recorded(workspace);
        if (!PresetBar.known(declared)) {
            return of(recorded.orElse(FALLBACK));
        }
        boolean stricter =
                recorded.isPresent() && PresetBar.PRESETS.indexOf(recorded.get()) > PresetBar.PRESETS.indexOf(declared);
        return of(stricter ? recorded.get() : declared);
    }

    private static Optional<String> recorded(Workspace workspace) {
        return WorkspaceConfig.load(workspace).presets().preset().filter(PresetBar::known);
    }
}
