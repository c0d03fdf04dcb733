package dev.wb.cli.git;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.ExitCodes;
import dev.wb.cli.core.GroupCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.commands.Failure;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.gitflow.GitContext;
import dev.wb.commands.gitflow.GitFlow;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.engine.text.TerminalText;
import dev.wb.gitrun.GitCommandText;
import dev.wb.gitrun.GitStep;
import dev.wb.gitrun.Precondition;
import dev.wb.gitrun.PreconditionCheck;
import dev.wb.gitrun.StepOutcome;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code wb git ctx|start|commit|push|carry}: each prints its series of git commands; {@code --execute}
 * runs exactly the printed argv with the user's own git, no shell, and records every step.
 */
public final class GitCmd implements Callable<Integer> {

    private final WbCommand root;
    private final String action;
    String key;
    String to;
    boolean execute;

    private GitCmd(WbCommand root, String action) {
        this.root = root;
        this.action = action;
    }

    public static CommandSpec spec(WbCommand root) {
        Map<String, Function<WbCommand, CommandSpec>> members = new LinkedHashMap<>();
        members.put(
                "ctx",
                r -> member(
                        r,
                        "ctx",
                        "Where the checkout stands: root, branch, upstream, remotes, HEAD,"
                                + " identity, and a note when user.email is not the identity config.json expects. Read-only.",
                        false));
        members.put(
                "start", r -> member(r, "start", "Print (or --execute) the series that starts KEY's branch.", true));
        members.put(
                "commit",
                r -> member(
                        r,
                        "commit",
                        "Print (or --execute) the commit of what is staged, with the"
                                + " message in .workflow/KEY/commit.txt. Needs a passing, current audit.",
                        true));
        members.put(
                "push",
                r -> member(
                        r,
                        "push",
                        "Print (or --execute) the first publication of the current"
                                + " branch (a branch that has an upstream is never pushed again).",
                        false));
        members.put(
                "carry",
                r -> member(
                        r,
                        "carry",
                        "Print (or --execute) KEY's commits not yet on --to BRANCH, oldest"
                                + " first, cherry-picked onto a new branch cut from it.",
                        true));
        return GroupCmd.spec(
                root, "git", "Git, guarded: every command prints its series; --execute runs exactly that.", members);
    }

    private static CommandSpec member(WbCommand root, String action, String description, boolean needsKey) {
        GitCmd cmd = new GitCmd(root, action);
        CommandSpec spec = Specs.command(cmd, action, description);
        if (needsKey) {
            spec.addPositional(Specs.positional("KEY", "1", "The task key, like ABC-12.", value -> cmd.key = value));
        }
        if (action.equals("carry")) {
            spec.addOption(Specs.option(
                            "--to",
                            "BRANCH",
                            String.class,
                            "The branch to carry the commits onto.",
                            value -> cmd.to = (String) value)
                    .toBuilder()
                    .required(true)
                    .build());
        }
        if (!action.equals("ctx")) {
            spec.addOption(Specs.flag(
                    "--execute",
                    "Run the printed commands with your git (no shell), step by step,"
                            + " each after its preconditions; stop at the first that fails.",
                    on -> cmd.execute = on));
            spec.usageMessage()
                    .footer(
                            "",
                            "Exit codes: 0 printed, or every step ran; 1 a step failed or was refused"
                                    + " (what did not run is listed); 2 refused (execution disabled, no passing audit); 6 no commit.txt.");
        }
        spec.addOption(Specs.json(root));
        return spec;
    }

    @Override
    public Integer call() {
        try (Session session = root.context().session()) {
            if (action.equals("ctx")) {
                return ctx(GitContext.read(session, root.context().env()));
            }
            GitFlow.Planned planned = switch (action) {
                case "start" -> GitFlow.start(session, Keys.task(key));
                case "commit" ->
                    GitFlow.commit(session, Keys.task(key), root.context().env());
                case "push" -> GitFlow.push(session);
                default -> GitFlow.carry(session, Keys.task(key), to);
            };
            if (!execute || planned.steps().isEmpty()) {
                return print(
                        planned,
                        GitFlow.preconditionsNow(
                                session, planned, root.context().env()));
            }
            return executed(GitFlow.execute(session, planned, root.context().env()));
        }
    }

    private int print(GitFlow.Planned planned, List<List<PreconditionCheck.Reading>> now) {
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("series", planned.series());
            doc.put("executed", false);
            ArrayNode steps = doc.putArray("steps");
            for (int i = 0; i < planned.steps().size(); i++) {
                ObjectNode step = steps.addObject();
                step(step, planned.steps().get(i));
                readings(step, planned.steps().get(i), now.get(i));
            }
            if (!planned.note().isEmpty()) {
                doc.put("note", planned.note());
            }
            console.json(doc);
            return ExitCodes.OK;
        }
        if (!planned.note().isEmpty()) {
            console.line("# " + TerminalText.escape(planned.note()));
        }
        for (int i = 0; i < planned.steps().size(); i++) {
            GitStep step = planned.steps().get(i);
            console.line(step.text() + "    # " + TerminalText.escape(step.why()));
            if (!step.preconditions().isEmpty()) {
                console.line("    # checked just before it runs: " + checks(step, now.get(i)));
            }
        }
        if (!planned.steps().isEmpty()) {
            console.line("# from the repository root; or run them with: wb git " + action
                    + (key == null ? "" : " " + key) + (to == null ? "" : " --to " + GitCommandText.quote(to))
                    + " --execute");
        }
        return ExitCodes.OK;
    }

    /**
     * A step's preconditions with what they read now ({@code clean-tree (does not hold now: …)}), or,
     * for a step that meets the state the steps before it leave, that they are read when it runs.
     */
    private static String checks(GitStep step, List<PreconditionCheck.Reading> now) {
        if (now.isEmpty()) {
            return String.join(
                            ", ",
                            step.preconditions().stream()
                                    .sorted()
                                    .map(Precondition::label)
                                    .toList()) + " (read when it runs, after the steps above)";
        }
        return String.join(
                ", ",
                now.stream()
                        .map(r -> r.precondition().label()
                                + (r.holds()
                                        ? " (holds now)"
                                        : " (does not hold now: "
                                                + TerminalText.escape(
                                                        r.failing().get()) + ")"))
                        .toList());
    }

    private static void readings(ObjectNode node, GitStep step, List<PreconditionCheck.Reading> now) {
        if (step.preconditions().isEmpty() || now.isEmpty()) {
            return;
        }
        ArrayNode list = node.putArray("preconditionsNow");
        now.forEach(r -> {
            ObjectNode reading = list.addObject()
                    .put("precondition", r.precondition().name())
                    .put("holds", r.holds());
            r.failing().ifPresent(f -> reading.put("failing", f));
        });
    }

    private int executed(GitFlow.Executed executed) {
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("series", executed.planned().series());
            doc.put("executed", true);
            ArrayNode ran = doc.putArray("ran");
            executed.result().ran().forEach(outcome -> outcome(ran.addObject(), outcome));
            executed.result().failed().ifPresent(outcome -> outcome(doc.putObject("failed"), outcome));
            ArrayNode notRun = doc.putArray("notRun");
            executed.result().notRun().forEach(step -> step(notRun.addObject(), step));
            console.json(doc);
        } else {
            for (StepOutcome outcome : executed.result().ran()) {
                console.line("ok      " + outcome.step().text());
            }
            executed.result()
                    .failed()
                    .ifPresent(f -> console.line((f.status() == StepOutcome.Status.REFUSED ? "REFUSED " : "FAILED  ")
                            + f.step().text()));
        }
        if (executed.result().failed().isPresent()) {
            StepOutcome failed = executed.result().failed().get();
            String why = failed.status() == StepOutcome.Status.REFUSED
                    ? failed.refusal()
                    : "exit " + failed.exitCode() + ": " + TerminalText.escape(lastLine(failed.output()));
            List<String> fixes = new java.util.ArrayList<>();
            fixes.add("these did not run, starting at the one that failed:");
            executed.result().notRun().forEach(step -> fixes.add("  " + step.text()));
            throw new Failure(
                    Failure.Kind.NOT_COMPLETED,
                    "wb git " + action + " stopped at " + failed.step().text() + ": " + why,
                    fixes);
        }
        return ExitCodes.OK;
    }

    private int ctx(GitContext ctx) {
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("root", ctx.root().toString());
            ctx.branch().ifPresent(b -> doc.put("branch", b));
            ctx.upstream().ifPresent(u -> doc.put("upstream", u));
            ctx.head().ifPresent(h -> doc.put("head", h));
            ArrayNode remotes = doc.putArray("remotes");
            ctx.remotes()
                    .forEach(r -> remotes.addObject()
                            .put("name", r.name())
                            .put("fetchUrl", r.fetchUrl())
                            .put("pushUrl", r.pushUrl()));
            ObjectNode user = doc.putObject("user");
            ctx.userName().ifPresent(n -> user.put("name", n));
            ctx.userEmail().ifPresent(e -> user.put("email", e));
            ctx.expected()
                    .ifPresent(
                            e -> doc.putObject("expected").put("name", e.name()).put("email", e.email()));
            ctx.mismatch().ifPresent(m -> doc.put("mismatch", m));
            ctx.note().ifPresent(n -> doc.put("note", n));
            console.json(doc);
            return ExitCodes.OK;
        }
        console.line("root      " + TerminalText.escape(ctx.root().toString()));
        console.line("branch    " + TerminalText.escape(ctx.branch().orElse("(detached HEAD)")));
        console.line("upstream  " + TerminalText.escape(ctx.upstream().orElse("(none: not published)")));
        console.line("HEAD      " + ctx.head().orElse("(no commit yet)"));
        ctx.remotes().forEach(r -> console.line("remote    " + TerminalText.escape(r.name() + "  " + r.fetchUrl())));
        console.line("user      "
                + TerminalText.escape(ctx.userName().orElse("(user.name not set)") + " <"
                        + ctx.userEmail().orElse("user.email not set") + ">"));
        ctx.mismatch().ifPresent(m -> console.line("MISMATCH  " + TerminalText.escape(m)));
        ctx.note().ifPresent(n -> console.line("note      " + TerminalText.escape(n)));
        return ExitCodes.OK;
    }

    private static void step(ObjectNode node, GitStep step) {
        step.argv().forEach(node.putArray("argv")::add);
        node.put("text", step.text());
        node.put("why", step.why());
        step.preconditions().stream().map(Enum::name).sorted().forEach(node.putArray("preconditions")::add);
    }

    private static void outcome(ObjectNode node, StepOutcome outcome) {
        step(node, outcome.step());
        node.put("status", outcome.status().name().toLowerCase(java.util.Locale.ROOT));
        node.put("exitCode", outcome.exitCode());
        node.put("output", outcome.output());
        if (!outcome.refusal().isEmpty()) {
            node.put("refusal", outcome.refusal());
        }
    }

    private static String lastLine(String output) {
        String trimmed = output.strip();
        int nl = trimmed.lastIndexOf('\n');
        return nl < 0 ? trimmed : trimmed.substring(nl + 1);
    }
}
