package dev.wb.commands.ci;

import dev.wb.commands.base.Failure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code wb ci init} was told about the archive CI installs, and the {@link WbDist} that follows.
 * Without {@code --dist-url} the archive is the running wb's own release ({@link Release}). Its digest
 * must come from outside: a wb cannot know the SHA-256 of the archive it was unpacked from, so it is
 * {@code --sha256}, or read from the {@code SHA256SUMS} downloaded with the release ({@code --sums}).
 * {@code --from-variables} leaves both to the CI's variables.
 */
public record DistOptions(
        Optional<String> distUrl, Optional<String> sha256, Optional<Path> sums, boolean fromVariables) {

    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern URL = Pattern.compile("https://[A-Za-z0-9._~:/?#\\[\\]@!$&()*+,;=%-]+");
    /** A line of sha256sum's output: the digest, a space, then a space (text) or a star (binary), the name. */
    private static final Pattern SUMS_LINE = Pattern.compile("([0-9a-fA-F]{64}) [ *](?:\\./)?(.+)");

    private static final long MAX_SUMS = 1_000_000;

    /** The archive CI installs, or the CI's variables; a usage failure (exit 2) names what is missing. */
    public WbDist resolve(Release release) {
        if (fromVariables) {
            if (distUrl.isPresent() || sha256.isPresent() || sums.isPresent()) {
                throw Failure.usage(
                        "--from-variables leaves the archive's address and digest to the CI's variables;"
                                + " it does not go with --dist-url, --sha256 or --sums",
                        "wb ci init --from-variables   (alone), or drop it to write the archive into the file");
            }
            return WbDist.variables();
        }
        if (sha256.isPresent() && sums.isPresent()) {
            throw Failure.usage(
                    "--sha256 and --sums both give the archive's digest; give one",
                    "wb ci init --sums " + sums.get() + "   (the digest is read from it)");
        }
        String url = distUrl.orElseGet(() -> releaseUrl(release));
        if (!URL.matcher(url).matches()) {
            throw Failure.usage(
                    "--dist-url must be an https:// address without spaces or quotes",
                    url.startsWith("http://")
                            ? "wb ci init --dist-url " + url.replaceFirst("^http://", "https://")
                                    + "   (if the host serves it over https)"
                            : "give its https:// address with each space or quote percent-encoded (a space as %20)");
        }
        String name = archiveName(url);
        if (sha256.isPresent()) {
            if (!SHA256.matcher(sha256.get()).matches()) {
                throw Failure.usage(
                        "--sha256 must be 64 lowercase hex digits",
                        "sha256sum " + name + "   (the first word it prints)");
            }
            return WbDist.archive(url, sha256.get());
        }
        if (sums.isPresent()) {
            return WbDist.archive(url, fromSums(sums.get(), name, release));
        }
        throw noDigest(url, name, release);
    }

    private static String releaseUrl(Release release) {
        if (release.published()) {
            return release.archiveUrl();
        }
        String why;
        if (release.version().contains("SNAPSHOT")) {
            why = "this wb (" + release.version() + ") is a development build: no release archive of it is"
                    + " published for CI to install";
        } else if (release.baseUrl().isEmpty()) {
            why = "this wb (" + release.version() + ") was built without the address of wb's releases"
                    + " (wb.release.url in the root pom)";
        } else {
            why = "this wb's version (" + release.version() + ") is not a release's";
        }
        throw Failure.usage(
                why,
                "host the archive the build wrote (cli/target/" + release.archiveName() + ") over https, then give"
                        + " wb ci init its address (--dist-url) and digest (--sha256, the first word of sha256sum "
                        + release.archiveName() + ")",
                "wb ci init --from-variables   (CI then reads WB_DIST_URL and WB_DIST_SHA256 from the project's"
                        + " settings)");
    }

    private static Failure noDigest(String url, String name, Release release) {
        boolean own = release.published() && url.equals(release.archiveUrl());
        String sumsHint = own
                ? "curl -fsSLO " + release.sumsUrl() + " && wb ci init --sums " + Release.SUMS
                        + "   (check that file against the release page first)"
                : "wb ci init --dist-url " + url + " --sums " + Release.SUMS + "   (the SHA256SUMS beside " + name
                        + ")";
        return Failure.usage(
                "the SHA-256 of " + name + " is not known here (a wb cannot know the digest of the archive it"
                        + " came in), and CI installs it only if its digest matches",
                sumsHint,
                "or --sha256 with the first word of: sha256sum " + name);
    }

    /** The digest the sums file gives {@code name}. */
    static String fromSums(Path file, String name, Release release) {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw Failure.usage(
                    "--sums " + file + " is not a regular file here",
                    release.published()
                            ? "curl -fsSLO " + release.sumsUrl() + "   (then --sums " + Release.SUMS + ")"
                            : "give the path of the " + Release.SUMS + " published beside " + name);
        }
        List<String> lines;
        try {
            if (Files.size(file) > MAX_SUMS) {
                throw Failure.usage(
                        "--sums " + file + " is over " + MAX_SUMS + " bytes: not a " + Release.SUMS + " file",
                        "give the " + Release.SUMS + " published beside " + name);
            }
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw Failure.usage("cannot read --sums " + file + ": " + e.getMessage(), "check that it is readable");
        }
        for (String line : lines) {
            Matcher m = SUMS_LINE.matcher(line.strip());
            if (m.matches() && m.group(2).equals(name)) {
                return m.group(1).toLowerCase(Locale.ROOT);
            }
        }
        throw Failure.usage(
                file + " has no line for " + name + " (sha256sum's form: <64 hex>  " + name + ")",
                "give the " + Release.SUMS + " published with " + name + ", or --sha256 with the first word of:"
                        + " sha256sum " + name);
    }

    /** The file's name at the end of the address, without a query or fragment. */
    static String archiveName(String url) {
        String path = url.replaceFirst("[?#].*$", "");
        return path.substring(path.lastIndexOf('/') + 1);
    }
}
