package dev.wb.commands.impl;

import java.util.List;
import java.util.Locale;
import java.util.SortedSet;

/** How each changed path, and each planned but untouched path, relates to the plans. */
public record ScopeReport(List<Entry> entries, List<Excluded> excluded, SortedSet<String> deviationZones) {

    /**
     * A path's standing; the order is the order a report lists them in: the original workbench's
     * ({@code ok}, {@code pending}, {@code other}, {@code overlap}), then wb's {@code deviation} lines,
     * where the original prints its deviations after the list.
     */
    public enum Status {
        /** Changed, and in this plan (whether another plan claims it too or not). */
        OK,
        /** In this plan, untouched so far: a plan may be half done. */
        PENDING,
        /** Not this task's work, but claimed by another audited plan. */
        OTHER,
        /**
         * In this plan and claimed by another audited plan too, changed or not: a second line for a path
         * listed {@code ok} or {@code pending} above.
         */
        OVERLAP,
        /** Changed, and not accounted for by any audited plan: exit 7. */
        DEVIATION;

        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One path of the report and its status.
     *
     * @param tasks the other tasks whose audited plans claim the path
     * @param zones the critical zones a deviating path lies in
     * @param change how the path changed (empty for a pending one)
     */
    public record Entry(String path, Status status, String change, List<String> tasks, SortedSet<String> zones) {}

    public record Excluded(String path, String reason) {}

    public ScopeReport {
        entries = List.copyOf(entries);
        excluded = List.copyOf(excluded);
    }

    public boolean deviates() {
        return entries.stream().anyMatch(e -> e.status() == Status.DEVIATION);
    }

    public long count(Status status) {
        return entries.stream().filter(e -> e.status() == status).count();
    }
}
