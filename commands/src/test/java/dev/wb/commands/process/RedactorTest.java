package dev.wb.commands.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.Workspace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RedactorTest {

    static final Redactor SHAPES = Redactor.of(List.of());

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "GitHub classic     | ghp_1234567890abcdefghijABCDEFGHIJ123456",
                "GitHub OAuth       | gho_1234567890abcdefghijABCDEFGHIJ123456",
                "GitHub user-server | ghu_1234567890abcdefghijABCDEFGHIJ123456",
                "GitHub server      | ghs_1234567890abcdefghijABCDEFGHIJ123456",
                "GitHub refresh     | ghr_1234567890abcdefghijABCDEFGHIJ123456",
                "GitHub fine-grained| github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789",
                "AWS access key id  | AKIAIOSFODNN7EXAMPLE",
                "Slack bot          | xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
                "Slack user         | xoxp-123456789012-123456789012-abcdef",
                "OpenAI             | sk-proj-abcdefghijklmnopqrstuvwxyz0123456789",
                "Anthropic          | sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789-ABCDEF",
                "Google API key     | AIzaSyA-1234567890abcdefghijklmnopqrstu",
                "JWT                | eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
            })
    void a_token_shape_is_redacted_wherever_it_stands(String shape, String token) {
        String redacted = SHAPES.redact("fatal: auth failed for " + token + " (see log)");

        assertEquals("fatal: auth failed for [redacted] (see log)", redacted);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "PASSWORD=hunter22 next            | PASSWORD=[redacted] next",
                "My_Api-Key: 'abcd1234'            | My_Api-Key: '[redacted]'",
                "CREDENTIALS=c0ffee99              | CREDENTIALS=[redacted]",
                "AUTHORIZATION=Token abcdef123     | AUTHORIZATION=Token [redacted]",
                "BEARER abcdefgh12345              | BEARER [redacted]",
                "HTTPS://u:pw123456@host/x         | HTTPS://u:[redacted]@host/x",
            })
    void a_secret_in_capitals_or_mixed_case_is_found_as_in_lower_case(String text, String redacted) {
        assertEquals(redacted.strip(), SHAPES.redact(text.strip()));
    }

    @Test
    void a_remembering_redactor_answers_as_the_redactor_does_the_first_time_and_every_time_after() {
        Redactor plain = Redactor.of(List.of("hunter22"));
        Redactor remembering = plain.remembering();
        List<String> texts = List.of(
                "password=abc12345", "pass", "the value hunter22 leaked", "ok", "x".repeat(300) + " token=abcd1234");
        for (int round = 0; round < 2; round++) {
            for (String text : texts) {
                assertEquals(plain.redact(text), remembering.redact(text), text);
            }
        }
        assertEquals("the value [redacted] leaked", remembering.redact("the value hunter22 leaked"));
    }

    @Test
    void text_with_no_clue_of_any_pattern_passes_through_unchanged_and_each_clue_is_seen() {
        String plain = "sha256:9f86d081884c7d659a2feaa0c55ad015 src/main/App.java:12 pass";
        assertEquals(plain, SHAPES.redact(plain));
        assertEquals(new Clues(false, false, false, false), Clues.of(plain.replace(":", " ")));
        assertTrue(Clues.of("-----BEGIN RSA PRIVATE KEY-----").pem());
        assertTrue(Clues.of("x GITHUB_PAT_11 y").token());
        assertTrue(Clues.of("see ftp://h").prefix());
        assertFalse(Clues.of("my token is long").assignment());
        assertTrue(Clues.of("my token: long").assignment());
    }

    @Test
    void a_token_already_redacted_inside_an_assignment_is_not_redacted_twice() {
        assertEquals(
                "token=[redacted] failing", SHAPES.redact("token=ghp_abcdefghijklmnopqrstuvwxyz0123456789 failing"));
    }

    @Test
    void an_authorization_header_keeps_its_scheme_and_loses_its_credential() {
        assertEquals(
                "> Authorization: Bearer [redacted]\n> Accept: */*",
                SHAPES.redact("> Authorization: Bearer abc.def-ghi_123456\n> Accept: */*"));
        assertEquals("authorization: Basic [redacted]", SHAPES.redact("authorization: Basic dXNlcjpwYXNz"));
    }

    @Test
    void a_private_key_block_is_redacted_whole_even_when_the_output_was_cut_before_its_end() {
        String pem = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\nAAAA\n"
                + "-----END OPENSSH PRIVATE KEY-----";
        assertEquals("key:\n[redacted]\ndone", SHAPES.redact("key:\n" + pem + "\ndone"));
        assertEquals("key:\n[redacted]", SHAPES.redact("key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEow..."));
    }

    @Test
    void a_password_in_a_url_is_redacted_and_the_rest_of_the_url_kept() {
        assertEquals(
                "fetching https://deploy:[redacted]@registry.example.com/pkg",
                SHAPES.redact("fetching https://deploy:s3cr3tpass@registry.example.com/pkg"));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "GITHUB_TOKEN=abcd1234efgh                 | GITHUB_TOKEN=[redacted]",
                "export DB_PASSWORD='hunter2 with space'   | export DB_PASSWORD='[redacted]'",
                "{\"api_key\": \"k-123456\", \"n\": 1}     | {\"api_key\": \"[redacted]\", \"n\": 1}",
                "client_secret: abcdef123                  | client_secret: [redacted]",
                "--private-key=0xdeadbeef                  | --private-key=[redacted]",
            })
    void a_value_assigned_to_a_name_that_looks_secret_is_redacted(String text, String expected) {
        assertEquals(expected, SHAPES.redact(text));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "src/token.ts:12:5 - error TS2322: Type 'string' is not assignable to type 'number'.",
                "FAIL tests/password_test.py::test_reset - AssertionError: assert 3 == 4",
                " ✓ tokenizer splits words (3 ms)\n Test Files  4 passed (4)\n      Tests  31 passed (31)",
                "The password field is required; see docs/secrets.md for how tokens are stored.",
                "max_tokens=100 temperature=0.2",
                "Downloading https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz",
                "task-manager sk-short ghp_short AKIA123",
                "npm ERR! code ERESOLVE\nnpm ERR! Could not resolve dependency: peer react@\"^18\" from react-dom@18.2.0",
            })
    void ordinary_build_and_test_output_is_left_alone(String text) {
        assertEquals(text, SHAPES.redact(text));
    }

    @Test
    void known_secret_values_are_redacted_longest_first_and_short_ones_ignored() {
        Redactor redactor = Redactor.of(List.of("abc", "letmein", "letmein-and-more"));

        assertEquals("abc: [redacted] and [redacted]", redactor.redact("abc: letmein-and-more and letmein"));
    }

    @Test
    void the_workspace_env_file_values_and_secret_named_variables_are_redacted() throws IOException {
        Path env = tmp.resolve(".workflow/.env");
        Files.createDirectories(env.getParent());
        Files.writeString(env, """
                # agent credentials
                DATABASE_URL=postgres://app@db/app
                export REGISTRY_PASS="p4ss phrase"
                PLAIN='single-quoted'
                WITH_COMMENT=value123 # a comment
                not a variable line
                """);
        Redactor redactor = Redactor.forWorkspace(
                new Workspace(tmp),
                Map.of("MY_SERVICE_TOKEN", "tok-from-env", "HOME", "/home/dev", "Api_Key_Prod", "kprod-999"));

        String redacted = redactor.redact("connect postgres://app@db/app as p4ss phrase; single-quoted value123"
                + " tok-from-env kprod-999 in /home/dev");

        assertEquals(
                "connect [redacted] as [redacted]; [redacted] [redacted] [redacted] [redacted] in /home/dev", redacted);
    }

    @Test
    void an_env_file_linked_in_from_elsewhere_is_as_secret_as_one_in_place() throws IOException {
        Path real = tmp.resolve("kept-elsewhere/real.env");
        Files.createDirectories(real.getParent());
        Files.writeString(real, "DEPLOY_VALUE=zz-linked-secret-99\n");
        Files.createDirectories(tmp.resolve(".workflow"));
        Files.createSymbolicLink(tmp.resolve(".workflow/.env"), real);

        Redactor redactor = Redactor.forWorkspace(new Workspace(tmp), Map.of());

        assertEquals("cat: [redacted]", redactor.redact("cat: zz-linked-secret-99"));
    }

    @Test
    void a_workspace_without_an_env_file_still_redacts_shapes_and_variables() {
        Redactor redactor = Redactor.forWorkspace(new Workspace(tmp), Map.of("NPM_TOKEN", "npm-secret-1"));

        assertEquals("[redacted] [redacted]", redactor.redact("npm-secret-1 AKIAIOSFODNN7EXAMPLE"));
    }

    @Test
    void secret_names_are_recognised_in_any_letter_case() {
        for (String name : List.of(
                "GITHUB_TOKEN",
                "db_password",
                "PGPASSWD",
                "Api_Key",
                "SSH_PRIVATE_KEY",
                "AWS_SECRET_ACCESS_KEY",
                "GOOGLE_APPLICATION_CREDENTIALS")) {
            assertTrue(Redactor.secretName(name), name);
        }
        for (String name : List.of("PATH", "HOME", "NODE_ENV", "CI", "LANG")) {
            assertFalse(Redactor.secretName(name), name);
        }
    }

    @Test
    void an_assignment_or_a_header_ends_at_its_line_so_the_next_line_is_left_whole() {
        assertEquals("password=\ntest_login passed", SHAPES.redact("password=\ntest_login passed"));
        assertEquals("api_key:\n  compiling module", SHAPES.redact("api_key:\n  compiling module"));
        assertEquals("Authorization:\nnext_line_word", SHAPES.redact("Authorization:\nnext_line_word"));
        assertEquals("password=[redacted]\ntest_login passed", SHAPES.redact("password=hunter22\ntest_login passed"));
    }

    @Test
    void the_end_of_a_private_key_whose_start_was_cut_off_is_redacted_from_the_first_character() {
        String tail = "b3BlbnNzaC1rZXktdjEAAAAA\nAAAA\n-----END OPENSSH PRIVATE KEY-----\ndone";

        assertEquals("[redacted]\ndone", SHAPES.redactCutBefore(tail));
        assertEquals(tail, SHAPES.redact(tail), "uncut text keeps what stands before a lone END line");
        String whole = "key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----\nok";
        assertEquals("key:\n[redacted]\nok", SHAPES.redactCutBefore(whole), "a whole key is not a cut one");
    }

    @Test
    void its_reach_covers_the_longest_known_secret_and_the_shapes() {
        assertEquals(Redactor.SHAPE_REACH, SHAPES.reach());
        assertEquals(
                5_000, Redactor.of(List.of("x".repeat(5_000), "short-secret")).reach());
    }
}
