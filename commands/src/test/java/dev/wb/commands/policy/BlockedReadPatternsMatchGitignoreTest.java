package dev.wb.commands.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** blockedReadPatterns read with git's .gitignore meaning, or refused (hardened in issue 13, item 2). */
class BlockedReadPatternsMatchGitignoreTest {

    @TempDir
    Path tmp;

    @Test
    void item02_the_reported_policy_is_refused_not_accepted() {
        // "{"blockedReadPatterns":["*.[pk]em","!keep.txt","secret{s,}.txt"]} is accepted, then wb judge scope
        // lists server.pem as added"
        Failure failure =
                assertThrows(Failure.class, () -> ReadPolicy.of(List.of("*.[pk]em", "!keep.txt", "secret{s,}.txt")));

        assertEquals(Failure.Kind.CONFIG, failure.kind());
        assertTrue(failure.getMessage().contains("blockedReadPatterns[2] \"secret{s,}.txt\""), failure.getMessage());
        assertTrue(failure.getMessage().contains("braces"), failure.getMessage());
    }

    @Test
    void item02_a_bracket_class_withholds_what_it_names() {
        // "*.[pk]em" did not withhold server.pem: the class was compared as literal text
        ReadPolicy policy = ReadPolicy.of(List.of("*.[pk]em", "!keep.txt"));

        assertTrue(policy.test("server.pem"));
        assertTrue(policy.test("deploy/client.kem"));
        assertFalse(policy.test("server.rem"));
        assertFalse(policy.test("keep.txt"));
    }

    @Test
    void item02_negation_lets_through_what_an_earlier_pattern_withheld_but_never_inside_a_withheld_folder() {
        ReadPolicy policy = ReadPolicy.of(List.of("*.pem", "!public.pem", "secrets/", "!secrets/readme.md"));

        assertTrue(policy.test("certs/server.pem"));
        assertFalse(policy.test("certs/public.pem"));
        assertTrue(policy.test("secrets/readme.md"), "git never looks inside an ignored folder");
        assertTrue(policy.test("a/secrets/key.txt"));
        assertTrue(ReadPolicy.of(List.of("!public.pem", "*.pem")).test("public.pem"), "the last match decides");
    }

    @Test
    void item02_patterns_withhold_exactly_what_git_check_ignore_ignores() throws Exception {
        List<String> patterns = List.of(
                "*.[pk]em",
                "!keep.pem",
                "/build",
                "docs/*.md",
                "**/id_rsa*",
                "a/**/z",
                "logs/**",
                "cache/",
                "[!a-m]*.key",
                "n?te.txt",
                "deep/**/x/*.bin",
                "**tmp",
                "!docs/ok.md");
        List<String> files = List.of(
                "server.pem",
                "x/client.kem",
                "keep.pem",
                "sub/keep.pem",
                "build/out.js",
                "src/build/out.js",
                "docs/a.md",
                "docs/ok.md",
                "docs/sub/b.md",
                "home/.ssh/id_rsa.pub",
                "id_rsa",
                "a/z",
                "a/b/c/z",
                "a/b/zz",
                "logs/today/x.log",
                "cache/x",
                "src/cache/y",
                "notcache",
                "zeta.key",
                "alpha.key",
                "note.txt",
                "nte.txt",
                "deep/x/a.bin",
                "deep/1/2/x/b.bin",
                "deep/x/y/c.bin",
                "mytmp",
                "t/tmp",
                "README.md");
        Path work = tmp.resolve("oracle");
        for (String file : files) {
            Path path = work.resolve(file);
            Files.createDirectories(path.getParent());
            Files.writeString(path, "x\n");
        }
        git(work, "init", "-q");
        Files.writeString(work.resolve(".gitignore"), String.join("\n", patterns) + "\n");
        Set<String> ignored = new TreeSet<>(git(work, withArgs(List.of("check-ignore", "--no-index"), files)));

        ReadPolicy policy = ReadPolicy.of(patterns);

        Set<String> withheld = new TreeSet<>();
        files.stream().filter(policy).forEach(withheld::add);
        assertEquals(ignored, withheld);
    }

    @Test
    void item02_a_redos_shaped_pattern_is_matched_without_hanging() {
        // "a ReDoS-shaped glob must not hang either (one did, 40 s, killed)"
        String stars = "*a".repeat(30) + "*b";
        String name = "a".repeat(200);
        List<String> patterns = List.of(stars, "/" + "**/".repeat(40) + stars, "**/" + stars + "/**", "*.[pk]em");
        String deep = String.join("/", Collections.nCopies(60, name));

        boolean[] seen = new boolean[2];
        // A hang guard only, far above what the match takes: a backtracking matcher runs for hours here.
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            ReadPolicy policy = ReadPolicy.of(patterns);
            seen[0] = policy.test(deep + "/" + name);
            seen[1] = policy.test(deep + "/" + name + "b");
        });

        assertFalse(seen[0]);
        assertTrue(seen[1]);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "secret{s,}.txt",
                "[abc",
                "*.[",
                "[[:alpha:]]*.key",
                "[z-a].pem",
                "#secret",
                "!",
                " .env",
                ".env ",
                "a//b",
                "./x",
                "a/../b",
                "a[/]b",
                "config\\secret",
                "tab\there"
            })
    void item02_a_pattern_wb_does_not_understand_is_refused(String pattern) {
        Failure failure = assertThrows(Failure.class, () -> ReadPolicy.of(List.of(".env", pattern)));

        assertEquals(Failure.Kind.CONFIG, failure.kind(), pattern);
        assertTrue(
                failure.getMessage().startsWith(".workflow/policy.json is unusable: blockedReadPatterns[1]"),
                failure.getMessage());
        assertFalse(failure.fixes().isEmpty(), pattern);
    }

    private static List<String> withArgs(List<String> head, List<String> tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(tail);
        return all;
    }

    private static List<String> git(Path dir, String... args) throws IOException, InterruptedException {
        return git(dir, List.of(args));
    }

    private static List<String> git(Path dir, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-C", dir.toString()));
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        return out.lines().toList();
    }
}
