package dev.wb.cli.ci;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.ci.CiCheck;
import dev.wb.commands.ci.TaskOfBranch;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb ci check [KEY] --base REF}: the pull request's gate (docs/CI.md). */
public final class CiCheckCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("audit, scope and verify all pass"),
            Exit.USAGE.as("no task named or found from the branch, or a --base that is not a commit"),
            Exit.CONFIG.as("the log or the repository cannot be read"),
            Exit.CHECK_FAILED.as("a gate does not pass"));

    private String key;
    private String base;

    private CiCheckCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        CiCheckCmd cmd = new CiCheckCmd(root);
        CommandSpec spec = cmd.command(
                "check",
                "The gate a pull request passes: the task's plan passed its audit, the branch's changes since"
                        + " --base are all in it, and its latest verify run passed on the head commit.",
                "KEY defaults to the task of the branch: GITHUB_HEAD_REF, else the current branch, named task/KEY.",
                "Run wb sync fetch first, so the histories the team pushed are here.");
        spec.addPositional(
                Specs.positional("KEY", "0..1", "the task key (default: from the branch)", value -> cmd.key = value));
        spec.addOption(Specs.option(
                        "--base",
                        "REF",
                        String.class,
                        "the branch the change goes into, like origin/main",
                        value -> cmd.base = (String) value)
                .toBuilder()
                .required(true)
                .build());
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        try (Session session = context().session()) {
            TaskKey task = key != null ? Keys.task(key) : TaskOfBranch.find(session);
            CiCheck.Result result = CiCheck.run(session, task, base);
            if (json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("taskId", task.value());
                doc.put("head", result.head());
                doc.put("base", result.base());
                doc.put("passed", result.passed());
                ArrayNode checks = doc.putArray("checks");
                result.checks().forEach(check -> {
                    ObjectNode c = checks.addObject();
                    c.put("name", check.name());
                    c.put("passed", check.passed());
                    c.put("detail", check.detail());
                    check.fix().ifPresentOrElse(fix -> c.put("fix", fix), () -> c.putNull("fix"));
                });
                result.trust().forEach(doc.putArray("trust")::add);
                console().json(doc);
            } else {
                for (CiCheck.Check check : result.checks()) {
                    console().line((check.passed() ? "pass  " : "FAIL  ") + check.name() + ": " + check.detail());
                    check.fix().ifPresent(fix -> console().line("      fix: " + fix));
                }
                result.trust().forEach(line -> console().line("trust: " + TerminalText.escape(line)));
                console()
                        .line(task + (result.passed() ? ": the gate passes" : ": the gate does not pass") + " (head "
                                + result.head().substring(0, 12) + ")");
            }
            return result.passed() ? Exit.OK : Exit.CHECK_FAILED;
        }
    }
}
