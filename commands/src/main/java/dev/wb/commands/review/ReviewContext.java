package dev.wb.commands.review;

import dev.wb.commands.Session;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.PresetBar;
import dev.wb.commands.plan.PresetGates;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;

/**
 * {@code wb review context}: the computed half of a review. What changed, which critical zones it
 * touches, which sources changed with no test alongside, and the gates that apply at the preset the
 * change is held to. A read: it records nothing.
 *
 * @param preset the strictest preset config.json holds a changed path to ({@code preset}, {@code
 *     preset_paths}); empty when config.json records none
 * @param zones each critical zone touched, with the changed paths in it
 * @param untested sources that changed with no test changing alongside (a heuristic, by file name)
 * @param gates the floor, then the preset's own gates
 */
public record ReviewContext(
        ReviewDiff diff,
        String preset,
        SortedMap<String, SortedSet<String>> zones,
        List<String> untested,
        List<String> gates) {

    /** The floor: every preset, prototype included, is held to these (the original's words). */
    public static final List<String> FLOOR = PresetGates.FLOOR;

    public ReviewContext {
        untested = List.copyOf(untested);
        gates = List.copyOf(gates);
    }

    public static ReviewContext read(Session session, ReviewDiff.Request request) {
        ReviewDiff diff = ReviewDiff.read(session, request);
        WorkspaceConfig config = WorkspaceConfig.load(session.workspace());
        CriticalZones zones = CriticalZones.with(config.criticalZones());
        String preset = strictest(config.presets(), diff.changed());
        List<String> gates = PresetGates.withFloor(preset);
        return new ReviewContext(diff, preset, zones.touched(diff.changed()), untested(diff.changed()), gates);
    }

    /** The highest preset any changed path is held to; the recorded preset when no rule matches. */
    static String strictest(WorkspaceConfig.Presets presets, List<String> changed) {
        PresetBar bar = presets.bar();
        Optional<String> recorded = presets.preset();
        String strictest = recorded.orElse("");
        for (String path : changed) {
            Optional<String> held = bar.presetOf(path).or(() -> recorded);
            if (held.isPresent() && PresetBar.PRESETS.indexOf(held.get()) > PresetBar.PRESETS.indexOf(strictest)) {
                strictest = held.get();
            }
        }
        return strictest;
    }

    /**
     * Sources that changed with no test changing alongside: a source counts as tested when its file
     * stem is one of the words of a changed test's name ({@code id.py} is not covered by
     * {@code test_validator.py}).
     */
    static List<String> untested(List<String> changed) {
        Set<String> covered = new HashSet<>();
        for (String path : changed) {
            if (Paths.isTest(path)) {
                for (String token : Paths.name(path).toLowerCase(Locale.ROOT).split("[^a-z0-9]+", -1)) {
                    if (!token.isEmpty()) {
                        covered.add(token);
                    }
                }
            }
        }
        List<String> missing = new ArrayList<>();
        for (String path : changed) {
            String stem = Paths.stem(path);
            if (Paths.isSource(path) && !(!stem.isEmpty() && covered.contains(stem))) {
                missing.add(path);
            }
        }
        return missing;
    }

    /** Whether a path is a test, by the original's rule (for the text output's marker). */
    public static boolean isTest(String path) {
        return Paths.isTest(path);
    }
}
