package dev.wb.commands.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Workspace;
import dev.wb.commands.plan.PlanReader;
import dev.wb.engine.TaskKey;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plan digests for {@code wb status}: remembered by each file's stat, hashed again whenever it may have changed. */
class PlanFilesTest {

    static final TaskKey KEY = new TaskKey("ABC-1");
    static final String PLAN = "{\"key\": \"ABC-1\", \"objective\": \"one\"}";
    static final String SAME_SIZE = "{\"key\": \"ABC-1\", \"objective\": \"two\"}";

    @TempDir
    Path root;

    Workspace workspace;
    Path plan;

    @BeforeEach
    void workspace() throws IOException {
        workspace = new Workspace(root);
        plan = Files.createDirectories(root.resolve(".workflow/ABC-1")).resolve("sdd.json");
        Files.writeString(plan, PLAN);
        Files.createDirectories(root.resolve(".workflow/not-a-key"));
        Files.createDirectories(root.resolve(".workflow/ABC-2"));
    }

    /** A clock an hour on: every plan on disk has settled. */
    static Clock later() {
        return Clock.fixed(Instant.now().plus(Duration.ofHours(1)), ZoneOffset.UTC);
    }

    Map<TaskKey, String> digests(Clock clock) {
        return files(clock).digests();
    }

    PlanFiles files(Clock clock) {
        return new PlanFiles(workspace, clock);
    }

    static String digest(String text) {
        return PlanReader.digest(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void every_task_folder_with_a_plan_is_listed_with_the_digest_the_gate_compares() {
        assertEquals(Map.of(KEY, digest(PLAN)), digests(later()));
    }

    @Test
    void a_settled_plan_is_remembered_and_its_digest_trusted_while_its_stat_is_unchanged() throws IOException {
        digests(later());
        BasicFileAttributes stat = Files.readAttributes(plan, BasicFileAttributes.class);
        // Plant a digest for the very same stat: a status that trusts the cache answers it without hashing.
        new PlanDigestCache(cacheFile())
                .write(
                        Map.of(
                                "ABC-1",
                                new PlanDigestCache.Entry(
                                        stat.size(),
                                        stat.lastModifiedTime().toMillis(),
                                        String.valueOf(stat.fileKey()),
                                        "sha256:planted",
                                        new TaskFiles.PlanFacts(
                                                Optional.of("service request +=% é"), Optional.of(true)))),
                        later().millis());

        PlanFiles files = files(later());
        assertEquals("sha256:planted", files.digests().get(KEY));
        assertEquals(
                Optional.of(new TaskFiles.PlanFacts(Optional.of("service request +=% é"), Optional.of(true))),
                files.facts(KEY),
                "the plan's facts are remembered with its digest, a ticket type of any text included");
    }

    @Test
    void a_plan_read_anew_gives_the_facts_the_plan_states() throws IOException {
        Files.writeString(plan, PLAN.replace("{", "{\"ticket_type\": \"incident\", \"handover_required\": false,"));
        PlanFiles files = files(later());
        files.digests();

        assertEquals(
                Optional.of(new TaskFiles.PlanFacts(Optional.of("incident"), Optional.of(false))), files.facts(KEY));
    }

    @Test
    void a_plan_rewritten_with_the_same_size_and_time_in_a_new_file_is_hashed_again() throws IOException {
        digests(later());
        FileTime time = Files.getLastModifiedTime(plan);
        Path replacement = plan.resolveSibling("sdd.json.tmp");
        Files.writeString(replacement, SAME_SIZE);
        Files.setLastModifiedTime(replacement, time);
        Files.move(replacement, plan, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);

        assertEquals(digest(SAME_SIZE), digests(later()).get(KEY));
    }

    @Test
    void an_edited_plan_is_hashed_again() throws IOException {
        digests(later());
        Files.writeString(plan, PLAN.replace("one", "three"));
        Files.setLastModifiedTime(plan, FileTime.from(Instant.now().minus(Duration.ofMinutes(1))));

        assertEquals(digest(PLAN.replace("one", "three")), digests(later()).get(KEY));
    }

    @Test
    void a_plan_modified_in_the_last_seconds_is_never_remembered() throws IOException {
        digests(Clock.systemUTC());

        assertFalse(
                Files.readString(cacheFile()).contains("ABC-1"), "it could still change within its time stamp's tick");
    }

    @Test
    void a_damaged_cache_reads_as_empty_and_every_plan_is_hashed() throws IOException {
        digests(later());
        Files.writeString(cacheFile(), Files.readString(cacheFile()).replace("sha256:", "sha256:0"));

        assertEquals(Map.of(KEY, digest(PLAN)), digests(later()));
        assertTrue(new PlanDigestCache(cacheFile()).read().containsKey("ABC-1"), "and it is written again");
    }

    @Test
    void no_workflow_folder_is_no_plans() throws IOException {
        assertEquals(
                Map.of(),
                new PlanFiles(new Workspace(Files.createDirectories(root.resolve("empty"))), later()).digests());
    }

    Path cacheFile() {
        return workspace.checkpointsDir().resolve("plans.txt");
    }
}
