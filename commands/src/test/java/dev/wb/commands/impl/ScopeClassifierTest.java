package dev.wb.commands.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.impl.ScopeReport.Entry;
import dev.wb.commands.impl.ScopeReport.Status;
import dev.wb.commands.plan.CriticalZones;
import dev.wb.git.Change;
import dev.wb.git.ChangedPath;
import dev.wb.projections.events.PlannedFile;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ScopeClassifierTest {

    static PlannedFile edit(String path) {
        return new PlannedFile(path, "edit", Optional.empty());
    }

    static ChangedPath modified(String path) {
        return new ChangedPath(path, Change.MODIFIED);
    }

    static Entry entry(ScopeReport report, String path) {
        return report.entries().stream()
                .filter(e -> e.path().equals(path))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void each_path_is_ok_pending_other_overlap_or_a_deviation() {
        Map<String, List<PlannedFile>> others = new TreeMap<>();
        others.put("ABC-13", List.of(edit("lib/util.py"), edit("src/shared.py")));
        others.put("ABC-14", List.of(edit("src/shared.py")));

        ScopeReport report = ScopeClassifier.classify(
                List.of(
                        modified("src/app.py"),
                        modified("lib/util.py"),
                        modified("src/shared.py"),
                        new ChangedPath("src/auth/session.py", Change.UNTRACKED)),
                List.of(
                        edit("src/app.py"),
                        edit("src/shared.py"),
                        new PlannedFile("src/new.py", "add", Optional.empty())),
                others,
                CriticalZones.defaultZones());

        assertEquals(Status.OK, entry(report, "src/app.py").status());
        assertEquals(Status.PENDING, entry(report, "src/new.py").status());
        assertEquals(Status.OTHER, entry(report, "lib/util.py").status());
        assertEquals(List.of("ABC-13"), entry(report, "lib/util.py").tasks());
        assertEquals(Status.OK, entry(report, "src/shared.py").status());
        Entry overlap = report.entries().stream()
                .filter(e -> e.status() == Status.OVERLAP)
                .findFirst()
                .orElseThrow();
        assertEquals("src/shared.py", overlap.path());
        assertEquals(List.of("ABC-13", "ABC-14"), overlap.tasks());
        assertEquals(Status.DEVIATION, entry(report, "src/auth/session.py").status());
        assertEquals(Set.of("auth"), entry(report, "src/auth/session.py").zones());
        assertEquals(Set.of("auth"), report.deviationZones());
        assertTrue(report.deviates());
        assertEquals(
                List.of(Status.OK, Status.OK, Status.PENDING, Status.OTHER, Status.OVERLAP, Status.DEVIATION),
                report.entries().stream().map(Entry::status).toList(),
                "the original's order (ok, pending, other, overlap), then the deviations");
    }

    @Test
    void an_untouched_planned_path_another_audited_plan_claims_is_pending_and_an_overlap() {
        ScopeReport report = ScopeClassifier.classify(
                List.of(modified("src/app.py")),
                List.of(edit("src/app.py"), edit("src/shared.py")),
                Map.of("ABC-2", List.of(edit("src/shared.py"))),
                CriticalZones.defaultZones());

        assertEquals(
                List.of(
                        new Entry("src/app.py", Status.OK, "modified", List.of(), new TreeSet<>()),
                        new Entry("src/shared.py", Status.PENDING, "", List.of(), new TreeSet<>()),
                        new Entry("src/shared.py", Status.OVERLAP, "", List.of("ABC-2"), new TreeSet<>())),
                report.entries());
        assertFalse(report.deviates());
    }

    @Test
    void a_half_done_plan_is_not_a_deviation() {
        ScopeReport report = ScopeClassifier.classify(
                List.of(modified("a.py")), List.of(edit("a.py"), edit("b.py")), Map.of(), CriticalZones.defaultZones());

        assertFalse(report.deviates());
        assertEquals(1, report.count(Status.PENDING));
    }

    @Test
    void a_folder_entry_claims_everything_under_it_and_a_rename_claims_both_paths() {
        ScopeReport report = ScopeClassifier.classify(
                List.of(
                        new ChangedPath("pkg/new/a.py", Change.UNTRACKED),
                        new ChangedPath("old.py", Change.DELETED),
                        new ChangedPath("new.py", Change.UNTRACKED)),
                List.of(
                        new PlannedFile("pkg/new/", "add", Optional.empty()),
                        new PlannedFile("old.py", "rename", Optional.of("new.py"))),
                Map.of(),
                CriticalZones.defaultZones());

        assertFalse(report.deviates(), report::toString);
        assertEquals(3, report.count(Status.OK));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                ".workflow/ABC-12/sdd.json",
                ".github/workflows/wb.yml",
                ".gitlab/wb-ci.yml",
                "src/__pycache__/app.cpython-312.pyc",
                "node_modules/x/index.js",
                "web/dist/app.js",
                "src/build/x.py",
                "target/classes/A.class",
                "coverage/lcov.info",
                "lib/app.pyc",
                "pkg/foo.egg-info/PKG-INFO",
                "lib/x.so",
                "web/app.js.map",
                "poetry.lock.tmp",
                "venv/lib/site.py"
            })
    void wb_files_and_generated_output_are_excluded_everywhere(String path) {
        ScopeReport report = ScopeClassifier.classify(
                List.of(new ChangedPath(path, Change.UNTRACKED)), List.of(), Map.of(), CriticalZones.defaultZones());

        assertFalse(report.deviates());
        assertEquals(path, report.excluded().get(0).path());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "src/distance.py",
                "builder.py",
                "src/targets.py",
                "docs/coverage.md",
                "distribution/x.txt",
                "src/rebuild/x.py",
                "prebuild/x.py",
                "mydist/x.py",
                "src/venvs.py",
                ".gitlab-ci.yml",
                ".gitlab/other.yml"
            })
    void exclusions_match_whole_segments_only(String path) {
        assertNull(ScopeExclusions.reason(path));
    }

    @Test
    void source_under_a_folder_whose_name_only_contains_build_is_compared_where_the_original_drops_it() {
        ScopeReport report = ScopeClassifier.classify(
                List.of(modified("src/rebuild/x.py"), modified("src/build/x.py"), modified("lib/x.so")),
                List.of(),
                Map.of(),
                CriticalZones.defaultZones());

        assertEquals(
                List.of("src/rebuild/x.py"),
                report.entries().stream().map(Entry::path).toList());
        assertEquals(Status.DEVIATION, entry(report, "src/rebuild/x.py").status(), "counted: a change to hide");
        assertEquals(
                List.of("src/build/x.py", "lib/x.so"),
                report.excluded().stream().map(ScopeReport.Excluded::path).toList());
    }
}
