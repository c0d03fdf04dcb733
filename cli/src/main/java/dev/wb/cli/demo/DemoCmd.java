package dev.wb.cli.demo;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Keys;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.show.Pages;
import dev.wb.engine.json.CanonicalJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb demo}: a narrated walk through one task in a throwaway repository under the temp
 * folder — write a plan, audit it, make the change, check the scope, stray outside the plan, fix
 * the plan, audit again, replay the history. Every step is the real command, run in-process in the
 * demo repository; the user's own files are never touched.
 */
public final class DemoCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("every step went as expected"),
            Exit.NOT_COMPLETED.as("a step did not, or the demo repository could not be created"));

    static final String KEY = "DEMO-1";

    private DemoCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        CommandSpec spec = new DemoCmd(root)
                .command(
                        "demo",
                        "Walk through a task in a throwaway"
                                + " repository under the temp folder: plan, audit, change, scope check, a stray edit, a fixed plan,"
                                + " replay, and the task's HTML page. Your own files are not touched.");
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Path repo;
        try {
            repo = DemoRepository.create(root.context().env());
        } catch (IOException | UncheckedIOException e) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "cannot create the demo repository: " + e.getMessage(),
                    List.of("check that git is installed and the temp folder is writable"));
        }
        Console console = root.context().console();
        boolean json = root.json();
        List<Ran> ran = new ArrayList<>();
        if (!json) {
            console.line("wb demo: a task in a throwaway repository at " + repo);
            console.line("(every step below is the real wb command, run inside that repository)");
        }
        for (DemoStages.Stage stage : DemoStages.stages(repo, root.context().env())) {
            if (!json) {
                console.line("");
                console.line("── " + stage.title());
            }
            stage.before().run();
            for (DemoStages.Step step : stage.steps()) {
                List<String> args = step.command().apply(repo);
                ran.add(new Ran(step, args, run(repo, step, args, json)));
            }
        }
        boolean asExpected =
                ran.stream().allMatch(r -> r.exit() == r.step().expected().code());
        if (json) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("repository", repo.toString());
            doc.put("asExpected", asExpected);
            doc.put("page", page(repo).toString());
            ArrayNode steps = doc.putArray("steps");
            ran.forEach(r -> {
                ObjectNode s = steps.addObject();
                r.args().forEach(s.putArray("command")::add);
                s.put("exit", r.exit());
                s.put("expected", r.step().expected().code());
            });
            console.json(doc);
        } else {
            console.line("");
            console.line("The demo repository stays at " + repo + " — try: cd " + repo + " && wb replay " + KEY);
            console.line("The task's page: " + page(repo));
        }
        if (!asExpected) {
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "the demo did not go as expected (see the exit codes above)",
                    List.of("run it again with WB_DEBUG=1, and report it"));
        }
        return Exit.OK;
    }

    private int run(Path repo, DemoStages.Step step, List<String> args, boolean json) {
        Console console = root.context().console();
        PrintWriter out = json ? new PrintWriter(Writer.nullWriter()) : console.out();
        PrintWriter err = json ? new PrintWriter(Writer.nullWriter()) : console.out();
        if (!json) {
            console.line(step.narration());
            console.line("$ wb " + String.join(" ", args));
            console.flush();
        }
        int exit = root.context().nested().run(repo, out, err, args.toArray(String[]::new));
        if (!json) {
            console.line(
                    exit == step.expected().code()
                            ? "(exit " + exit + ")"
                            : "(exit " + exit + ", but the demo expected "
                                    + step.expected().code() + ")");
        }
        return exit;
    }

    /** Where the last stage's {@code wb show DEMO-1 --html} writes the task's page. */
    static Path page(Path repo) {
        return Pages.defaultFile(new Workspace(repo), Optional.of(Keys.task(KEY)));
    }

    /** What a step did, with the command as it ran. */
    record Ran(DemoStages.Step step, List<String> args, int exit) {}
}
