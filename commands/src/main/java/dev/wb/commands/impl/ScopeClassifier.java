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
            List<String> claimedBy = claimedBy(path.path(), others);
            String change = path.change().name().toLowerCase(Locale.ROOT);
            if (planned) {
                entries.add(new Entry(path.path(), Status.OK, change, List.of(), new TreeSet<>()));
            } else if (!claimedBy.isEmpty()) {
                entries.add(new Entry(path.path(), Status.OTHER, change, claimedBy, new TreeSet<>()));
            } else {
                SortedSet<String> inZones = zones.zonesOf(path.path());
                deviationZones.addAll(inZones);
                entries.add(new Entry(path.path(), Status.DEVIATION, change, List.of(), inZones));
            }
        }
        for (PlannedFile file : mine) {
            List<String> touched =
                    compared.stream().filter(file::covers).sorted().toList();
            if (touched.isEmpty()) {
                entries.add(new Entry(file.path(), Status.PENDING, "", List.of(), new TreeSet<>()));
            }
            entries.addAll(overlaps(file, touched, others));
        }
        entries.sort(Comparator.comparing(Entry::status).thenComparing(Entry::path));
        return new ScopeReport(entries.stream().distinct().toList(), excluded, deviationZones);
    }

    /**
     * The overlaps of one planned file, as the original computes them ({@code planned ∩ claimed}, changed
     * or not): each changed path it covers that another plan claims, or, untouched, the planned path
     * itself when another plan claims it.
     */
    private static List<Entry> overlaps(PlannedFile file, List<String> touched, Map<String, List<PlannedFile>> others) {
        List<String> paths = touched.isEmpty() ? List.of(file.path()) : touched;
        List<Entry> found = new ArrayList<>();
        for (String path : paths) {
            List<String> claimedBy = claimedBy(path, others);
            if (!claimedBy.isEmpty()) {
                found.add(new Entry(path, Status.OVERLAP, "", claimedBy, new TreeSet<>()));
            }
        }
        return found;
    }

    /** The other tasks whose audited plans claim {@code path}, by task key. */
    private static List<String> claimedBy(String path, Map<String, List<PlannedFile>> others) {
        List<String> claimedBy = new ArrayList<>();
        others.forEach((task, files) -> {
            if (files.stream().anyMatch(f -> f.covers(path))) {
                claimedBy.add(task);
            }
        });
        return claimedBy;
    }
}
