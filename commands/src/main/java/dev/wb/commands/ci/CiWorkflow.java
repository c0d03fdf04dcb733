package dev.wb.commands.ci;

import dev.wb.commands.Failure;
import dev.wb.commands.TaskFolder;
import dev.wb.commands.Workspace;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code wb ci init}: writes the GitHub Actions workflow of docs/CI.md to {@code .github/workflows/wb.yml}.
 * On every pull request from a {@code task/KEY} branch it installs wb from its distribution (the archive's
 * address and SHA-256 given here, or the repository variables {@code WB_DIST_URL} and
 * {@code WB_DIST_SHA256}), fetches the team's task histories ({@code wb sync fetch}) and runs
 * {@code wb ci check} against the branch the request goes into.
 *
 * <p>The file is wb's: a second run leaves an equal file alone, and replaces one that differs only with
 * {@code --force}. A link, a folder or a FIFO at the path is refused, as a {@code .github} leading out of
 * the repository is. Values from the pull request reach the script through the environment only, never
 * spliced into it (GitHub's advice against script injection).
 */
public final class CiWorkflow {

    public static final String PATH = ".github/workflows/wb.yml";

    /** The first line, by which the file is known as wb's. */
    static final String MARK = "# wb-generated: wb ci init (docs/CI.md); edit freely, wb ci init --force rewrites it";

    private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
    private static final Pattern URL = Pattern.compile("https://[A-Za-z0-9._~:/?#\\[\\]@!$&()*+,;=%-]+");

    /** What happened to the file. */
    public enum Action {
        WRITTEN,
        UPDATED,
        UNCHANGED;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public record Result(String path, Action action, String content) {}

    private CiWorkflow() {}

    /** The workflow's text; with no archive given, it reads the two repository variables. */
    public static String text(Optional<String> distUrl, Optional<String> sha256) {
        if (distUrl.isPresent() != sha256.isPresent()) {
            throw Failure.usage(
                    "--dist-url and --sha256 go together: the archive is installed only if its digest matches",
                    "give both, or neither to read the repository variables WB_DIST_URL and WB_DIST_SHA256");
        }
        distUrl.ifPresent(url -> {
            if (!URL.matcher(url).matches()) {
                throw Failure.usage(
                        "--dist-url must be an https:// address without spaces or quotes",
                        "give the address of the wb-<version>.tar.gz a release serves");
            }
        });
        sha256.ifPresent(digest -> {
            if (!SHA256.matcher(digest).matches()) {
                throw Failure.usage(
                        "--sha256 must be 64 lowercase hex digits",
                        "sha256sum wb-<version>.tar.gz   (the first word it prints)");
            }
        });
        String url = distUrl.map(CiWorkflow::quoted).orElse("${{ vars.WB_DIST_URL }}");
        String digest = sha256.map(CiWorkflow::quoted).orElse("${{ vars.WB_DIST_SHA256 }}");
        return String.join(
                "\n",
                MARK,
                "# On a pull request from a task/KEY branch: install wb, fetch the team's task histories, and fail",
                "# when the task's plan has no passing audit, the change deviates from it, or the head commit has",
                "# no passing verify run.",
                "name: wb",
                "on:",
                "  pull_request:",
                "permissions:",
                "  contents: read",
                "jobs:",
                "  task-gate:",
                "    if: startsWith(github.head_ref, 'task/')",
                "    runs-on: ubuntu-latest",
                "    timeout-minutes: 15",
                "    steps:",
                "      - uses: actions/checkout@v4",
                "        with:",
                "          ref: ${{ github.event.pull_request.head.sha }}",
                "          fetch-depth: 0",
                "      - uses: actions/setup-java@v4",
                "        with:",
                "          distribution: temurin",
                "          java-version: '17'",
                "      - name: Install wb",
                "        env:",
                "          WB_DIST_URL: " + url,
                "          WB_DIST_SHA256: " + digest,
                "        run: |",
                "          test -n \"$WB_DIST_URL\" && test -n \"$WB_DIST_SHA256\" || {",
                "            echo '::error::set the repository variables WB_DIST_URL and WB_DIST_SHA256 (docs/CI.md)'; exit 1; }",
                "          curl -fsSL --proto '=https' -o \"$RUNNER_TEMP/wb.tar.gz\" \"$WB_DIST_URL\"",
                "          echo \"$WB_DIST_SHA256  $RUNNER_TEMP/wb.tar.gz\" | sha256sum -c -",
                "          mkdir -p \"$RUNNER_TEMP/wb\"",
                "          tar xzf \"$RUNNER_TEMP/wb.tar.gz\" -C \"$RUNNER_TEMP/wb\" --strip-components=1",
                "          echo \"$RUNNER_TEMP/wb/bin\" >> \"$GITHUB_PATH\"",
                "      - run: wb --version",
                "      - name: Fetch the team's task histories",
                "        run: wb sync fetch origin",
                "      - name: The task's gate (audit, scope, verify on the head commit)",
                "        run: wb ci check --base \"origin/$GITHUB_BASE_REF\"",
                "");
    }

    /** Writes (or, when {@code dryRun}, only decides) the workflow file. */
    public static Result write(Workspace ws, String content, boolean force, boolean dryRun) {
        Path root = ws.root();
        Path file = root.resolve(PATH);
        TaskFolder.requireInside(root, file.getParent(), "wb ci init");
        Optional<String> present = existing(file);
        if (present.isPresent() && present.get().equals(content)) {
            return new Result(PATH, Action.UNCHANGED, content);
        }
        if (present.isPresent() && !force) {
            throw Failure.usage(
                    PATH + " is already there and differs from the workflow wb writes; nothing written",
                    "wb ci init --force   (replaces it; git diff shows what changed), or edit it by hand");
        }
        Action action = present.isPresent() ? Action.UPDATED : Action.WRITTEN;
        if (!dryRun) {
            try {
                Files.createDirectories(file.getParent());
                AtomicFiles.write(file, content.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        "cannot write " + PATH + ": " + e.getMessage(),
                        List.of("check that " + file.getParent() + " is writable"));
            }
        }
        return new Result(PATH, action, content);
    }

    private static Optional<String> existing(Path file) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw Failure.usage(
                    PATH + " is not a regular file (a link, a folder or a FIFO); wb ci init wrote nothing",
                    "remove it, then run wb ci init again");
        }
        try {
            if (Files.size(file) > 1_000_000) {
                return Optional.of(""); // no workflow wb writes is that long: it differs
            }
            byte[] bytes = Files.readAllBytes(file);
            return Optional.of(new String(bytes, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot read " + PATH + ": " + e.getMessage(),
                    List.of("check that it is readable"));
        }
    }

    private static String quoted(String value) {
        return "'" + value + "'";
    }
}
