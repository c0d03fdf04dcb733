package dev.wb.cli.impl;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code wb impl check}'s lines as the original workbench prints them, {@code wb status}'s scope as the
 * working tree stands now, and the original's three key shapes, on a real repository with the real
 * commands.
 */
class ScopeLiveAndKeysCliTest {

    @TempDir
    Path tmp;

    TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        for (String file : List.of("src/app.py", "src/shared.py", "lib/util.py")) {
            repo.write(file, "# " + file + "\nvalue = 1\n");
        }
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "code");
    }

    /** A light plan of {@code key} claiming {@code files} (new ones as added), citing the first. */
    void plan(String folder, String key, String... files) {
        List<String> entries = new ArrayList<>();
        for (String file : files) {
            String change = repo.resolve(file).toFile().exists() ? "edit" : "add";
            entries.add("{\"path\": \"" + file + "\", \"change\": \"" + change + "\", \"why\": \"w\"}");
        }
        repo.write(".workflow/" + folder + "/sdd.json", """
                {"schema": 1, "key": "%s", "preset": "scaleup", "persona": "fullstack-specialist",
                 "objective": "o",
                 "evidence": [{"claim": "c", "file": "%s", "line": 2, "quote": "value = 1"}],
                 "files": [%s], "zones": {}, "steps": [{"do": "d"}],
                 "tests": [{"kind": "unit", "asserts": "a"}], "verify": ["true"], "rollback": "revert",
                 "product": {}, "questions": []}
                """.formatted(key, files[0], String.join(", ", entries)));
        CliRun.Result audit = wb(repo.root(), "sdd", "audit", key);
        assertEquals(0, audit.code(), audit::toString);
    }

    @Test
    void impl_check_prints_the_originals_lines_in_its_order_overlap_for_untouched_planned_files_too() {
        plan("ABC-1", "ABC-1", "src/app.py", "src/shared.py", "src/new.py");
        plan("ABC-2", "ABC-2", "src/shared.py", "src/new.py", "lib/util.py");
        repo.write("src/app.py", "# changed\nvalue = 1\n");
        repo.write("src/shared.py", "# changed\nvalue = 1\n");
        repo.write("lib/util.py", "# changed\nvalue = 1\n");

        CliRun.Result check = wb(repo.root(), "impl", "check", "ABC-1");

        assertEquals(0, check.code(), check::toString);
        List<String> lines = check.out().lines().toList();
        // The original workbench 0.7.0's lines for the same checkout, byte for byte.
        assertEquals(
                List.of(
                        "  ok        src/app.py",
                        "  ok        src/shared.py",
                        "  pending   src/new.py  (planned, not changed yet)",
                        "  other     lib/util.py  (claimed by ABC-2)",
                        "  overlap   src/new.py  (also planned by ABC-2)",
                        "  overlap   src/shared.py  (also planned by ABC-2)"),
                lines.subList(1, 7),
                check::toString);

        JsonNode json = wb(repo.root(), "--json", "impl", "check", "ABC-1").json();
        List<String> entries = new ArrayList<>();
        json.get("paths")
                .forEach(p -> entries.add(
                        p.get("status").asText() + " " + p.get("path").asText()));
        assertEquals(
                List.of(
                        "ok src/app.py",
                        "ok src/shared.py",
                        "pending src/new.py",
                        "other lib/util.py",
                        "overlap src/new.py",
                        "overlap src/shared.py"),
                entries);
        assertEquals(2, json.get("counts").get("overlap").asInt());
    }

    @Test
    void status_fails_the_scope_of_a_tree_that_deviates_now_though_the_last_check_passed() {
        plan("ABC-1", "ABC-1", "src/app.py");
        repo.write("src/app.py", "# changed\nvalue = 1\n");
        assertEquals(0, wb(repo.root(), "impl", "check", "ABC-1").code());
        String detail = wb(repo.root(), "status", "ABC-1").out();
        assertTrue(detail.contains("  scope    ok     every changed path is in an audited plan\n"), detail);

        repo.write("lib/stray.py", "x = 1\n");
        repo.write("src/auth/token.py", "x = 1\n");
        long events = events();

        CliRun.Result one = wb(repo.root(), "status", "ABC-1");
        assertEquals(0, one.code(), one::toString);
        assertTrue(
                one.out()
                        .contains("  scope    FAIL   live: 2 changed paths outside every audited plan;"
                                + " last check passed\n"),
                one::toString);
        assertTrue(one.out().contains("  next:          wb impl check ABC-1\n"), one::toString);
        CliRun.Result all = wb(repo.root(), "status");
        assertTrue(
                all.out()
                        .lines()
                        .anyMatch(l -> l.matches("ABC-1\\s+n/a\\s+ok\\s+ok\\s+FAIL\\s+.*wb impl check ABC-1.*")),
                all::toString);
        JsonNode scope = wb(repo.root(), "--json", "status", "ABC-1")
                .json()
                .get("stages")
                .get("scope");
        assertEquals("fail", scope.get("mark").asText());
        assertEquals("lib/stray.py", scope.get("liveOutside").get(0).asText());
        assertEquals("src/auth/token.py", scope.get("liveOutside").get(1).asText());
        assertEquals(events, events(), "reading the working tree records nothing");

        repo.resolve("lib/stray.py").toFile().delete();
        repo.resolve("src/auth/token.py").toFile().delete();
        assertTrue(wb(repo.root(), "status", "ABC-1").out().contains("  scope    ok "), "clean again: ok");
    }

    @Test
    void a_path_another_open_plan_claims_is_not_live_deviation() {
        plan("ABC-1", "ABC-1", "src/app.py");
        plan("ABC-2", "ABC-2", "lib/util.py");
        assertEquals(0, wb(repo.root(), "impl", "check", "ABC-1").code());
        repo.write("lib/util.py", "# ABC-2's work\nvalue = 1\n");

        CliRun.Result one = wb(repo.root(), "status", "ABC-1");

        assertTrue(one.out().contains("  scope    ok "), one::toString);
    }

    @Test
    void number_and_slug_keys_work_through_audit_check_status_and_replay() {
        plan("123", "123", "src/app.py");
        plan("idea-dark-mode", "idea-dark-mode", "lib/util.py");
        repo.write("src/app.py", "# changed\nvalue = 1\n");
        repo.write("lib/util.py", "# changed\nvalue = 1\n");

        CliRun.Result number = wb(repo.root(), "impl", "check", "123");
        CliRun.Result slug = wb(repo.root(), "impl", "check", "IDEA-Dark-Mode");

        assertEquals(0, number.code(), number::toString);
        assertTrue(number.out().startsWith("123: scope of"), number::toString);
        assertEquals(0, slug.code(), slug::toString);
        assertTrue(slug.out().startsWith("idea-dark-mode: scope of"), "a slug is lower-cased: " + slug);
        assertTrue(slug.out().contains("  other     src/app.py  (claimed by 123)"), slug::toString);
        CliRun.Result status = wb(repo.root(), "status");
        assertTrue(status.out().lines().anyMatch(l -> l.startsWith("123 ")), status::toString);
        assertTrue(status.out().lines().anyMatch(l -> l.startsWith("idea-dark-mode ")), status::toString);
        assertEquals(0, wb(repo.root(), "replay", "idea-dark-mode", "--verify").code());

        CliRun.Result bad = wb(repo.root(), "impl", "check", "notes-dark-mode");
        assertEquals(2, bad.code(), bad::toString);
        assertTrue(
                bad.err().startsWith("error: malformed key: notes-dark-mode\n  fix: a task key is a ticket"),
                bad::toString);
    }

    private long events() {
        return wb(repo.root(), "--json", "replay", "ABC-1").out().lines().count()
                + wb(repo.root(), "--json", "replay", "workspace").out().lines().count();
    }
}
