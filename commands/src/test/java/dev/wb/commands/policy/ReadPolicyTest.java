package dev.wb.commands.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** blockedReadPatterns as the capsule applies them to proof-doc paths. */
class ReadPolicyTest {

    @TempDir
    Path repo;

    /** wb init's default policy. */
    static final ReadPolicy DEFAULTS =
            ReadPolicy.of(List.of(".env", ".env.*", "**/*.pem", "**/*.key", "**/id_rsa*", "**/.ssh/**"));

    @Test
    void the_default_patterns_withhold_secrets_at_any_depth() {
        for (String path : List.of(
                ".env",
                "config/.env",
                ".env.example",
                "certs/server.pem",
                "a/b/c.key",
                "home/id_rsa.pub",
                "home/.ssh/config")) {
            assertTrue(DEFAULTS.test(path), path);
        }
        for (String path : List.of("docs/env.md", "README.md", "src/keys.py", "pem/readme.md")) {
            assertFalse(DEFAULTS.test(path), path);
        }
    }

    @Test
    void a_pattern_with_a_slash_is_anchored_and_a_matching_folder_withholds_its_contents() {
        ReadPolicy blocked = ReadPolicy.of(List.of("secret", "build/*.log", "/private"));

        assertTrue(blocked.test("secret/notes.md"));
        assertTrue(blocked.test("docs/secret/notes.md"));
        assertTrue(blocked.test("build/a.log"));
        assertFalse(blocked.test("src/build/a.log"));
        assertTrue(blocked.test("private/x.md"));
        assertFalse(blocked.test("docs/private/x.md"));
    }

    @Test
    void many_paths_at_once_get_the_answer_of_one_path_at_a_time() {
        ReadPolicy policy = ReadPolicy.of(List.of(
                "secret", "build/*.log", "/private", "config/secrets/", "*.pem", "!public.pem", "logs/**", "a/**/b"));
        List<String> paths = List.of(
                "secret",
                "secret/inner.txt",
                "src/secret",
                "build/x.log",
                "build/sub/x.log",
                "private/a.txt",
                "src/private/a.txt",
                "config/secrets",
                "config/secrets/key.txt",
                "certs/server.pem",
                "certs/public.pem",
                "secret/public.pem",
                "logs/today/x.txt",
                "logs",
                "a/b",
                "a/x/y/b",
                "a/x/y/c",
                "src/Main.java",
                "src//odd",
                "src/");
        for (ReadPolicy each : List.of(policy, DEFAULTS, ReadPolicy.none())) {
            var many = each.forManyPaths();
            for (int round = 0; round < 2; round++) { // the second round answers from the folders seen
                for (String path : paths) {
                    assertEquals(each.test(path), many.test(path), each.patterns() + " " + path);
                }
            }
        }
        var many = policy.forManyPaths();
        assertTrue(many.test("secret/public.pem"));
        assertFalse(many.test("certs/public.pem"));
        assertTrue(many.test("a/x/y/b"));
    }

    @Test
    void policy_json_is_read_and_its_absence_withholds_nothing() throws IOException {
        assertEquals(List.of(), ReadPolicy.load(repo).patterns());
        Files.createDirectories(repo.resolve(".workflow"));
        Files.writeString(repo.resolve(".workflow/policy.json"), "{\"blockedReadPatterns\": [\"secret/**\"]}");

        assertTrue(ReadPolicy.load(repo).test("secret/a.md"));
    }

    @Test
    void an_invalid_policy_is_a_configuration_failure_never_an_empty_list() throws IOException {
        Files.createDirectories(repo.resolve(".workflow"));
        for (String policy :
                List.of("{", "[]", "{\"blockedReadPatterns\": \"secret\"}", "{\"blockedReadPatterns\": [1]}")) {
            Files.writeString(repo.resolve(".workflow/policy.json"), policy);

            Failure failure = assertThrows(Failure.class, () -> ReadPolicy.load(repo), policy);

            assertEquals(Failure.Kind.CONFIG, failure.kind(), policy);
        }
    }
}
