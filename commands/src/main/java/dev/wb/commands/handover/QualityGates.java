package dev.wb.commands.handover;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.plan.PlanSection;
import dev.wb.commands.plan.PresetBar;
import dev.wb.commands.plan.PresetGates;
import dev.wb.engine.TaskKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code wb sdd gates}: the quality gates a preset holds a change to, as lines (the original's
 * {@code profile.FLOOR} and {@code PRESET_GATES}, word for word). The floor applies to every preset;
 * a preset adds to it and never lowers it. Read-only.
 */
public final class QualityGates {

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
        return new Gates(preset, PresetGates.withFloor(preset));
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
