package dev.wb.cli.ci;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.ci.CiProvider;
import dev.wb.commands.ci.CiWorkflow;
import dev.wb.commands.ci.DistOptions;
import dev.wb.commands.ci.GitlabPipeline;
import dev.wb.commands.ci.Release;
import dev.wb.commands.ci.WbDist;
import dev.wb.engine.json.CanonicalJson;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb ci init}: writes the CI gate, {@code .github/workflows/wb.yml} or {@code .gitlab/wb-ci.yml} (docs/CI.md). */
public final class CiInitCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("written, or already the same"),
            Exit.USAGE.as("no digest for the archive, a malformed --dist-url, --sha256, --sums or --image, or a"
                    + " different file is there without --force (nothing written)"),
            Exit.CONFIG.as("cannot write"));

    private String provider = CiProvider.GITHUB.id();
    private String distUrl;
    private String sha256;
    private String sums;
    private boolean fromVariables;
    private String image;
    private boolean force;
    private boolean dryRun;
    private boolean stdout;

    private CiInitCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        CiInitCmd cmd = new CiInitCmd(root);
        CommandSpec spec = cmd.command(
                "init",
                "Write the CI gate: on a pull (merge) request from a task/KEY branch it installs wb from its release"
                        + " archive (SHA-256 checked), fetches the team's task histories and runs wb ci check.",
                "GitHub: " + CiWorkflow.PATH + "; GitLab (--provider gitlab): " + CiProvider.GITLAB.path()
                        + ", included from .gitlab-ci.yml. The archive is this wb's release unless --dist-url;"
                        + " its digest comes from --sums (the release's SHA256SUMS) or --sha256.");
        spec.addOption(Specs.option(
                "--provider",
                "github|gitlab",
                String.class,
                "where the gate runs (default github)",
                value -> cmd.provider = (String) value));
        spec.addOption(Specs.option(
                "--dist-url",
                "URL",
                String.class,
                "the https:// address of the wb-<version>.tar.gz to install (default: this wb's release)",
                value -> cmd.distUrl = (String) value));
        spec.addOption(Specs.option(
                "--sha256",
                "HEX",
                String.class,
                "the archive's SHA-256, checked before it is unpacked",
                value -> cmd.sha256 = (String) value));
        spec.addOption(Specs.option(
                "--sums",
                "FILE",
                String.class,
                "read the archive's SHA-256 from this " + Release.SUMS + " (the one published with the release)",
                value -> cmd.sums = (String) value));
        spec.addOption(Specs.flag(
                "--from-variables",
                "read the address and digest from the CI's variables WB_DIST_URL and WB_DIST_SHA256 when it runs",
                value -> cmd.fromVariables = value));
        spec.addOption(Specs.option(
                "--image",
                "IMAGE",
                String.class,
                "GitLab: the job's image, best NAME@sha256:DIGEST (default " + GitlabPipeline.DEFAULT_IMAGE + ")",
                value -> cmd.image = (String) value));
        spec.addOption(Specs.flag("--force", "replace a file that differs", value -> cmd.force = value));
        spec.addOption(
                Specs.flag("--dry-run", "say what would be written; write nothing", value -> cmd.dryRun = value));
        spec.addOption(Specs.flag("--stdout", "print the file instead of writing it", value -> cmd.stdout = value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        CiProvider where = provider();
        if (image != null && where != CiProvider.GITLAB) {
            throw Failure.usage(
                    "--image is the GitLab job's image; a GitHub workflow runs on GitHub's runner",
                    "wb ci init --provider gitlab --image " + image);
        }
        Path cwd = context().cwd();
        DistOptions options = new DistOptions(
                Optional.ofNullable(distUrl),
                Optional.ofNullable(sha256),
                Optional.ofNullable(sums).map(cwd::resolve),
                fromVariables);
        WbDist dist = options.resolve(Release.current());
        String content = where == CiProvider.GITLAB
                ? GitlabPipeline.text(dist, image == null ? GitlabPipeline.DEFAULT_IMAGE : image)
                : CiWorkflow.text(dist);
        if (stdout) {
            console().out().print(content);
            return Exit.OK;
        }
        Workspace ws = Workspace.require(cwd);
        CiWorkflow.Result result = CiWorkflow.write(ws, where, content, force, dryRun);
        if (json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("path", result.path());
            doc.put("provider", where.id());
            doc.put("action", result.action().id());
            doc.put("dryRun", dryRun);
            doc.put("distUrl", dist.url().orElse(null));
            doc.put("sha256", dist.sha256().orElse(null));
            console().json(doc);
            return Exit.OK;
        }
        String verb = switch (result.action()) {
            case WRITTEN -> dryRun ? "would write " : "wrote ";
            case UPDATED -> dryRun ? "would replace " : "replaced ";
            case UNCHANGED -> "unchanged: ";
        };
        console().line(verb + result.path());
        dist.url()
                .ifPresent(url -> console()
                        .line("installs " + url + " (sha256 " + dist.sha256().orElseThrow() + ")"));
        String settings = where == CiProvider.GITLAB ? "CI/CD variables" : "repository variables";
        if (dist.fromVariables()) {
            console().line("set the " + settings + " WB_DIST_URL and WB_DIST_SHA256 (docs/CI.md)");
        }
        if (where == CiProvider.GITLAB) {
            console().line("include it from .gitlab-ci.yml:  include: [{local: " + where.path() + "}]");
        }
        console().line("then commit it: git add " + where.path());
        return Exit.OK;
    }

    private CiProvider provider() {
        String wanted = provider.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(CiProvider.values())
                .filter(p -> p.id().equals(wanted))
                .findFirst()
                .orElseThrow(() -> Failure.usage(
                        "--provider " + provider + " is not one wb writes a gate for: "
                                + Arrays.stream(CiProvider.values())
                                        .map(CiProvider::id)
                                        .collect(Collectors.joining(", ")),
                        "wb ci init --provider " + CiProvider.GITLAB.id() + "   (or leave it out for GitHub)"));
    }
}
