package dev.wb.commands.ci;

import java.util.Locale;

/** Where {@code wb ci init} writes its gate: GitHub Actions or GitLab CI (docs/CI.md). */
public enum CiProvider {
    /** A workflow of its own, run on every pull request. */
    GITHUB(".github/workflows/wb.yml"),
    /** A file the project's {@code .gitlab-ci.yml} includes; its job runs on merge requests. */
    GITLAB(".gitlab/wb-ci.yml");

    private final String path;

    CiProvider(String path) {
        this.path = path;
    }

    /** The file, relative to the repository's root. */
    public String path() {
        return path;
    }

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }
}
