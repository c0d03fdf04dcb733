package dev.wb.commands.sdd;

import dev.wb.commands.plan.CriticalZones;
import dev.wb.commands.plan.Plan;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/** The plan's {@code zones} checked against the zones its files touch (docs/PLAN.md, "Critical zones"). */
final class ZoneFindings {

    private ZoneFindings() {}

    /**
     * The plan's {@code zones} against the zones its files touch. What is plainly wrong — a zone wb
     * does not know, a path the plan does not list — is a structure problem. A disagreement with the
     * computed zones is one too when the plan declares zones (the original's 0.11: {@code zones} must
     * equal them); an empty or absent {@code zones} only draws a notice, because the original's 0.7.0
     * passes such a plan (its own example declares {@code "zones": {}} for a file in billing).
     */
    static void add(
            CriticalZones zones,
            Plan plan,
            Set<String> claimed,
            SortedMap<String, SortedSet<String>> touched,
            List<String> structure,
            List<String> notices) {
        SortedSet<String> known = zones.names();
        List<String> disagreements = plan.zones().isEmpty() ? notices : structure;
        new TreeMap<>(plan.zones()).forEach((zone, paths) -> {
            if (!known.contains(zone)) {
                structure.add("zones." + zone + " is not a critical zone; the zones are " + String.join(", ", known)
                        + " (wb repo zones)");
                return;
            }
            for (String path : paths) {
                if (!claimed.contains(path)) {
                    structure.add("zones." + zone + " lists " + path + ", which files does not list");
                }
            }
            SortedSet<String> expected = touched.get(zone);
            if (expected == null) {
                disagreements.add("zones: " + zone + " is declared, but no listed file touches it");
            } else if (!expected.equals(new TreeSet<>(paths))) {
                disagreements.add("zones: " + zone + " should list " + String.join(", ", expected));
            }
        });
        touched.forEach((zone, paths) -> {
            if (!plan.zones().containsKey(zone)) {
                disagreements.add("zones: " + String.join(", ", paths) + (paths.size() == 1 ? " touches " : " touch ")
                        + zone + ", not declared in zones (wb repo zones " + String.join(" ", paths) + ")");
            }
        });
    }
}
