package dev.wb.commands;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.Digests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ContentStoreTest {

    @TempDir
    Path tmp;

    @Test
    void a_file_is_stored_under_the_digest_of_its_bytes_and_reads_back_whole() throws IOException {
        // Given a file larger than any buffer
        byte[] content = new byte[3 * 1024 * 1024 + 17];
        new Random(7).nextBytes(content);
        Path file = Files.write(tmp.resolve("output"), content);
        ContentStore store = new ContentStore(new Workspace(tmp));

        // When it is stored
        String digest = store.putFile(file);

        // Then the digest is the bytes', under the same layout put() uses, and get() returns them
        assertEquals(Digests.sha256(content), digest);
        String hex = Digests.hex(digest);
        Path blob = tmp.resolve(".workflow/local/objects/sha256")
                .resolve(hex.substring(0, 2))
                .resolve(hex.substring(2));
        assertEquals(-1, Files.mismatch(file, blob));
        assertArrayEquals(content, store.get(digest).orElseThrow());
    }

    @Test
    void a_file_and_the_same_bytes_put_directly_are_one_blob() throws IOException {
        ContentStore store = new ContentStore(new Workspace(tmp));
        byte[] content = "same bytes\n".getBytes(StandardCharsets.UTF_8);

        String fromBytes = store.put(content);
        String fromFile = store.putFile(Files.write(tmp.resolve("a"), content));
        String again = store.putFile(Files.write(tmp.resolve("b"), content));

        assertEquals(List.of(fromBytes, fromBytes), List.of(fromFile, again));
        assertEquals(List.of(), leftovers(), "no temporary file is left behind");
    }

    @Test
    void an_empty_file_is_stored_like_any_other() throws IOException {
        ContentStore store = new ContentStore(new Workspace(tmp));

        String digest = store.putFile(Files.createFile(tmp.resolve("empty")));

        assertEquals(Digests.sha256(new byte[0]), digest);
        assertArrayEquals(new byte[0], store.get(digest).orElseThrow());
    }

    @Test
    void a_missing_file_fails_naming_it_and_leaves_nothing_behind() throws IOException {
        ContentStore store = new ContentStore(new Workspace(tmp));

        Failure failure = assertThrows(Failure.class, () -> store.putFile(tmp.resolve("gone.out")));

        assertTrue(failure.getMessage().contains("gone.out"), failure.getMessage());
        assertEquals(List.of(), leftovers());
    }

    private List<Path> leftovers() throws IOException {
        Path objects = tmp.resolve(".workflow/local/objects/sha256");
        try (Stream<Path> files = Files.walk(objects)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".tmp"))
                    .toList();
        }
    }
}
