package dev.wb.commands.preflight;

import static dev.wb.commands.preflight.PreflightHarness.LINUX_WITH_HELPERS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.gitrun.InfoExclude;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import dev.wb.testkit.FakeProviders.Login;
import dev.wb.testkit.FakeProviders.PaidProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Regressions of {@code assigned-paths} found in review: secret values shown and turned into exclude
 * rules, source folders hidden from the scope check, URLs split into junk rules, denied globs missed,
 * and values that crashed preflight. Each runs against a real repository and the real exclude file.
 */
class AssignedPathsTest {

    @TempDir
    Path tmp;

    private PreflightHarness harness(String security) {
        return new PreflightHarness(tmp)
                .config("{\"security\": " + security + "}")
                .claude(Login.LOGGED_IN, PaidProbe.ENFORCE);
    }

    private static List<PreflightLine> assigned(PreflightReport report) {
        return report.lines().stream()
                .filter(l -> l.subject().equals("assigned-paths"))
                .toList();
    }

    private String exclude(PreflightHarness h) throws IOException {
        Path file = InfoExclude.file(h.repo.resolve(".git"));
        return Files.exists(file) ? Files.readString(file) : "";
    }

    /** The check itself, for values config.json now refuses at load but preflight must still survive. */
    private List<PreflightLine> direct(PreflightHarness h, Map<String, String> extra, List<String> denied) {
        WorkspaceConfig.Security security =
                new WorkspaceConfig.Security(true, true, false, List.of(), extra, denied, List.of());
        Path root = h.repo.root();
        return AssignedPathsCheck.lines(
                security, root, root.resolve(".workflow"), GitControl.of(root), Optional.empty(), h.env);
    }

    @Test
    void secret_named_values_are_never_shown_recorded_or_turned_into_exclude_rules() throws IOException {
        PreflightHarness h = harness("{\"strict_isolation\": true, \"extra_environment\": {\"NPM_TOKEN\":"
                + " \"npm_AbCd/123secret\", \"DB_PASSWORD\": \"/etc/p4ssw0rd-value\", \"CACHE\": \".cache/tools\"}}");
        Files.createDirectories(h.repo.resolve(".cache/tools"));
        PreflightReport report = h.run(LINUX_WITH_HELPERS);

        String json = report.toJson().toString();
        assertFalse(json.contains("123secret") || json.contains("npm_AbCd"), json);
        assertFalse(json.contains("p4ssw0rd"), json);
        assertFalse(exclude(h).contains("npm_AbCd"), exclude(h));
        assertEquals(
                List.of("assigned-paths: OK — 1 path(s) resolved; 1 .git/info/exclude rule(s) present (1 added:"
                        + " /.cache/tools/)"),
                assigned(report).stream().map(PreflightLine::text).toList());
    }

    @Test
    void secret_named_extra_environment_values_are_known_to_the_redactor() {
        PreflightHarness h = harness(
                "{\"extra_environment\": {\"DEPLOY_PASSWORD\": \"hunter2-but-longer\"," + " \"LANG\": \"C.UTF-8\"}}");
        WorkspaceConfig config = WorkspaceConfig.load(new Workspace(h.repo.root()));
        String redacted =
                Preflight.redactor(config, Map.of(), Map.of()).redact("probe said hunter2-but-longer; C.UTF-8");
        assertEquals("probe said [redacted]; C.UTF-8", redacted);
    }

    @Test
    void a_folder_git_tracks_is_source_and_gets_a_warning_not_an_exclude_rule() throws IOException {
        PreflightHarness h = harness("{\"extra_environment\": {\"PYTHONPATH\": \"./src\"}}");
        h.repo.write("src/app.py", "print('hi')\n");
        h.repo.commitAll("source");

        PreflightReport report = h.run(LINUX_WITH_HELPERS);

        PreflightLine warn = assigned(report).get(0);
        assertEquals(LineVerdict.WARN, warn.verdict(), warn.text());
        assertEquals(
                "assigned-paths: WARN — PYTHONPATH resolves to "
                        + h.repo.root().toRealPath().resolve("src")
                        + ", which holds files git tracks; no .git/info/exclude rule added (only a folder that is not source"
                        + " is kept out of diffs)",
                warn.text());
        assertFalse(exclude(h).contains("/src/"), exclude(h));
        h.repo.write("src/evil.py", "x\n");
        assertTrue(
                h.repo.git("status", "--porcelain", "--untracked-files=all").contains("src/evil.py"),
                "the scope check still sees a new file in the folder");
    }

    @Test
    void a_folder_a_plan_names_is_source_too() throws IOException {
        PreflightHarness h = harness("{\"extra_environment\": {\"GEN_OUT\": \"./gen\"}}");
        h.repo.write(
                ".workflow/ABC-1/sdd.json",
                "{\"schema\": 1, \"key\": \"ABC-1\", \"objective\": \"o\","
                        + " \"files\": [{\"path\": \"gen/out.py\", \"change\": \"add\"}]}");

        PreflightLine warn = assigned(h.run(LINUX_WITH_HELPERS)).get(0);

        assertEquals(LineVerdict.WARN, warn.verdict(), warn.text());
        assertTrue(
                warn.text().contains("GEN_OUT resolves to ")
                        && warn.text().contains("which holds files a plan" + " names; no .git/info/exclude rule added"),
                warn.text());
        assertFalse(exclude(h).contains("/gen/"), exclude(h));
    }

    @Test
    void urls_are_not_split_into_junk_rules() throws IOException {
        PreflightHarness h =
                harness("{\"extra_environment\": {\"DATABASE_URL\": \"postgres://app@db.internal:5432/app\","
                        + " \"REDIS\": \"db.internal:6379/0\"}}");
        assertEquals(
                "assigned-paths: SKIP (no path values assigned)",
                assigned(h.run(LINUX_WITH_HELPERS)).get(0).text());
        assertFalse(exclude(h).contains("5432"), exclude(h));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "./src:lib/x|./src,lib/x",
                "postgres://u:p@h:5432/db|",
                "https://example.com/x|",
                "git@github.com:o/r|",
                "db:6379/0|",
                "/opt/dotnet|/opt/dotnet",
                "~/cache|~/cache",
                "C|",
                "./a:https://b/c|"
            })
    void the_path_values_of_an_assignment(String value, String paths) {
        assertEquals(paths == null ? List.of() : List.of(paths.split(",")), AssignedPathsCheck.paths(value));
    }

    @Test
    void a_path_containing_every_match_of_a_denied_glob_fails() {
        PreflightHarness h = harness(
                "{\"extra_environment\": {\"CACHE\": \"./secrets\"}, \"denied_read_paths\":" + " [\"secrets/**\"]}");
        List<PreflightLine> lines = assigned(h.run(LINUX_WITH_HELPERS));
        assertEquals(LineVerdict.FAIL, lines.get(0).verdict(), lines.toString());
        assertTrue(
                lines.get(0).text().contains("CACHE resolves to ")
                        && lines.get(0).text().contains("overlaps" + " security.denied_read_paths secrets/**"),
                lines.toString());
    }

    @Test
    void a_double_star_glob_matches_a_file_at_the_root() {
        PreflightHarness h =
                harness("{\"extra_environment\": {\"C5\": \"./a.pfx\"}, \"denied_read_paths\":" + " [\"**/*.pfx\"]}");
        List<PreflightLine> lines = assigned(h.run(LINUX_WITH_HELPERS));
        assertEquals(LineVerdict.FAIL, lines.get(0).verdict(), lines.toString());
        assertTrue(
                lines.get(0)
                        .text()
                        .endsWith("overlaps security.denied_read_paths **/*.pfx; point it at a folder"
                                + " outside .git and .workflow"),
                lines.toString());
    }

    @Test
    void an_unclosed_bracket_in_a_denied_entry_is_a_literal_not_a_crash() {
        PreflightHarness h = harness("{}");
        PreflightHarness.mkdirs(h.repo.resolve("cache/x"));
        List<PreflightLine> lines = direct(h, Map.of("CACHE", "./cache/x"), List.of("[unclosed"));
        assertEquals(
                List.of("assigned-paths: OK — 1 path(s) resolved; 1 .git/info/exclude rule(s) present (1 added:"
                        + " /cache/x/)"),
                lines.stream().map(PreflightLine::text).toList());
    }

    @Test
    void control_characters_are_a_failure_naming_the_key_not_a_crash() throws IOException {
        PreflightHarness h = harness("{}");
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("CACHE", "./a\nb/c");
        List<PreflightLine> lines = direct(h, extra, List.of("x\u0000y"));
        assertEquals(
                List.of(
                        "assigned-paths: FAIL — security.denied_read_paths[0] cannot be read as a path or a"
                                + " pattern; write it as one line of printable text",
                        "assigned-paths: FAIL — CACHE holds a control"
                                + " character; an assigned path is one line of printable text"),
                lines.stream().map(PreflightLine::text).toList());
        assertFalse(exclude(h).contains("/a"), exclude(h));
    }

    @Test
    void a_folder_that_is_not_there_yet_gets_a_warning_not_a_rule_that_would_hide_its_source_later()
            throws IOException {
        PreflightHarness h = harness("{\"extra_environment\": {\"LIB\": \"lib/\"}}");
        h.repo.write("lib/old.py", "x\n");
        h.repo.commitAll("lib");
        h.repo.git("rm", "-q", "-r", "lib");
        h.repo.commitAll("lib gone");

        PreflightReport report = h.run(LINUX_WITH_HELPERS);

        List<String> texts = assigned(report).stream().map(PreflightLine::text).toList();
        assertEquals(
                List.of(
                        "assigned-paths: WARN — LIB resolves to "
                                + h.repo.root().toRealPath().resolve("lib")
                                + ", which is not there yet; no .git/info/exclude rule added (a rule for a missing folder would hide"
                                + " the source files someone later puts there); run wb preflight again once the tool has created it",
                        "assigned-paths: OK — 1 path(s) resolved"),
                texts);
        assertFalse(exclude(h).contains("/lib/"), exclude(h));
        h.repo.write("lib/new.py", "x\n");
        assertTrue(
                h.repo.git("status", "--porcelain", "--untracked-files=all").contains("lib/new.py"),
                "a new source file there is still seen");
    }
}
