package dev.wb.commands.ci;

import java.util.Optional;

/**
 * Where CI gets wb: an archive by its {@code https://} address and SHA-256, written into the file, or
 * (both empty) the CI's own variables {@code WB_DIST_URL} and {@code WB_DIST_SHA256}, read when the job runs.
 */
public record WbDist(Optional<String> url, Optional<String> sha256) {

    public static WbDist variables() {
        return new WbDist(Optional.empty(), Optional.empty());
    }

    public static WbDist archive(String url, String sha256) {
        return new WbDist(Optional.of(url), Optional.of(sha256));
    }

    public boolean fromVariables() {
        return url.isEmpty();
    }
}
