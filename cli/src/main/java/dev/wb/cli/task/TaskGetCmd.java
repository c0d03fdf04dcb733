package dev.wb.cli.task;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.task.TaskGet;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/** {@code wb task get KEY [--issue N [--repo OWNER/NAME]] [--refresh]}: a ticket into triage.json. */
public final class TaskGetCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("triage.json written"),
            Exit.NOT_COMPLETED.as("gh failed, timed out, or printed no issue (nothing written)"),
            Exit.USAGE.as("malformed key, issue or repository"),
            Exit.CONFIG.as("gh is not installed, or the local ticket does not read"),
            Exit.MISSING.as("no --issue, and no local ticket .workflow/tasks/KEY.json"));

    String key;
    String issue;
    String repo;
    boolean refresh;

    private TaskGetCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        TaskGetCmd cmd = new TaskGetCmd(root);
        CommandSpec spec = cmd.command(
                "get",
                "Distil a ticket into .workflow/KEY/triage.json: a GitHub issue through gh issue view (cached for"
                        + " 15 minutes in .workflow/KEY/.cache/), or the local ticket .workflow/tasks/KEY.json."
                        + " Recorded as a task.fetched event.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        spec.addOption(
                Specs.option("--issue", "N", String.class, "The GitHub issue's number.", v -> cmd.issue = (String) v));
        spec.addOption(Specs.option(
                "--repo",
                "OWNER/NAME",
                String.class,
                "The issue's repository; omit for the one gh finds from this checkout.",
                v -> cmd.repo = (String) v));
        spec.addOption(Specs.flag("--refresh", "Ask GitHub again, whatever the cache holds.", on -> cmd.refresh = on));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        TaskKey task = Keys.task(key);
        TaskGet.Source source = new TaskGet.Source(number(), Optional.ofNullable(repo));
        try (Session session = context().session()) {
            TaskGet.Result result =
                    TaskGet.run(session, task, source, refresh, context().clock());
            Console console = console();
            if (json()) {
                ObjectNode doc = CanonicalJson.objectNode();
                doc.put("taskId", task.value());
                doc.put("file", result.file());
                doc.put("source", result.source());
                doc.put("cached", result.cached());
                doc.put("version", result.version());
                doc.set("triage", result.triage());
                console.json(doc);
            } else {
                console.line(CanonicalJson.text(result.triage(), true));
                console.line("");
                console.line(
                        "wrote " + result.file() + (result.cached() ? " (from the cache, under 15 minutes old)" : ""));
            }
            return Exit.OK;
        }
    }

    private Optional<Integer> number() {
        if (issue == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(Integer.parseInt(issue.strip().replaceFirst("^#", "")));
        } catch (NumberFormatException e) {
            throw Failure.usage("--issue " + issue + " is not an issue number", "wb task get " + key + " --issue 12");
        }
    }
}
