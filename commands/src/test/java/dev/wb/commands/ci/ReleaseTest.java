package dev.wb.commands.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** wb's own release: the address the build filled in, and where a release's files are under it. */
class ReleaseTest {

    @Test
    void the_running_wb_reads_the_address_its_build_filled_in_and_its_version_without_the_commit() {
        Release current = Release.current();

        assertFalse(current.baseUrl().contains("${"), "filtered by the build: " + current.baseUrl());
        assertFalse(current.version().contains("+"), current.version());
        assertFalse(current.version().isEmpty());
        assertEquals(current.version().contains("SNAPSHOT") || current.baseUrl().isEmpty(), !current.published());
    }

    @Test
    void a_releases_archive_and_sums_sit_in_the_folder_of_its_tag() {
        Release release = new Release("https://github.com/acme/wb/releases/download/", "1.2.0");

        assertTrue(release.published());
        assertEquals("wb-1.2.0.tar.gz", release.archiveName());
        assertEquals("https://github.com/acme/wb/releases/download/v1.2.0/wb-1.2.0.tar.gz", release.archiveUrl());
        assertEquals("https://github.com/acme/wb/releases/download/v1.2.0/SHA256SUMS", release.sumsUrl());
    }

    @Test
    void a_snapshot_a_build_without_an_address_or_an_odd_version_publishes_nothing() {
        assertFalse(new Release("https://github.com/acme/wb/releases/download", "1.3.0-SNAPSHOT").published());
        assertFalse(new Release("", "1.2.0").published());
        assertFalse(new Release("https://github.com/acme/wb/releases/download", "unknown").published());
        assertTrue(new Release("https://github.com/acme/wb/releases/download", "2.0.0-rc.1").published());
    }
}
