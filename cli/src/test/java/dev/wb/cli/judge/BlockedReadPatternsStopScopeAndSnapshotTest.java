package dev.wb.cli.judge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** blockedReadPatterns as wb judge scope and snapshot apply them (hardened in issue 13, item 2). */
class BlockedReadPatternsStopScopeAndSnapshotTest {

    private static final String REPORTED = "{\"blockedReadPatterns\":[\"*.[pk]em\",\"!keep.txt\",\"secret{s,}.txt\"]}";

    @TempDir
    Path tmp;

    TempGitRepo repo;
    final List<CliRun.Result> seen = new ArrayList<>();

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/App.java", "class App {}\n");
        repo.write(".workflow/.gitignore", "local/\n");
        repo.commitAll("base");
        String dir = ".workflow/TASK-1/";
        repo.write(dir + "task.md", "# Task\n\n## Validation\n\n```\ntrue\n```\n");
        repo.write(dir + "context.md", "# Context\n");
        repo.write(dir + "plan.md", "# Plan\n");
        repo.write(dir + "acceptance-criteria.md", "- AC-1: it works\n");
        repo.write(dir + "review-checklist.md", "# Checklist\n");
        repo.write("src/App.java", "class App { int x; }\n");
        repo.write("server.pem", "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n");
        repo.write("keep.txt", "kept\n");
    }

    @AfterEach
    void neverAStackTrace() {
        for (CliRun.Result r : seen) {
            assertFalse(r.err().contains("\tat "), r.toString());
            assertFalse(r.err().contains("Exception"), r.toString());
        }
    }

    CliRun.Result wb(String... args) {
        CliRun.Result r = CliRun.wb(repo.root(), TempGitRepo.gitEnvironment(), args);
        seen.add(r);
        return r;
    }

    @Test
    void item02_the_reported_policy_stops_scope_and_snapshot_with_exit_3_and_nothing_captured() throws IOException {
        // "{"blockedReadPatterns":["*.[pk]em","!keep.txt","secret{s,}.txt"]} is accepted, then wb judge scope lists
        // server.pem as added, hashes it and copies it into the snapshot"
        repo.write(".workflow/policy.json", REPORTED);

        CliRun.Result scope = wb("judge", "scope", "TASK-1", "--base", "main");
        CliRun.Result snapshot = wb("judge", "snapshot", "TASK-1", "--base", "main");

        for (CliRun.Result r : List.of(scope, snapshot)) {
            assertEquals(3, r.code(), r.toString());
            assertTrue(
                    r.err().startsWith("error: .workflow/policy.json is unusable: blockedReadPatterns[2]"),
                    r.toString());
            assertTrue(r.err().contains("\n  fix: "), r.toString());
            assertFalse(r.out().contains("server.pem"), r.toString());
        }
        Path snapshots = repo.root().resolve(".workflow/local/judge/snapshots");
        if (Files.isDirectory(snapshots)) {
            try (Stream<Path> left = Files.list(snapshots)) {
                assertEquals(List.of(), left.toList());
            }
        }
    }

    @Test
    void item02_a_bracket_pattern_withholds_the_key_from_scope_and_snapshot() throws IOException {
        repo.write(".workflow/policy.json", "{\"blockedReadPatterns\":[\"*.[pk]em\",\"!keep.txt\"]}");

        CliRun.Result scope = wb("judge", "scope", "TASK-1", "--base", "main", "--json");

        assertEquals(0, scope.code(), scope.toString());
        JsonNode doc = scope.json();
        assertEquals(List.of("server.pem"), texts(doc.get("excludedPaths")));
        assertFalse(texts(doc.get("changedFiles")).contains("server.pem"), scope.toString());
        assertTrue(texts(doc.get("changedFiles")).contains("keep.txt"), scope.toString());
        assertFalse(scope.out().contains("BEGIN PRIVATE KEY"));

        CliRun.Result snapshot = wb("judge", "snapshot", "TASK-1", "--base", "main", "--json");

        assertEquals(0, snapshot.code(), snapshot.toString());
        Path worktree = repo.root()
                .resolve(".workflow/local/judge/snapshots/"
                        + snapshot.json().get("id").asText() + "/worktree");
        assertTrue(Files.isRegularFile(worktree.resolve("keep.txt")), worktree.toString());
        assertFalse(Files.exists(worktree.resolve("server.pem")), "the key is not copied into the snapshot");
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
