package dev.wb.commands.ci;

import dev.wb.commands.TaskFolder;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.fs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code wb ci init}: writes the GitHub Actions workflow of docs/CI.md to {@code .github/workflows/wb.yml}
 * (or, for GitLab, {@link GitlabPipeline}'s file). On every pull request from a {@code task/KEY} branch it
 * installs wb from its release archive (address and SHA-256 written into the file, or the repository
 * variables {@code WB_DIST_URL} and {@code WB_DIST_SHA256}), fetches the team's task histories
 * ({@code wb sync fetch}) and runs {@code wb ci check} against the branch the request goes into.
 *
 * <p>Written to pass a careful review (and zizmor's audits): every action pinned by commit
 * ({@link PinnedAction}), the checkout keeps no credentials, the token may only read the repository, no
 * expression is spliced into a script (values reach scripts through {@code env:} only), one run a pull
 * request (a newer push cancels the older), and a time limit.
 *
 * <p>The file is wb's: a second run leaves an equal file alone, and replaces one that differs only with
 * {@code --force}. A link, a folder or a FIFO at the path is refused, as a parent folder leading out of
 * the repository is.
 */
public final class CiWorkflow {

    public static final String PATH = CiProvider.GITHUB.path();

    /** The first line, by which the file is known as wb's. */
    static final String MARK = "# wb-generated: wb ci init (docs/CI.md); edit freely, wb ci init --force rewrites it";

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

    /** The workflow's head: what it is for, when it runs, with what rights, and its one job's frame. */
    private static final List<String> HEAD = List.of(
            MARK,
            "# On a pull request from a task/KEY branch: install wb, fetch the team's task histories, and fail",
            "# when the task's plan has no passing audit, the change deviates from it, or the head commit has",
            "# no passing verify run.",
            "name: wb",
            "on:",
            "  pull_request:",
            "permissions:",
            "  contents: read",
            "concurrency:",
            "  group: wb-${{ github.event.pull_request.number }}",
            "  cancel-in-progress: true",
            "jobs:",
            "  task-gate:",
            "    name: wb task gate",
            "    if: startsWith(github.head_ref, 'task/')",
            "    runs-on: ubuntu-24.04",
            "    timeout-minutes: 15",
            "    steps:");

    /** The steps after wb is installed: the team's task histories fetched, then the task's gate. */
    private static final List<String> GATE = List.of(
            "      - name: Fetch the team's task histories",
            "        env:",
            "          WB_FETCH_TOKEN: ${{ github.token }}",
            "        run: |",
            "          # The checkout kept no credentials: this step alone holds the read-only token, in",
            "          # the repository's git config while it runs, and removes it when it ends.",
            "          auth=$(printf 'x-access-token:%s' \"$WB_FETCH_TOKEN\" | base64 -w0)",
            "          echo \"::add-mask::$auth\"",
            "          header=\"http.$GITHUB_SERVER_URL/.extraheader\"",
            "          trap 'git config --local --unset-all \"$header\" || true' EXIT",
            "          git config --local \"$header\" \"AUTHORIZATION: basic $auth\"",
            "          \"$RUNNER_TEMP/wb/bin/wb\" sync fetch origin",
            "      - name: The task's gate (audit, scope, verify on the head commit)",
            "        run: |",
            "          \"$RUNNER_TEMP/wb/bin/wb\" ci check --base \"origin/$GITHUB_BASE_REF\"",
            "");

    private CiWorkflow() {}

    /** The workflow's text, installing wb from {@code dist}. */
    public static String text(WbDist dist) {
        List<String> lines = new ArrayList<>(HEAD);
        lines.addAll(List.of(
                "      - name: Check out the pull request's head commit, with the whole history",
                "        uses: " + PinnedAction.CHECKOUT.uses(),
                "        with:",
                "          ref: ${{ github.event.pull_request.head.sha }}",
                "          fetch-depth: 0",
                "          persist-credentials: false",
                "      - name: Java 17",
                "        uses: " + PinnedAction.SETUP_JAVA.uses(),
                "        with:",
                "          distribution: temurin",
                "          java-version: '17'",
                "      - name: Install wb (its SHA-256 checked before it is unpacked)",
                "        env:",
                "          WB_DIST_URL: " + dist.url().map(CiWorkflow::quoted).orElse("${{ vars.WB_DIST_URL }}"),
                "          WB_DIST_SHA256: "
                        + dist.sha256().map(CiWorkflow::quoted).orElse("${{ vars.WB_DIST_SHA256 }}"),
                "        run: |"));
        if (dist.fromVariables()) {
            lines.add("          if [ -z \"$WB_DIST_URL\" ] || [ -z \"$WB_DIST_SHA256\" ]; then");
            lines.add(
                    "            echo '::error::set the repository variables WB_DIST_URL and WB_DIST_SHA256 (docs/CI.md)'");
            lines.add("            exit 1");
            lines.add("          fi");
        }
        lines.addAll(List.of(
                "          curl -fsSL --proto '=https' --proto-redir '=https' --retry 3 --max-time 300 \\",
                "            -o \"$RUNNER_TEMP/wb.tar.gz\" \"$WB_DIST_URL\"",
                "          echo \"$WB_DIST_SHA256  $RUNNER_TEMP/wb.tar.gz\" | sha256sum -c -",
                "          mkdir -p \"$RUNNER_TEMP/wb\"",
                "          tar xzf \"$RUNNER_TEMP/wb.tar.gz\" -C \"$RUNNER_TEMP/wb\" --strip-components=1 --no-same-owner",
                "          \"$RUNNER_TEMP/wb/bin/wb\" --version"));
        lines.addAll(GATE);
        return String.join("\n", lines);
    }

    /** Writes (or, when {@code dryRun}, only decides) the workflow file. */
    public static Result write(Workspace ws, CiProvider provider, String content, boolean force, boolean dryRun) {
        String path = provider.path();
        Path root = ws.root();
        Path file = root.resolve(path);
        TaskFolder.requireInside(root, file.getParent(), "wb ci init");
        Optional<String> present = existing(file, path);
        if (present.isPresent() && present.get().equals(content)) {
            return new Result(path, Action.UNCHANGED, content);
        }
        if (present.isPresent() && !force) {
            throw Failure.usage(
                    path + " is already there and differs from the file wb writes; nothing written",
                    "the same wb ci init with --force replaces it (git diff then shows what changed), or edit it by"
                            + " hand");
        }
        Action action = present.isPresent() ? Action.UPDATED : Action.WRITTEN;
        if (!dryRun) {
            try {
                Files.createDirectories(file.getParent());
                AtomicFiles.write(file, content.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new Failure(
                        Failure.Kind.CONFIG,
                        "cannot write " + path + ": " + e.getMessage(),
                        List.of("check that " + file.getParent() + " is writable"));
            }
        }
        return new Result(path, action, content);
    }

    private static Optional<String> existing(Path file, String path) {
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            return Optional.empty();
        }
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            throw Failure.usage(
                    path + " is not a regular file (a link, a folder or a FIFO); wb ci init wrote nothing",
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
                    "cannot read " + path + ": " + e.getMessage(),
                    List.of("check that it is readable"));
        }
    }

    /** A YAML single-quoted scalar: the values given here hold no quote (DistOptions' patterns). */
    static String quoted(String value) {
        return "'" + value + "'";
    }
}
