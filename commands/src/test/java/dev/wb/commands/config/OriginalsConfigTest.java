package dev.wb.commands.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The original workbench's .workflow/config.json read unchanged (issue 14): every key it defines is known,
 * wb honours the ones it has a meaning for, and a misspelt key or a wrong type is still exit 3.
 */
class OriginalsConfigTest {

    /** The example of "What .workflow/config.json holds" in the original workbench's configuration docs. */
    static final String ORIGINAL_EXAMPLE = """
            {
              "provider": "jira",
              "preset": "startup",
              "preset_confirmed": true,
              "preset_paths": { "packages/billing/**": "enterprise" },
              "flow": { "source": "main", "validation": ["homolog"] },
              "execute": false
            }
            """;

    /** Every key the original's config holds, 0.7.0 and later, in the forms its own commands write. */
    static final String EVERY_KEY = """
            {
              "context": "work",
              "provider": "azure",
              "project": "Platform",
              "board": 12,
              "preset": "scaleup",
              "preset_confirmed": true,
              "preset_paths": {"packages/billing/**": "enterprise"},
              "flow": {"strategy": "cherry-pick", "source": "main", "validation": ["homolog", "beta"],
                       "protected": ["main", "homolog", "beta"], "branch_pattern": "feature/{key}-{slug}"},
              "execute": true,
              "hooks": "strict",
              "light_max_lines": 40,
              "light_path": false,
              "commit_style": "conventional"
            }
            """;

    @TempDir
    Path tmp;

    private static WorkspaceConfig parse(String json) {
        return WorkspaceConfig.of(WorkspaceConfig.parse(json.getBytes(StandardCharsets.UTF_8)));
    }

    private static Failure refused(String json) {
        Failure f = assertThrows(Failure.class, () -> parse(json));
        assertEquals(Failure.Kind.CONFIG, f.kind(), f.getMessage());
        return f;
    }

    @Test
    void the_original_workbench_example_config_loads_and_its_shared_keys_are_honoured() {
        WorkspaceConfig c = parse(ORIGINAL_EXAMPLE);

        assertFalse(c.execute(), "execute: false refuses --execute, as in the original");
        assertEquals(Optional.of("startup"), c.presets().preset());
        assertEquals(Map.of("packages/billing/**", "enterprise"), c.presets().paths());
        assertEquals(
                List.of("provider", "preset_confirmed", "flow"),
                List.copyOf(c.originals().values().keySet()));
        assertEquals(
                List.of("main", "homolog"),
                c.protectedBranches(),
                "with no protected list, the original protects the source and the validation branches");
    }

    @Test
    void every_key_of_the_original_config_loads() {
        WorkspaceConfig c = parse(EVERY_KEY);

        assertEquals(OriginalKeys.NOTES.keySet(), c.originals().values().keySet());
        assertEquals(Optional.of("work"), c.originals().context());
        assertEquals(List.of("main", "homolog", "beta"), c.protectedBranches());
        assertEquals(Optional.of("scaleup"), c.presets().preset());
        assertEquals(Optional.of("conventional"), c.originals().commitStyle());
        assertTrue(c.identity().isEmpty(), "context is not identity: it names a file outside the repository");
    }

    @Test
    void each_ignored_key_says_it_is_from_the_original_and_what_to_use_instead() {
        for (String key :
                List.of("provider", "project", "board", "preset_confirmed", "hooks", "light_max_lines", "light_path")) {
            String note = OriginalKeys.NOTES.get(key);
            assertTrue(note.startsWith("from the original workbench; wb does not use it: "), key + ": " + note);
            assertTrue(note.length() > OriginalKeys.IGNORED.length() + 10, key + " says what to use instead");
        }
        assertTrue(OriginalKeys.NOTES.get("context").contains("identity"));
        assertTrue(OriginalKeys.NOTES.get("flow").contains("branches.protected"));
    }

    @Test
    void the_flow_protected_list_wins_over_source_and_validation_and_wb_branches_protected_wins_over_flow() {
        assertEquals(List.of("release"), parse("""
                {"flow": {"source": "main", "validation": ["homolog"], "protected": ["release"]}}
                """).protectedBranches());
        assertEquals(
                List.of("main", "qa"),
                parse("""
                {"flow": {"source": "main", "validation": ["qa"], "protected": []}}
                """).protectedBranches(),
                "an empty protected list falls back, as the original's `or` does");
        assertEquals(List.of("trunk"), parse("""
                {"branches": {"protected": ["trunk"]}, "flow": {"source": "main"}}
                """).protectedBranches());
        assertEquals(List.of(), parse("{\"flow\": {}}").protectedBranches(), "an empty flow is detection");
        assertEquals(List.of(), parse("{\"flow\": null}").protectedBranches());
    }

    @ParameterizedTest
    @ValueSource(strings = {"false", "true", "\"strict\""})
    void hooks_takes_the_original_values(String value) {
        assertEquals(1, parse("{\"hooks\": " + value + "}").originals().values().size());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"hook\": false}|unknown key hook (did you mean hooks?)",
                "{\"preset_confirm\": true}|unknown key preset_confirm (did you mean preset_confirmed?)",
                "{\"light_max_line\": 40}|unknown key light_max_line (did you mean light_max_lines?)",
                "{\"contxt\": \"work\"}|unknown key contxt (did you mean context?)",
                "{\"Provider\": \"jira\"}|unknown key Provider",
                "{\"flow\": {\"source\": \"main\", \"protect\": [\"main\"]}}|unknown key flow.protect (did you mean protected?)",
                "{\"flow\": {\"source\": \"main\", \"validaton\": [\"qa\"]}}|unknown key flow.validaton (did you mean validation?)"
            })
    void a_misspelt_original_key_is_still_refused(String json, String message) {
        Failure f = refused(json);
        assertTrue(f.getMessage().contains(message), f.getMessage());
        assertTrue(f.getMessage().startsWith(".workflow/config.json line 1: "), f.getMessage());
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"hooks\": \"off\"}|hooks must be false, true or \"strict\", not the string \"off\"",
                "{\"hooks\": 1}|hooks must be false, true or \"strict\", not 1",
                "{\"light_max_lines\": 0}|light_max_lines must be a whole number from 1",
                "{\"light_max_lines\": -5}|light_max_lines must be a whole number from 1",
                "{\"light_max_lines\": \"40\"}|light_max_lines must be a whole number from 1",
                "{\"light_max_lines\": 1.5}|light_max_lines must be a whole number from 1",
                "{\"preset_confirmed\": \"yes\"}|preset_confirmed must be true or false",
                "{\"light_path\": \"no\"}|light_path must be true or false",
                "{\"context\": \"../../etc/x\"}|context names a file of $WORKBENCH_HOME/contexts/",
                "{\"context\": \"\"}|context names a file of $WORKBENCH_HOME/contexts/",
                "{\"context\": 3}|context must be a string, not 3",
                "{\"provider\": \"\"}|provider must not be blank",
                "{\"provider\": [\"jira\"]}|provider must be a string, not a list",
                "{\"project\": {}}|project must be a string, not an object",
                "{\"board\": true}|board must be a string, not true",
                "{\"flow\": \"main\"}|flow must be an object, not the string \"main\"",
                "{\"flow\": {\"validation\": [\"qa\"]}}|flow needs a \"source\" branch",
                "{\"flow\": {\"source\": \"main\", \"strategy\": \"rebase\"}}|flow.strategy is \"rebase\"",
                "{\"flow\": {\"source\": \"main\", \"validation\": \"qa\"}}|flow.validation must be a list of strings",
                "{\"flow\": {\"source\": \"main\", \"protected\": [\"\"]}}|flow.protected[0] must not be blank",
                "{\"flow\": {\"source\": \"main\", \"branch_pattern\": 7}}|flow.branch_pattern must be a string",
                "{\"commit_style\": \"angular\"}|commit_style is \"angular\", which is not a commit style",
                "{\"commit_style\": 1}|commit_style must be a string"
            })
    void an_original_key_with_a_value_of_the_wrong_type_is_exit_3_naming_it(String json, String message) {
        Failure f = refused(json);
        assertTrue(f.getMessage().contains(message), f.getMessage());
    }

    @Test
    void the_context_file_gives_the_expected_identity_when_identity_is_not_set() throws Exception {
        Path home = tmp.resolve("wbhome");
        Files.createDirectories(home.resolve("contexts"));
        Files.writeString(home.resolve("contexts/work.json"), """
                {"provider": "jira", "base_url": "https://acme.atlassian.net", "project": "SAAS",
                 "auth": {"pat_env": "JIRA_TOKEN"}, "git": {"name": "Work Me", "email": "me@acme.com"}}
                """);
        Map<String, String> env = Map.of("WORKBENCH_HOME", home.toString());

        WorkbenchContexts.Expected fromContext = WorkbenchContexts.expected(parse("{\"context\": \"work\"}"), env);
        WorkbenchContexts.Expected own = WorkbenchContexts.expected(parse("""
                {"context": "work", "identity": {"name": "Ada", "email": "ada@example.com"}}
                """), env);

        assertEquals(Optional.of(new WorkspaceConfig.Identity("Work Me", "me@acme.com")), fromContext.identity());
        assertTrue(fromContext.source().contains("context 'work'"), fromContext.source());
        assertEquals("ada@example.com", own.identity().orElseThrow().email(), "wb's identity comes first");
    }

    @Test
    void home_defaults_to_dot_workbench_under_home() throws Exception {
        Files.createDirectories(tmp.resolve(".workbench/contexts"));
        Files.writeString(
                tmp.resolve(".workbench/contexts/me.json"), "{\"git\": {\"name\": \"Me\", \"email\": \"m@x.io\"}}");

        WorkbenchContexts.Expected e =
                WorkbenchContexts.expected(parse("{\"context\": \"me\"}"), Map.of("HOME", tmp.toString()));

        assertEquals("m@x.io", e.identity().orElseThrow().email());
    }

    @Test
    void an_absent_context_or_one_without_git_is_a_note_not_an_identity() throws Exception {
        Path home = tmp.resolve("h");
        Files.createDirectories(home.resolve("contexts"));
        Files.writeString(home.resolve("contexts/nogit.json"), "{\"provider\": \"local\"}");
        Map<String, String> env = Map.of("WORKBENCH_HOME", home.toString());

        WorkbenchContexts.Expected absent = WorkbenchContexts.expected(parse("{\"context\": \"gone\"}"), env);
        WorkbenchContexts.Expected noGit = WorkbenchContexts.expected(parse("{\"context\": \"nogit\"}"), env);

        assertTrue(absent.identity().isEmpty());
        assertTrue(absent.note().orElseThrow().contains("context 'gone' has no git identity here"), absent.note()::get);
        assertTrue(noGit.identity().isEmpty());
        assertTrue(noGit.note().isPresent());
    }

    @Test
    void an_unusable_context_file_is_exit_3_naming_it() throws Exception {
        Path home = tmp.resolve("h");
        Files.createDirectories(home.resolve("contexts"));
        Files.writeString(home.resolve("contexts/broken.json"), "{\"git\": ");
        Files.writeString(home.resolve("contexts/list.json"), "[]");
        Files.writeString(home.resolve("contexts/gitlist.json"), "{\"git\": [\"Me\"]}");
        Files.write(home.resolve("contexts/huge.json"), new byte[300 * 1024]);
        Files.createDirectories(home.resolve("contexts/dir.json"));
        Map<String, String> env = Map.of("WORKBENCH_HOME", home.toString());

        for (String name : List.of("broken", "list", "gitlist", "huge", "dir")) {
            Failure f = assertThrows(
                    Failure.class,
                    () -> WorkbenchContexts.expected(parse("{\"context\": \"" + name + "\"}"), env),
                    name);
            assertEquals(Failure.Kind.CONFIG, f.kind(), name);
            assertTrue(f.getMessage().contains(name + ".json"), f.getMessage());
        }
    }
}
