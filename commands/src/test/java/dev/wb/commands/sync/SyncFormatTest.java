package dev.wb.commands.sync;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.sync.wire.EventsBlob;
import dev.wb.commands.sync.wire.SyncCommit;
import dev.wb.commands.sync.wire.SyncRef;
import dev.wb.engine.EnvelopeCodec;
import dev.wb.engine.StreamHead;
import dev.wb.engine.StreamId;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The names and bytes wb sync reads from git, hostile shapes included. */
class SyncFormatTest {

    static final String R = "0123456789abcdef";

    @Test
    void only_the_two_ref_shapes_with_a_stored_key_and_a_replica_id_are_wbs() {
        assertEquals(Optional.of(new SyncRef(new StreamId("ABC-1"), R)), SyncRef.parse("tasks/ABC-1/" + R));
        assertEquals(Optional.of(new SyncRef(StreamId.workspace(), R)), SyncRef.parse("workspace/" + R));
        assertEquals("tasks/ABC-1/" + R, new SyncRef(new StreamId("ABC-1"), R).name());
        for (String name : List.of(
                "tasks/abc-1/" + R,
                "tasks/workspace/" + R,
                "tasks/ABC-1/" + R + "/x",
                "tasks/ABC-1/0123456789ABCDEF",
                "tasks/ABC-1/0123",
                "tasks/../" + R,
                "workspace/" + R + "0",
                "heads/main",
                "tasks/ABC-1")) {
            assertEquals(Optional.empty(), SyncRef.parse(name), name);
        }
    }

    @Test
    void an_events_blob_is_header_and_payload_lines_hashed_as_stored() throws Exception {
        byte[] header = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
        byte[] payload = "{\"b\":2}".getBytes(StandardCharsets.UTF_8);
        EnvelopeCodec.StoredEvent event = new EnvelopeCodec.StoredEvent(header, payload, "sha256:" + "0".repeat(64));
        byte[] blob = EventsBlob.encode(List.of(event, event));
        assertEquals("{\"a\":1}\n{\"b\":2}\n{\"a\":1}\n{\"b\":2}\n", new String(blob, StandardCharsets.UTF_8));

        List<EnvelopeCodec.StoredEvent> decoded = EventsBlob.decode(blob);
        assertEquals(2, decoded.size());
        assertArrayEquals(header, decoded.get(1).header());
        assertEquals(EnvelopeCodec.digest(header, payload), decoded.get(0).storedHash());

        for (String bad : List.of("", "{\"a\":1}\n", "{\"a\":1}\n{\"b\":2}", "{\"a\":1}\n\n", "\n{\"b\":2}\n")) {
            assertThrows(
                    EventsBlob.MalformedException.class,
                    () -> EventsBlob.decode(bad.getBytes(StandardCharsets.UTF_8)),
                    bad);
        }
    }

    @Test
    void a_commit_is_read_for_its_tree_parents_and_trailers_only() throws Exception {
        String message = SyncCommit.message(
                new SyncRef(new StreamId("ABC-1"), R), 3, new StreamHead(7, "sha256:" + "a".repeat(64)));
        String raw = "tree " + "1".repeat(40) + "\nparent " + "2".repeat(40)
                + "\nauthor wb <x@replica.wb.invalid> 1 +0000\ncommitter wb <x@replica.wb.invalid> 1 +0000\n\n"
                + message;
        SyncCommit commit = SyncCommit.parse("c".repeat(40), raw.getBytes(StandardCharsets.UTF_8));
        assertEquals("1".repeat(40), commit.tree());
        assertEquals(List.of("2".repeat(40)), commit.parents());
        assertArrayEquals(new long[] {3, 7}, commit.versions());
        assertEquals("ABC-1", commit.trailer("Wb-Stream"));
        assertEquals(R, commit.trailer("Wb-Replica"));

        for (String versions : List.of("7..3", "x..3", "3", "-1..2", "1..99999999999999999999")) {
            SyncCommit odd = SyncCommit.parse(
                    "c".repeat(40),
                    raw.replace("Wb-Versions: 3..7", "Wb-Versions: " + versions).getBytes(StandardCharsets.UTF_8));
            assertThrows(SyncCommit.MalformedException.class, odd::versions, versions);
        }
        assertThrows(
                SyncCommit.MalformedException.class,
                () -> SyncCommit.parse("c".repeat(40), (raw + "Wb-Head: again\n").getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void a_tree_must_be_the_one_events_file() throws Exception {
        byte[] id = HexFormat.of().parseHex("ab".repeat(20));
        byte[] entry = "100644 events\0".getBytes(StandardCharsets.US_ASCII);
        byte[] tree = new byte[entry.length + id.length];
        System.arraycopy(entry, 0, tree, 0, entry.length);
        System.arraycopy(id, 0, tree, entry.length, id.length);
        assertEquals("ab".repeat(20), SyncCommit.eventsBlob("f".repeat(40), tree));

        byte[] executable = tree.clone();
        executable[4] = '5';
        byte[] longer = new byte[tree.length + 1];
        System.arraycopy(tree, 0, longer, 0, tree.length);
        for (byte[] bad : List.of(executable, longer, new byte[0])) {
            SyncCommit.MalformedException e =
                    assertThrows(SyncCommit.MalformedException.class, () -> SyncCommit.eventsBlob("f".repeat(40), bad));
            assertTrue(e.getMessage().contains("one file named events"));
        }
    }
}
