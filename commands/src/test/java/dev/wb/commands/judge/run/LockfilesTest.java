package dev.wb.commands.judge.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.wb.engine.Digests;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class LockfilesTest {

    @TempDir
    Path tmp;

    @Test
    void the_names_are_listed_in_the_order_find_returns_them() {
        List<String> sorted = new ArrayList<>(Lockfiles.NAMES);
        sorted.sort(null);
        assertEquals(sorted, Lockfiles.NAMES);
    }

    @Test
    void a_project_without_lockfiles_has_the_fixed_digest_of_the_empty_list() {
        assertEquals(List.of(), Lockfiles.find(tmp));
        assertEquals(Digests.sha256("[]".getBytes(StandardCharsets.UTF_8)), Lockfiles.digest(tmp));
        assertEquals(Lockfiles.EMPTY_DIGEST, Lockfiles.digest(tmp));
    }

    @Test
    void lockfiles_at_the_root_are_found_sorted_by_name_with_their_contents_digests() throws IOException {
        Files.writeString(tmp.resolve("yarn.lock"), "# yarn\n");
        Files.writeString(tmp.resolve("Cargo.lock"), "# cargo\n");
        Files.writeString(tmp.resolve("package.json"), "{}");
        Files.createDirectories(tmp.resolve("sub"));
        Files.writeString(tmp.resolve("sub/pnpm-lock.yaml"), "lockfileVersion: 9\n");

        assertEquals(
                List.of(
                        new Lockfiles.Found("Cargo.lock", Digests.sha256("# cargo\n".getBytes(StandardCharsets.UTF_8))),
                        new Lockfiles.Found("yarn.lock", Digests.sha256("# yarn\n".getBytes(StandardCharsets.UTF_8)))),
                Lockfiles.find(tmp));
    }

    @Test
    void the_digest_changes_when_a_lockfile_changes_appears_or_goes() throws IOException {
        Path lock = Files.writeString(tmp.resolve("package-lock.json"), "{\"lockfileVersion\":3}");
        String first = Lockfiles.digest(tmp);
        assertEquals(first, Lockfiles.digest(tmp), "the same files give the same digest");

        Files.writeString(lock, "{\"lockfileVersion\":3,\"packages\":{}}");
        String edited = Lockfiles.digest(tmp);
        assertNotEquals(first, edited);

        Files.writeString(tmp.resolve("go.sum"), "");
        String added = Lockfiles.digest(tmp);
        assertNotEquals(edited, added);

        Files.delete(lock);
        assertNotEquals(added, Lockfiles.digest(tmp));
    }

    @Test
    void the_same_bytes_under_another_lockfile_name_give_another_digest() throws IOException {
        Files.writeString(tmp.resolve("yarn.lock"), "same");
        String asYarn = Lockfiles.digest(tmp);
        Files.move(tmp.resolve("yarn.lock"), tmp.resolve("pnpm-lock.yaml"));

        assertNotEquals(asYarn, Lockfiles.digest(tmp));
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void a_lockfile_that_is_a_symbolic_link_or_a_folder_is_not_read() throws IOException {
        Path outside = Files.writeString(Files.createTempFile("outside", ".lock"), "outside the project");
        try {
            Files.createSymbolicLink(tmp.resolve("yarn.lock"), outside);
            Files.createDirectories(tmp.resolve("Cargo.lock"));

            assertEquals(List.of(), Lockfiles.find(tmp));
            assertEquals(Lockfiles.EMPTY_DIGEST, Lockfiles.digest(tmp));
        } finally {
            Files.delete(outside);
        }
    }
}
