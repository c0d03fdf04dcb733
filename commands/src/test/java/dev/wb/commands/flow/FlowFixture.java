package dev.wb.commands.flow;

import dev.wb.commands.Session;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.TestEvents;
import dev.wb.testkit.TempGitRepo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Optional;

/**
 * A real repository with {@code .workflow/flows/} and {@code .workflow/tools/}, for the flow tests: writes
 * flows, role prompts, tools and config.json, and validates through the service (which appends to the
 * real event log).
 */
final class FlowFixture {

    final TempGitRepo repo;

    /** The invocation's environment the service redacts with (secret-named variables); empty unless a test sets it. */
    Map<String, String> env = Map.of();

    FlowFixture(Path tmp) {
        repo = TempGitRepo.create(tmp, "repo");
        repo.write("README.md", "flows\n");
        repo.commitAll("base");
    }

    /** A flow's standard header (workspace-write, code_change, pull_request) and then {@code rest}. */
    static String flow(String stem, String rest) {
        return "flow:\n  name: Test flow\n  task_type: " + stem + "\n  permission_ceiling: workspace-write\n"
                + "  output_policy: code_change\n  publishing: pull_request\n" + rest;
    }

    /**
     * The smallest graph with a review loop: implement, then a review that accepts (to done) or sends the
     * work to fixing (loop fix: 2), which hands it back to the review. Lines 7–28 of {@link #flow}.
     */
    static final String IMPLEMENT_REVIEW = """
              budgets:
                fix: 2
              nodes:
                - id: implement
                  kind: agent
                  role_file: roles/implement.md
                  permission_profile: workspace-write
                - id: review
                  kind: evaluator
                  role: reviewer
                  role_file: roles/review.md
                - id: fixing
                  kind: agent
                  role_file: roles/fixing.md
                - id: done
                  kind: publish
                  policy: pull_request
              edges:
                - {from: implement, to: review}
                - {from: review, to: done, outcome: accept}
                - {from: review, to: fixing, outcome: rework, loop: fix}
                - {from: fixing, to: review}
            """;

    FlowFixture write(String stem, String yaml) {
        repo.write(".workflow/flows/" + stem + ".yaml", yaml);
        return this;
    }

    FlowFixture role(String path, String text) {
        repo.write(".workflow/flows/" + path, text);
        return this;
    }

    FlowFixture config(String json) {
        repo.write(".workflow/config.json", json);
        return this;
    }

    FlowFixture tool(String name, boolean executable) {
        Path file = repo.write(".workflow/tools/" + name, "#!/bin/sh\nexit 0\n");
        try {
            Files.setPosixFilePermissions(
                    file, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    Session session() {
        return new Session(Workspace.require(repo.root()), System.getenv(), TestEvents.invocation());
    }

    ValidateFlow.Report run(Optional<String> name, boolean all) {
        try (Session session = session()) {
            return ValidateFlow.run(session, env, name, all);
        }
    }

    /** Validates one flow by name and returns its result. */
    FlowResult validate(String stem) {
        ValidateFlow.Report report = run(Optional.of(stem), false);
        if (report.flows().size() != 1) {
            throw new AssertionError("no flow validated: "
                    + report.error().map(Throwable::getMessage).orElse("?"));
        }
        return report.flows().get(0);
    }

    /** Writes then validates. */
    FlowResult validate(String stem, String yaml) {
        return write(stem, yaml).validate(stem);
    }
}
