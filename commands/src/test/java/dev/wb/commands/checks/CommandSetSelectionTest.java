package dev.wb.commands.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.config.WorkspaceConfig.CommandSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which command sets a diff selects, and why: the seed's selection rules, storage-free. */
class CommandSetSelectionTest {

    static CommandSet set(String name, String... paths) {
        return new CommandSet(name, List.of(List.of("true")), List.of(paths), Optional.empty(), false);
    }

    static List<String> names(List<CommandSetSelection.Selected> selected) {
        return selected.stream().map(s -> s.set().name()).toList();
    }

    @ParameterizedTest(name = "{0} matches {1}: {2}")
    @CsvSource({
        "web/**, web/src/app.ts, true",
        "web/**, web/index.html, true",
        "web/**, webapp/index.html, false",
        "web/**, web, false",
        "**/*.py, app.py, true",
        "**/*.py, src/deep/er/app.py, true",
        "**/*.py, src/app.pyc, false",
        "src/*.py, src/app.py, true",
        "src/*.py, src/pkg/app.py, false",
        "src/?.py, src/a.py, true",
        "src/?.py, src/ab.py, false",
        "src/?.py, src//.py, false",
        "Makefile, Makefile, true",
        "Makefile, tools/Makefile, false",
        "docs/README.md, docs/README.md, true",
        "docs/README.md, docs/README_md, false",
        "**, anything/at/all.txt, true",
        "ios/**/*.swift, ios/App/View.swift, true",
        "ios/**/*.swift, ios/View.swift, true",
    })
    void a_glob_matches_the_whole_path(String glob, String path, boolean matches) {
        assertEquals(matches, PathGlob.of(glob).matches(path));
    }

    @Test
    void overlapping_globs_select_the_union_each_set_once_with_the_first_path_it_matched() {
        List<CommandSet> sets =
                List.of(set("python", "**/*.py"), set("src", "src/*"), set("single", "src/?.py"), set("ios", "ios/**"));

        List<CommandSetSelection.Selected> selected =
                CommandSetSelection.select(sets, List.of("README.md", "src/a.py", "src/app.py", "tools/x.py"));

        assertEquals(List.of("python", "src", "single"), names(selected));
        assertEquals(
                List.of("src/a.py", "src/a.py", "src/a.py"),
                selected.stream().map(CommandSetSelection.Selected::reason).toList());
        assertEquals(Optional.of("**/*.py"), selected.get(0).glob());
    }

    @Test
    void a_set_with_several_globs_names_the_first_changed_path_any_of_them_matched() {
        List<CommandSetSelection.Selected> selected = CommandSetSelection.select(
                List.of(set("web", "web/**", "package.json")), List.of("package.json", "web/a.ts"));

        assertEquals("package.json", selected.get(0).reason());
        assertEquals(Optional.of("package.json"), selected.get(0).glob());
    }

    @Test
    void a_set_without_paths_always_runs_on_a_non_empty_diff() {
        List<CommandSetSelection.Selected> selected =
                CommandSetSelection.select(List.of(set("repo"), set("ios", "ios/**")), List.of("README.md"));

        assertEquals(List.of("repo"), names(selected));
        assertEquals(CommandSetSelection.ALWAYS, selected.get(0).reason());
    }

    @Test
    void an_empty_diff_runs_nothing_not_even_a_catch_all_set() {
        assertTrue(CommandSetSelection.select(List.of(set("repo"), set("web", "**")), List.of())
                .isEmpty());
    }

    @Test
    void a_changed_path_no_set_claims_selects_no_set_on_its_account() {
        List<CommandSetSelection.Selected> selected = CommandSetSelection.select(
                List.of(set("web", "web/**"), set("ios", "ios/**")), List.of("docs/guide.md", "ios/App.swift"));

        assertEquals(List.of("ios"), names(selected), "docs/guide.md selects nothing");
    }

    @Test
    void a_set_order_is_the_config_order_not_the_order_paths_matched() {
        List<CommandSetSelection.Selected> selected =
                CommandSetSelection.select(List.of(set("z", "z/**"), set("a", "a/**")), List.of("a/1", "z/1"));

        assertEquals(List.of("z", "a"), names(selected));
    }
}
