package dev.wb.cli.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.EventLog;
import dev.wb.engine.EventReader;
import dev.wb.engine.StreamId;
import dev.wb.engine.logs.EventLogs;
import dev.wb.testkit.TempGitRepo;
import dev.wb.testkit.TempGitRepo.ProcessResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/wb sync} as a team runs it, in real processes: two clones append to one task offline,
 * sync in turn, and a fresh CI clone fetches both; every copy equals its writer's chain byte for byte.
 */
class SyncIT {

    private static final Path HOME = Path.of(System.getProperty("user.dir")).getParent();
    private static final Path WB = HOME.resolve("bin/wb");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final StreamId TASK = new StreamId("ABC-1");

    @TempDir
    Path tmp;

    Path remote;
    Path fakeHome;

    @BeforeEach
    void remote() throws IOException {
        remote = TempGitRepo.createBare(tmp, "remote.git");
        TempGitRepo seed = TempGitRepo.create(tmp, "seed");
        // Unsigned clones: how chains merge is the subject here, not who may sign (SignedSyncTest).
        seed.write(".workflow/config.json", "{\"sync\": {\"signatures\": \"off\"}}\n");
        seed.commitAll("unsigned replicas count");
        seed.git("push", "-q", remote.toString(), "main");
        fakeHome = Files.createDirectories(tmp.resolve("home"));
    }

    private ProcessResult wb(TempGitRepo repo, String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(WB.toString());
        argv.addAll(List.of(args));
        Map<String, String> env = new HashMap<>(TempGitRepo.gitEnvironment());
        env.put("HOME", fakeHome.toString());
        env.put("WB_SERVER", "off");
        return TempGitRepo.Processes.run(repo.root(), argv, env, 120);
    }

    private ProcessResult ok(TempGitRepo repo, String... args) {
        ProcessResult result = wb(repo, args);
        assertEquals(0, result.exitCode(), () -> String.join(" ", args) + "\n" + result.stdout() + result.stderr());
        return result;
    }

    private static String replica(TempGitRepo repo) throws IOException {
        return Files.readString(repo.resolve(".workflow/local/sync/replica"), StandardCharsets.UTF_8)
                .strip();
    }

    private static List<String> hashes(Path logDir, StreamId stream) {
        List<String> hashes = new ArrayList<>();
        try (EventLog log = EventLogs.chronicle(logDir)) {
            log.forEachStored(stream, new EventReader.StoredVisitor() {
                @Override
                public void event(EnvelopeCodec.StoredEvent event) {
                    hashes.add(event.storedHash());
                }

                @Override
                public void damaged(String reason) {
                    throw new AssertionError(reason);
                }
            });
        }
        return hashes;
    }

    /** Appends to ABC-1 the way a user does: a blank plan, audited (it fails, and the audit is recorded). */
    private void audit(TempGitRepo repo) {
        ok(repo, "init");
        if (!Files.exists(repo.resolve(".workflow/ABC-1/sdd.json"))) {
            ok(repo, "sdd", "blank", "ABC-1");
        }
        assertEquals(7, wb(repo, "sdd", "audit", "ABC-1").exitCode());
    }

    @Test
    void two_writers_and_a_ci_clone_agree_on_every_chain_after_syncs_in_either_order() throws IOException {
        TempGitRepo a = TempGitRepo.cloneOf(remote, tmp, "a");
        TempGitRepo b = TempGitRepo.cloneOf(remote, tmp, "b");
        audit(a);
        audit(b);
        audit(a);
        Path ownA = a.resolve(".workflow/local/log");
        Path ownB = b.resolve(".workflow/local/log");
        List<String> chainA = hashes(ownA, TASK);
        List<String> chainB = hashes(ownB, TASK);

        ok(b, "sync");
        ok(a, "sync");
        ok(b, "sync");
        String ra = replica(a);
        String rb = replica(b);

        // each clone's own chain is untouched by the syncs; each holds the other's, byte for byte
        assertEquals(chainA, hashes(ownA, TASK));
        assertEquals(chainB, hashes(ownB, TASK));
        assertEquals(hashes(ownA, TASK), hashes(b.resolve(".workflow/local/sync/replicas/" + ra + "/log"), TASK));
        assertEquals(hashes(ownB, TASK), hashes(a.resolve(".workflow/local/sync/replicas/" + rb + "/log"), TASK));
        assertEquals(
                hashes(ownA, StreamId.workspace()),
                hashes(b.resolve(".workflow/local/sync/replicas/" + ra + "/log"), StreamId.workspace()));

        // a fresh CI clone fetches both; a second fetch adds nothing
        TempGitRepo ci = TempGitRepo.cloneOf(remote, tmp, "ci");
        JsonNode first = JSON.readTree(ok(ci, "sync", "fetch", "--json").stdout());
        long expected = (long) hashes(ownA, TASK).size()
                + hashes(ownB, TASK).size()
                + hashes(ownA, StreamId.workspace()).size()
                + hashes(ownB, StreamId.workspace()).size();
        assertEquals(expected, first.get("events").asLong());
        assertEquals(
                0,
                JSON.readTree(ok(ci, "sync", "fetch", "--json").stdout())
                        .get("events")
                        .asLong());
        for (String r : List.of(ra, rb)) {
            Path copy = ci.resolve(".workflow/local/sync/replicas/" + r + "/log");
            Path own = r.equals(ra) ? ownA : ownB;
            assertEquals(hashes(own, TASK), hashes(copy, TASK));
        }
        assertTrue(
                Files.exists(ci.resolve(".workflow/local/sync/replica")),
                "a clone that holds copies is named before its first import: its place in the order never moves");
        assertEquals("", ci.git("status", "--porcelain"), "the copies stay out of git");
        assertTrue(ok(ci, "sync", "fetch").stdout().contains("nothing new to import"));

        // every clone reads the same merged history, whatever order each synced in
        String replay = ok(ci, "replay", "ABC-1", "--json").stdout();
        assertEquals(replay, ok(a, "replay", "ABC-1", "--json").stdout());
        assertEquals(replay, ok(b, "replay", "ABC-1", "--json").stdout());
        assertEquals(chainA.size() + chainB.size(), replay.lines().count());
        assertTrue(ok(ci, "replay", "ABC-1", "--verify").stdout().contains("(replica " + ra + ")"));
        JsonNode status = JSON.readTree(ok(ci, "status", "ABC-1", "--json").stdout());
        assertEquals(chainA.size() + chainB.size(), status.get("events").asInt());
        assertEquals(
                JSON.readTree(ok(a, "status", "ABC-1", "--json").stdout()).get("stages"),
                JSON.readTree(ok(b, "status", "ABC-1", "--json").stdout()).get("stages"),
                "the same plan on both clones: the same stages from the same history");

        // the merged listing is the same on every clone, whatever order each synced in
        String merged = ok(ci, "sync", "log", "ABC-1", "--json").stdout();
        assertEquals(merged, ok(a, "sync", "log", "ABC-1", "--json").stdout());
        assertEquals(merged, ok(b, "sync", "log", "ABC-1", "--json").stdout());
        List<String> lines = merged.lines().toList();
        assertEquals(hashes(ownA, TASK).size() + hashes(ownB, TASK).size(), lines.size());
        JsonNode firstLine = JSON.readTree(lines.get(0));
        assertEquals(0, firstLine.get("event").get("version").asInt());
        assertEquals(
                List.of(ra, rb).stream().sorted().findFirst().orElseThrow(),
                firstLine.get("replica").asText());
    }
}
