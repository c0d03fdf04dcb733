package dev.wb.commands;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.InputFiles.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one reader of untrusted input files, on a real file system: what it reads and what it refuses. */
class InputFilesTest {

    @TempDir
    Path tmp;

    Path root;

    @BeforeEach
    void repository() throws IOException {
        root = Files.createDirectories(tmp.resolve("repo"));
    }

    Path write(String relative, byte[] bytes) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        return Files.write(file, bytes);
    }

    @Test
    void nothing_at_the_path_is_empty_not_an_error() throws InputFiles.Unusable {
        assertEquals(Optional.empty(), InputFiles.read(root, root.resolve(".workflow/config.json"), Kind.CONFIG));
    }

    @Test
    void a_utf8_byte_order_mark_is_accepted_kept_in_the_bytes_and_left_out_of_the_text() throws Exception {
        byte[] bytes = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '{', '}'};
        Path file = write(".workflow/config.json", bytes);

        InputFiles.Content content = InputFiles.read(root, file, Kind.CONFIG).orElseThrow();

        assertArrayEquals(bytes, content.bytes());
        assertEquals("{}", content.text());
        assertArrayEquals(new byte[] {'{', '}'}, content.textBytes());
    }

    @Test
    void utf16_and_nul_bytes_are_refused_as_not_utf8_text() throws IOException {
        Path wide = write("a.yaml", "a: 1\n".getBytes(StandardCharsets.UTF_16LE));
        Path marked = write("b.yaml", "a: 1\n".getBytes(StandardCharsets.UTF_16));

        InputFiles.Unusable nul = assertThrows(InputFiles.Unusable.class, () -> InputFiles.read(root, wide, Kind.FLOW));
        InputFiles.Unusable bom =
                assertThrows(InputFiles.Unusable.class, () -> InputFiles.read(root, marked, Kind.FLOW));

        assertEquals(
                "a.yaml holds a NUL byte at offset 1 (line 1): it is not text (UTF-16 without a byte order"
                        + " mark, or binary)",
                nul.getMessage());
        assertEquals(
                "b.yaml is UTF-16 text (it starts with a UTF-16 byte order mark); wb reads UTF-8", bom.getMessage());
    }

    @Test
    void a_link_that_stays_inside_the_repository_is_followed() throws Exception {
        Path plan = write("plans/abc.json", "{}".getBytes(StandardCharsets.UTF_8));
        Path link = root.resolve(".workflow/ABC-1/sdd.json");
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, plan);

        assertEquals("{}", InputFiles.read(root, link, Kind.PLAN).orElseThrow().text());
    }

    @Test
    void a_dangling_link_is_refused_not_taken_for_no_file() throws IOException {
        Path link = root.resolve("policy.json");
        Files.createSymbolicLink(link, root.resolve("gone.json"));

        InputFiles.Unusable e = assertThrows(InputFiles.Unusable.class, () -> InputFiles.read(root, link, Kind.POLICY));

        assertEquals("policy.json is a symbolic link to a file that does not exist; it was not read", e.getMessage());
    }

    @Test
    void a_file_the_user_names_may_lie_outside_the_repository() throws Exception {
        Path env = Files.writeString(tmp.resolve("secrets.env"), "TOKEN=x\n");

        assertEquals(
                "TOKEN=x\n",
                InputFiles.readNamed(env, Kind.ENV_FILE).orElseThrow().text());
        assertTrue(assertThrows(InputFiles.Unusable.class, () -> InputFiles.read(root, env, Kind.ENV_FILE))
                .getMessage()
                .contains("resolves outside the repository"));
    }

    @Test
    void a_file_at_its_limit_is_read_and_one_byte_more_is_refused() throws Exception {
        Path exact =
                write("exact.txt", "a".repeat((int) Kind.COMMIT_MESSAGE.limit()).getBytes(StandardCharsets.UTF_8));
        Path over = write(
                "over.txt", "a".repeat((int) Kind.COMMIT_MESSAGE.limit() + 1).getBytes(StandardCharsets.UTF_8));

        assertEquals(
                Kind.COMMIT_MESSAGE.limit(),
                InputFiles.read(root, exact, Kind.COMMIT_MESSAGE).orElseThrow().bytes().length);
        InputFiles.Unusable e =
                assertThrows(InputFiles.Unusable.class, () -> InputFiles.read(root, over, Kind.COMMIT_MESSAGE));
        assertEquals(
                "over.txt is larger than a commit message may be (65537 bytes or more; at most 64 KiB); it was"
                        + " not read",
                e.getMessage());
        assertEquals("shorten over.txt to at most 64 KiB", e.fix());
    }
}
