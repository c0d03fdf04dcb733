package dev.wb.git;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Which backend answers a read: the caller's choice, else the measured one, else (SHA-256) the binary. */
class ReadTest {

    @ParameterizedTest
    @EnumSource(Read.class)
    void an_explicit_backend_is_always_used(Read read) {
        assertEquals(Backend.JGIT, read.backend(Backend.JGIT, ObjectFormat.SHA1));
        assertEquals(Backend.CLI, read.backend(Backend.CLI, ObjectFormat.SHA1));
    }

    @ParameterizedTest
    @EnumSource(Read.class)
    void auto_reads_sha256_repositories_with_the_binary(Read read) {
        assertEquals(Backend.CLI, read.backend(Backend.AUTO, ObjectFormat.SHA256));
    }

    @ParameterizedTest
    @EnumSource(Read.class)
    void auto_picks_a_concrete_backend_for_sha1(Read read) {
        Backend chosen = read.backend(Backend.AUTO, ObjectFormat.SHA1);
        assertEquals(true, chosen == Backend.CLI || chosen == Backend.JGIT, chosen::name);
    }
}
