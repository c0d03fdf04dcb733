package dev.wb.cli.mcp;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.WbCommand;
import dev.wb.cli.mcp.McpTool.Access;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.mcp.McpCalls;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.McpCalled;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the tool calls of {@code wb mcp} (docs/MCP.md), one at a time: the arguments checked, the
 * config asked whether a {@link Access#RUN} tool may run, the command run in-process through the same
 * command tree as the CLI with {@code --json} (its stdout and stderr captured, never the process's),
 * within its deadline, and each call recorded as {@code mcp.called}. Nothing of the MCP SDK is seen
 * here: the answer is plain text and an exit code.
 */
final class ToolCalls implements AutoCloseable {

    /** The deadline of a call to a {@link Access#READ} tool. */
    static final Duration READ_DEADLINE = Duration.ofMinutes(2);

    /** The deadline of a call to a {@link Access#RUN} tool: a plan's verify commands may take long. */
    static final Duration RUN_DEADLINE = Duration.ofMinutes(60);

    /**
     * What a call answers.
     *
     * @param json the command's stdout: its {@code --json} document, or wb's error document
     * @param stderr what it said on stderr ({@code error:}/{@code fix:} lines, warnings)
     * @param exitCode its exit code, or that of wb's refusal to run it
     */
    record Answer(String json, String stderr, int exitCode) {}

    private final WbCommand.Context context;
    private final Workspace workspace;
    private final AtomicInteger running = new AtomicInteger();
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "wb-mcp-call");
        thread.setDaemon(true);
        return thread;
    });

    ToolCalls(WbCommand.Context context, Workspace workspace) {
        this.context = context;
        this.workspace = workspace;
    }

    /** Whether the tool is offered now: a read tool always, a run tool while the config allows it. */
    boolean offered(McpTool tool) {
        try {
            return tool.access() == Access.READ || allowRun();
        } catch (Failure e) {
            return false;
        }
    }

    /** Whether a call is running or waiting for the one before it. */
    boolean busy() {
        return running.get() > 0;
    }

    /** Runs one call and records it; never throws for anything the caller sent. */
    Answer call(McpTool tool, Map<String, Object> args) {
        running.incrementAndGet();
        try {
            return callInTurn(tool, args);
        } finally {
            running.decrementAndGet();
        }
    }

    private synchronized Answer callInTurn(McpTool tool, Map<String, Object> args) {
        long start = System.nanoTime();
        Optional<TaskKey> task = CallArguments.task(args);
        Answer answer;
        try {
            CallArguments checked = CallArguments.of(tool, args, context.cwd(), workspace.root());
            requireAllowed(tool);
            answer = run(tool, checked.argv());
        } catch (Failure e) {
            answer = refusal(e.getMessage(), e.fixes(), Exit.of(e.kind()).code());
        }
        return recorded(tool, task, CallArguments.names(args), answer, start);
    }

    private void requireAllowed(McpTool tool) {
        if (tool.access() == Access.RUN && !allowRun()) {
            throw Failure.usage(
                    tool.wireName() + " runs this repository's commands, and " + WorkspaceConfig.FILE
                            + " does not let wb mcp run them (mcp.allow_run is off)",
                    "wb config set mcp.allow_run true   (then restart wb mcp, so that it lists the tool)");
        }
    }

    private boolean allowRun() {
        return WorkspaceConfig.load(workspace).mcp().allowRun();
    }

    private Answer run(McpTool tool, List<String> argv) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        Future<Integer> run = worker.submit(() -> context.nested()
                .run(context.cwd(), new PrintWriter(out), new PrintWriter(err), argv.toArray(new String[0])));
        Duration deadline = tool.access() == Access.RUN ? RUN_DEADLINE : READ_DEADLINE;
        String command = "wb " + String.join(" ", argv);
        try {
            int code = run.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
            return new Answer(out.toString(), err.toString(), code);
        } catch (TimeoutException e) {
            run.cancel(true);
            return refusal(
                    command + " did not finish within " + deadline.toSeconds() + " s, the deadline of a call to "
                            + tool.wireName() + " (docs/MCP.md); it was interrupted",
                    List.of("run it in a terminal instead: " + command),
                    Exit.NOT_COMPLETED.code());
        } catch (ExecutionException e) {
            return refusal(
                    "unexpected " + e.getCause().getClass().getSimpleName() + ": "
                            + e.getCause().getMessage(),
                    List.of("run it in a terminal with WB_DEBUG=1 for the stack trace, and report it: " + command),
                    Exit.INTERNAL.code());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            run.cancel(true);
            return refusal(
                    command + " was interrupted: wb mcp is stopping", List.of(command), Exit.NOT_COMPLETED.code());
        }
    }

    /** wb's error document, as a {@code --json} run prints it when it fails before its own document. */
    static Answer refusal(String message, List<String> fixes, int exitCode) {
        ObjectNode doc = CanonicalJson.objectNode();
        doc.put("error", message);
        fixes.forEach(doc.putArray("fixes")::add);
        doc.put("exitCode", exitCode);
        StringBuilder said = new StringBuilder("error: " + message + "\n");
        fixes.forEach(fix -> said.append("  fix: ").append(fix).append('\n'));
        return new Answer(CanonicalJson.text(doc, true) + "\n", said.toString(), exitCode);
    }

    private Answer recorded(McpTool tool, Optional<TaskKey> task, List<String> names, Answer answer, long start) {
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        try (Session session = context.session()) {
            McpCalls.record(session, task, new McpCalled(tool.wireName(), names, answer.exitCode(), ms));
            return answer;
        } catch (RuntimeException e) {
            return new Answer(
                    answer.json(),
                    answer.stderr() + "warning: this call was not recorded (mcp.called): " + e.getMessage()
                            + "\n  fix: wb doctor\n",
                    answer.exitCode());
        }
    }

    /** Interrupts a call still running and waits for it at most {@code bound}. */
    void stop(Duration bound) throws InterruptedException {
        worker.shutdownNow();
        worker.awaitTermination(bound.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
