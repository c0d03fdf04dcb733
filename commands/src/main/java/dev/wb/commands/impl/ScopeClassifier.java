package dev.wb.commands.impl;

import dev.wb.commands.impl.ScopeReport.Entry;
import dev.wb.commands.impl.ScopeReport.Excluded;
import dev.wb.commands.impl.ScopeReport.Status;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.git.ChangedPath;
import dev.wb.projections.events.PlannedFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The scope rules of {@code wb impl check}, pure: changed paths in, each path's status out. Only
 * audited plans account for paths — the callers pass claims from passing audits only — because a
 * plan nobody verified would otherwise silence the guard by listing a path.
 */
public final class ScopeClassifier {

    private ScopeClassifier() {}

    /**
     * Classifies each changed path against this task's audited files and every other task's.
     *
     * @param mine this task's audited files
     * @param others every other task's audited files, by task key
     */
    public static ScopeReport classify(
            List<ChangedPath> changed,
            List<PlannedFile> mine,
            Map<String, List<PlannedFile>> others,
            CriticalZones zones) {
        List<Entry> entries = new ArrayList<>();
        List<Excluded> excluded = new ArrayList<>();
        SortedSet<String> deviationZones = new TreeSet<>();
        List<String> compared = new ArrayList<>();
        for (ChangedPath path : changed) {
            String reason = ScopeExclusions.reason(path.path());
            if (reason != null) {
                excluded.add(new Excluded(path.path(), reason));
                continue;
            }
            compared.add(path.path());
            boolean planned = mine.stream().anyMatch(f -> f.covers(path.path()));
            List<String> claimedBy = new ArrayList<>();
            others.forEach((task, files) -> {
                if (files.stream().anyMatch(f -> f.covers(path.path()))) {
                    claimedBy.add(task);
                }
            });
            String change = path.change().name().toLowerCase(Locale.ROOT);
            if (planned) {
                entries.add(new Entry(
                        path.path(),
                        claimedBy.isEmpty() ? Status.OK : Status.OVERLAP,
                        change,
                        claimedBy,
                        new TreeSet<>()));
            } else if (!claimedBy.isEmpty()) {
                entries.add(new Entry(path.path(), Status.OTHER, change, claimedBy, new TreeSet<>()));
            } else {
                SortedSet<String> inZones = zones.zonesOf(path.path());
                deviationZones.addAll(inZones);
                entries.add(new Entry(path.path(), Status.DEVIATION, change, List.of(), inZones));
            }
        }
        for (PlannedFile file : mine) {
            boolean touched = compared.stream().anyMatch(file::covers);
            if (!touched) {
                entries.add(new Entry(file.path(), Status.PENDING, "", List.of(), new TreeSet<>()));
            }
        }
        entries.sort(Comparator.comparing(Entry::status).thenComparing(Entry::path));
        return new ScopeReport(entries, excluded, deviationZones);
    }
}
