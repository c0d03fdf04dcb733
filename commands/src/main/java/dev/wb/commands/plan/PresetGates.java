package dev.wb.commands.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The quality gates each preset holds a change to, in the original workbench's words ({@code profile.FLOOR}
 * and {@code PRESET_GATES}): the floor for every preset, and each preset's own on top of it, never lowering
 * it. One table for {@code wb sdd gates} and {@code wb review context}.
 */
public final class PresetGates {

    /** Every preset, prototype included. */
    public static final List<String> FLOOR = List.of(
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

    private PresetGates() {}

    /** The preset's own gates; none for an empty or unknown preset. */
    public static List<String> of(String preset) {
        return PRESET_GATES.getOrDefault(preset, List.of());
    }

    /** The floor, then the preset's own gates. */
    public static List<String> withFloor(String preset) {
        List<String> lines = new ArrayList<>(FLOOR);
        lines.addAll(of(preset));
        return List.copyOf(lines);
    }

    /** The presets the table knows. */
    public static List<String> presets() {
        return List.copyOf(PRESET_GATES.keySet());
    }
}
