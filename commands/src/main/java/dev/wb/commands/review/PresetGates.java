package dev.wb.commands.review;

import java.util.List;
import java.util.Map;

/** Each preset's own gates, on top of the floor (the original's {@code profile.PRESET_GATES}, its words). */
final class PresetGates {

    private static final Map<String, List<String>> GATES = Map.of(
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

    /** The preset's gates; none for an empty or unknown preset. */
    static List<String> of(String preset) {
        return GATES.getOrDefault(preset, List.of());
    }
}
