package dev.wb.cli;

import static dev.wb.cli.testing.CliRun.wb;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.cli.testing.CliRun;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A damaged or forged log and its caches, as a user meets them through the command line: named, never
 * believed, with advice that recovers (hardened in issue 13).
 */
class DamagedOrForgedLogIsCaughtTest {

    @TempDir
    Path tmp;

    private TempGitRepo repo;

    @BeforeEach
    void repository() {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("src/app.py", "# app\nvalue = 1\n");
        repo.write("src/lib.py", "x = 1\n");
        repo.git("add", ".");
        repo.git("commit", "-q", "-m", "app");
    }

    private static String plan(String key, String... files) {
        StringBuilder listed = new StringBuilder();
        for (String file : files) {
            listed.append(listed.length() == 0 ? "" : ", ")
                    .append("{\"path\": \"")
                    .append(file)
                    .append("\", \"change\": \"edit\", \"why\": \"w\"}");
        }
        return "{\"schema\": 1, \"key\": \"" + key
                + "\", \"preset\": \"scaleup\", \"persona\": \"fullstack-specialist\","
                + " \"objective\": \"o\","
                + " \"evidence\": [{\"claim\": \"c\", \"file\": \"src/app.py\", \"line\": 2, \"quote\": \"value = 1\"}],"
                + " \"files\": [" + listed + "], \"zones\": {}, \"steps\": [{\"do\": \"d\"}],"
                + " \"tests\": [{\"kind\": \"unit\", \"asserts\": \"a\"}], \"verify\": [\"pytest -q\"],"
                + " \"rollback\": \"revert\", \"product\": {}, \"questions\": []}";
    }

    private void audited(String key, String... files) {
        repo.write(".workflow/" + key + "/sdd.json", plan(key, files));
        CliRun.Result audit = wb(repo.root(), "sdd", "audit", key);
        assertEquals(0, audit.code(), audit::toString);
    }

    // ---- item 3

    @Test
    void item03_a_checkpoint_forged_to_give_another_task_a_claim_does_not_turn_a_deviation_into_other()
            throws IOException {
        // Defect: a hand-written checkpoint claiming T-3's audited plan lists src/app.py turned T-1's
        // deviation into "other (T-3)" and exit 0, while T-3's real stream holds one event.
        audited("T-1", "src/lib.py");
        audited("T-3", "src/lib.py");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        CliRun.Result honest = wb(repo.root(), "impl", "check", "T-1");
        assertEquals(7, honest.code(), honest::toString);

        Path checkpoint = repo.resolve(".workflow/local/checkpoints/audit.json");
        forge(
                checkpoint,
                "{\"change\":\"edit\",\"path\":\"src/lib.py\"}",
                "{\"change\":\"edit\",\"path\":\"src/app.py\"},{\"change\":\"edit\",\"path\":\"src/lib.py\"}");
        CliRun.Result forged = wb(repo.root(), "impl", "check", "T-1");

        assertEquals(7, forged.code(), forged::toString);
        assertTrue(forged.out().contains("deviation src/app.py"), forged::toString);
        assertFalse(forged.out().contains("(T-3)"), forged::toString);
    }

    @Test
    void item03_a_claim_the_log_holds_still_makes_a_path_other() {
        audited("T-1", "src/lib.py");
        audited("T-3", "src/app.py");
        repo.write("src/app.py", "# app\nvalue = 2\n");
        wb(repo.root(), "impl", "check", "T-1"); // writes the checkpoint

        CliRun.Result again = wb(repo.root(), "impl", "check", "T-1");

        assertEquals(0, again.code(), again::toString);
        assertTrue(again.out().contains("other     src/app.py  (claimed by T-3)"), again::toString);
    }

    /** Rewrites a checkpoint's content and gives it a matching checksum, as anyone with the file could. */
    private static void forge(Path checkpoint, String from, String to) throws IOException {
        byte[] bytes = Files.readAllBytes(checkpoint);
        String text = new String(bytes, StandardCharsets.UTF_8);
        String content = text.substring(0, text.lastIndexOf('\n', text.length() - 2));
        assertTrue(content.contains(from), content);
        String forged = content.replace(from, to);
        CRC32C crc = new CRC32C();
        crc.update(forged.getBytes(StandardCharsets.UTF_8));
        Files.writeString(checkpoint, forged + "\ncrc32c:" + Long.toHexString(crc.getValue()) + "\n");
    }

    // ---- item 16

    @Test
    void item16_a_zeroed_record_header_is_named_by_verify_and_an_append_says_the_log_is_damaged_and_how_to_recover()
            throws IOException {
        // Defect: verify said "2 events, hash chain intact" where 4 were, and every later append failed
        // forever with "task T-1 changed while this command ran … run the command again".
        repo.write(".workflow/T-1/sdd.json", plan("T-1", "src/lib.py"));
        for (int i = 0; i < 4; i++) {
            assertEquals(0, wb(repo.root(), "sdd", "audit", "T-1").code());
        }
        zeroHeaderOfRecord(repo.resolve(".workflow/local/log/streams/T-1"), 2);

        CliRun.Result verify = wb(repo.root(), "replay", "T-1", "--verify");
        CliRun.Result append = wb(repo.root(), "sdd", "audit", "T-1");

        assertEquals(7, verify.code(), verify::toString);
        assertTrue(
                verify.err().startsWith("error: the history of task T-1 does not verify at event 2"), verify::toString);
        assertEquals(3, append.code(), append::toString);
        assertTrue(append.err().startsWith("error: the log of task T-1 is damaged: "), append::toString);
        assertFalse(append.err().contains("changed while this command ran"), append::toString);
        assertTrue(append.err().contains("fix: wb replay T-1 --verify"), append::toString);
        assertTrue(append.err().contains("mv .workflow/local/log/streams/T-1 "), append::toString);
        assertFalse(append.err().contains("\tat "), append::toString);
    }

    @Test
    void item16_following_the_recovery_advice_lets_the_task_start_a_new_history() throws IOException {
        repo.write(".workflow/T-1/sdd.json", plan("T-1", "src/lib.py"));
        for (int i = 0; i < 4; i++) {
            wb(repo.root(), "sdd", "audit", "T-1");
        }
        zeroHeaderOfRecord(repo.resolve(".workflow/local/log/streams/T-1"), 2);
        Files.move(repo.resolve(".workflow/local/log/streams/T-1"), repo.resolve(".workflow/local/T-1.damaged"));

        CliRun.Result audit = wb(repo.root(), "sdd", "audit", "T-1");

        assertEquals(0, audit.code(), audit::toString);
        assertEquals(0, wb(repo.root(), "replay", "T-1", "--verify").code());
    }

    // ---- item 17

    @Test
    void item17_a_garbled_metadata_file_exits_3_at_once_with_the_file_to_move_aside() throws IOException {
        // Defect: "Unable to claim exclusive lock … check that .workflow/local/ is writable" after 13 s.
        audited("T-1", "src/lib.py");
        Path metadata = repo.resolve(".workflow/local/log/streams/T-1/metadata.cq4t");
        byte[] garbage = new byte[4096];
        new Random(17).nextBytes(garbage);
        try (RandomAccessFile file = new RandomAccessFile(metadata.toFile(), "rw")) {
            file.write(garbage);
        }

        long start = System.nanoTime();
        CliRun.Result audit = wb(repo.root(), "sdd", "audit", "T-1");

        assertTrue(System.nanoTime() - start < 5_000_000_000L, "answered without waiting for a lock");
        assertEquals(3, audit.code(), audit::toString);
        assertTrue(
                audit.err().startsWith("error: the log of task T-1 cannot be opened: its metadata file "),
                audit::toString);
        assertTrue(audit.err().contains("\n  fix: mv " + metadata + " " + metadata + ".damaged"), audit::toString);
        Files.move(metadata, metadata.resolveSibling("metadata.cq4t.damaged"));
        assertEquals(0, wb(repo.root(), "replay", "T-1", "--verify").code(), "no event was lost");
    }

    // ---- item 29

    @Test
    void item29_the_tamper_advice_does_not_send_the_user_to_another_clone() throws IOException {
        // Defect: the advice said to compare with "another clone", which cannot have the log.
        audited("T-1", "src/lib.py");
        audited("T-1", "src/lib.py");
        flipPayloadByte(repo.resolve(".workflow/local/log/streams/T-1"), "\"verdict\":\"pass\"", 1);

        CliRun.Result verify = wb(repo.root(), "replay", "T-1", "--verify");

        assertEquals(7, verify.code(), verify::toString);
        assertFalse(verify.err().contains("another clone"), verify::toString);
        assertTrue(verify.err().contains("no clone or remote holds it"), verify::toString);
        assertTrue(verify.err().contains("backup"), verify::toString);
        assertTrue(verify.err().contains("mv .workflow/local/log/streams/T-1 "), verify::toString);
    }

    @Test
    void item29_status_flags_a_stream_whose_chain_does_not_verify() throws IOException {
        // Defect: wb status did not flag a damaged stream at all.
        audited("T-1", "src/lib.py");
        audited("T-1", "src/lib.py");
        audited("T-2", "src/lib.py");
        assertEquals(0, wb(repo.root(), "status").code()); // checkpoints and chain verdicts are current
        flipPayloadByte(repo.resolve(".workflow/local/log/streams/T-1"), "\"verdict\":\"pass\"", 1);

        CliRun.Result status = wb(repo.root(), "status");
        CliRun.Result json = wb(repo.root(), "status", "--json");
        CliRun.Result one = wb(repo.root(), "status", "T-1");

        assertTrue(
                status.err().contains("warning: the history of task T-1 does not verify at event 1"), status::toString);
        assertTrue(status.err().contains("wb replay T-1 --verify"), status::toString);
        assertFalse(status.err().contains("T-2"), status::toString);
        assertEquals(1, json.json().get("damaged").size(), json::toString);
        assertEquals("T-1", json.json().get("damaged").get(0).get("stream").asText(), json::toString);
        assertEquals(1, json.json().get("damaged").get(0).get("firstBreak").asInt(), json::toString);
        assertTrue(one.out().contains("history:       does not verify at event 1"), one::toString);
    }

    /** Changes the last character of the {@code nth} (0-based) occurrence of {@code needle} in the stream's file. */
    private static void flipPayloadByte(Path streamDir, String needle, int nth) throws IOException {
        Path cycle = cycleFile(streamDir);
        byte[] bytes = Files.readAllBytes(cycle);
        byte[] pattern = needle.getBytes(StandardCharsets.UTF_8);
        int at = -1;
        for (int i = 0, seen = 0; i <= bytes.length - pattern.length && at < 0; i++) {
            if (Arrays.equals(bytes, i, i + pattern.length, pattern, 0, pattern.length) && seen++ == nth) {
                at = i;
            }
        }
        assertTrue(at >= 0, needle + " #" + nth + " in " + cycle);
        try (RandomAccessFile file = new RandomAccessFile(cycle.toFile(), "rw")) {
            file.seek(at + pattern.length - 2);
            file.write('x'); // "pass" -> "pasx": still JSON, another content
        }
    }

    /** Zeroes the 4-byte Chronicle header of the {@code nth} (0-based) record: the one before the nth frame. */
    private static void zeroHeaderOfRecord(Path streamDir, int nth) throws IOException {
        Path cycle = cycleFile(streamDir);
        byte[] bytes = Files.readAllBytes(cycle);
        byte[] start = "{\"actor\":{".getBytes(StandardCharsets.UTF_8);
        int at = -1;
        for (int i = 0, seen = 0; i <= bytes.length - start.length && at < 0; i++) {
            if (Arrays.equals(bytes, i, i + start.length, start, 0, start.length) && seen++ == nth) {
                at = i;
            }
        }
        assertTrue(at >= 0, "record " + nth + " in " + cycle);
        try (RandomAccessFile file = new RandomAccessFile(cycle.toFile(), "rw")) {
            file.seek(at - 4 - 8 - 4); // the event's header length, the frame's format and count, Chronicle's header
            file.write(new byte[4]);
        }
    }

    private static Path cycleFile(Path streamDir) throws IOException {
        try (Stream<Path> files = Files.list(streamDir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".cq4"))
                    .findFirst()
                    .orElseThrow();
        }
    }
}
