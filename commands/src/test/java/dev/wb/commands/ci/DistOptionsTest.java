package dev.wb.commands.ci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.commands.base.Failure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which archive CI installs and how its digest is known: the release's by default, never a guess. */
class DistOptionsTest {

    static final String BASE = "https://github.com/acme/wb/releases/download";
    static final Release RELEASED = new Release(BASE, "1.2.0");
    static final String ARCHIVE = BASE + "/v1.2.0/wb-1.2.0.tar.gz";
    static final String SHA = GithubWorkflowAuditsTest.SHA;
    static final String OTHER = "f".repeat(64);

    @TempDir
    Path tmp;

    static DistOptions options(String url, String sha, Path sums, boolean vars) {
        return new DistOptions(Optional.ofNullable(url), Optional.ofNullable(sha), Optional.ofNullable(sums), vars);
    }

    static Failure refused(DistOptions options, Release release) {
        Failure f = assertThrows(Failure.class, () -> options.resolve(release));
        assertEquals(Failure.Kind.USAGE, f.kind());
        assertTrue(!f.fixes().isEmpty(), "a fix: line");
        for (String fix : f.fixes()) {
            assertTrue(!fix.contains("<") && !fix.contains("..."), "no placeholder: " + fix);
        }
        return f;
    }

    Path sums(String... lines) throws IOException {
        return Files.writeString(tmp.resolve(Release.SUMS), String.join("\n", lines) + "\n");
    }

    @Test
    void the_default_archive_is_this_wbs_release_with_the_digest_read_from_its_sums_file() throws IOException {
        Path sums = sums(OTHER + "  wb-1.2.0.zip", SHA + "  wb-1.2.0.tar.gz", OTHER + "  wb-1.2.0.cdx.json");

        WbDist dist = options(null, null, sums, false).resolve(RELEASED);

        assertEquals(Optional.of(ARCHIVE), dist.url());
        assertEquals(Optional.of(SHA), dist.sha256());
    }

    @Test
    void a_sums_line_in_binary_mode_or_with_a_dot_slash_or_uppercase_digest_is_read_too() throws IOException {
        for (String line : new String[] {
            SHA + " *wb-1.2.0.tar.gz", SHA + "  ./wb-1.2.0.tar.gz", SHA.toUpperCase(Locale.ROOT) + "  wb-1.2.0.tar.gz"
        }) {
            assertEquals(
                    Optional.of(SHA),
                    options(null, null, sums(line), false).resolve(RELEASED).sha256(),
                    line);
        }
    }

    @Test
    void sha256_given_is_used_as_it_is() {
        WbDist dist = options(null, SHA, null, false).resolve(RELEASED);
        assertEquals(Optional.of(ARCHIVE), dist.url());
        assertEquals(Optional.of(SHA), dist.sha256());
    }

    @Test
    void without_a_digest_it_refuses_and_says_where_the_releases_sums_file_is() {
        Failure f = refused(options(null, null, null, false), RELEASED);

        assertTrue(f.getMessage().contains("SHA-256 of wb-1.2.0.tar.gz is not known here"), f.getMessage());
        assertEquals(
                "curl -fsSLO " + BASE + "/v1.2.0/SHA256SUMS && wb ci init --sums SHA256SUMS"
                        + "   (check that file against the release page first)",
                f.fixes().get(0));
    }

    @Test
    void a_sums_file_without_the_archive_names_both() throws IOException {
        Path sums = sums(OTHER + "  wb-1.1.0.tar.gz");

        Failure f = refused(options(null, null, sums, false), RELEASED);

        assertTrue(f.getMessage().startsWith(sums + " has no line for wb-1.2.0.tar.gz"), f.getMessage());
    }

    @Test
    void a_missing_sums_file_is_refused() {
        Failure f = refused(options(null, null, tmp.resolve("nope"), false), RELEASED);
        assertTrue(f.getMessage().contains("is not a regular file"), f.getMessage());
        assertEquals(
                "curl -fsSLO " + BASE + "/v1.2.0/SHA256SUMS   (then --sums SHA256SUMS)",
                f.fixes().get(0));
    }

    @Test
    void a_development_build_or_one_built_without_the_release_address_has_no_default_archive() {
        Failure snapshot = refused(options(null, SHA, null, false), new Release(BASE, "0.1.0-SNAPSHOT"));
        assertTrue(snapshot.getMessage().contains("0.1.0-SNAPSHOT) is a development build"), snapshot.getMessage());
        assertTrue(
                snapshot.fixes().get(0).contains("cli/target/wb-0.1.0-SNAPSHOT.tar.gz"),
                snapshot.fixes().get(0));
        assertTrue(
                snapshot.fixes().get(1).startsWith("wb ci init --from-variables"),
                snapshot.fixes().get(1));

        Failure unknown = refused(options(null, SHA, null, false), new Release("", "1.2.0"));
        assertTrue(unknown.getMessage().contains("built without the address of wb's releases"), unknown.getMessage());
    }

    @Test
    void a_self_hosted_archive_takes_its_digest_from_sha256_or_from_a_sums_file_by_its_own_name() throws IOException {
        String url = "https://dist.example.org/tools/wb-9.tar.gz?token=1";
        assertEquals(WbDist.archive(url, SHA), options(url, SHA, null, false).resolve(RELEASED));
        assertEquals(
                WbDist.archive(url, SHA),
                options(url, null, sums(SHA + "  wb-9.tar.gz"), false).resolve(RELEASED));

        Failure f = refused(options(url, null, null, false), new Release("", "0.1.0-SNAPSHOT"));
        assertEquals(
                "wb ci init --dist-url " + url + " --sums SHA256SUMS   (the SHA256SUMS beside wb-9.tar.gz)",
                f.fixes().get(0));
    }

    @Test
    void from_variables_stands_alone_and_digest_sources_do_not_mix() throws IOException {
        assertTrue(options(null, null, null, true).resolve(RELEASED).fromVariables());
        refused(options(ARCHIVE, null, null, true), RELEASED);
        refused(options(null, SHA, null, true), RELEASED);
        refused(options(null, SHA, sums(SHA + "  wb-1.2.0.tar.gz"), false), RELEASED);
    }

    @Test
    void a_plain_http_address_or_a_short_digest_is_refused() {
        refused(options("http://dist.example.org/wb.tar.gz", SHA, null, false), RELEASED);
        refused(options("https://dist.example.org/a b.tar.gz", SHA, null, false), RELEASED);
        refused(options(ARCHIVE, "ABC", null, false), RELEASED);
        refused(options(ARCHIVE, SHA.toUpperCase(Locale.ROOT), null, false), RELEASED);
    }
}
