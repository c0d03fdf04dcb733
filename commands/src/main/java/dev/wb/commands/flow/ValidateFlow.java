package dev.wb.commands.flow;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.commands.EventService;
import dev.wb.commands.InputFiles;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.checks.EventFit;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.process.Redactor;
import dev.wb.engine.StreamId;
import dev.wb.projections.events.FlowValidated;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * {@code wb validate-flow NAME|--all}: validates the flows authored in {@code .workflow/flows/}, config-aware,
 * as the engine sees them at dispatch, and records one {@code flow.validated} event on the workspace stream.
 * Its own exit codes (seed 002): 0 every checked flow valid, 1 any invalid, 2 not found, usage, or no
 * loadable config. Only a usage error is thrown before anything is recorded.
 *
 * <p>A flow file is read only when its real path lies in the real {@code .workflow/flows/}: a symbolic link
 * that leads out of it (to {@code .workflow/.env}, say) is refused unread, since a violation quotes what it
 * read. Every violation and warning then passes through the workspace's {@link Redactor} before it is
 * printed or recorded.
 */
public final class ValidateFlow {

    public static final String FLOWS = ".workflow/flows/";
    public static final String TOOLS = ".workflow/tools/";
    public static final String DOCS = "docs/FLOWS.md";
    public static final String ALL = "--all";

    private ValidateFlow() {}

    /**
     * What the run found. {@code error} is present when nothing could be validated (exit 2: the flow is
     * not there, or the config cannot be loaded), with the lines to print as {@code error:}/{@code fix:}.
     */
    public record Report(String request, List<FlowResult> flows, int exitCode, Optional<Failure> error) {

        /** The run as its {@code flow.validated} event records it, whole. */
        public FlowValidated toEvent() {
            return new FlowValidated(
                    request, flows.stream().map(FlowResult::toEvent).toList(), exitCode);
        }

        /** {@code {request, flows, exitCode}}: the --json document, the event's payload whole. */
        public ObjectNode toJson() {
            return toEvent().payload();
        }
    }

    /**
     * Validates the flow named (a stem or {@code <stem>.yaml}) or, with {@code all}, every flow; records it.
     *
     * @param env the invocation's environment: the values of its secret-named variables are redacted
     */
    public static Report run(Session session, Map<String, String> env, Optional<String> name, boolean all) {
        String request = request(name, all);
        Report report = validate(session.workspace(), env, name, request);
        record(session, report);
        return report;
    }

    /** Exit 2 before anything runs or is recorded: neither a name nor --all, both, or a name that is a path. */
    static String request(Optional<String> name, boolean all) {
        if (name.isPresent() == all) {
            throw Failure.usage(
                    all ? "pass a flow NAME or --all, not both" : "specify a flow NAME or --all",
                    "wb validate-flow implementation    (one flow: .workflow/flows/implementation.yaml)",
                    "wb validate-flow --all             (every *.yaml in " + FLOWS + ")");
        }
        if (all) {
            return ALL;
        }
        String stem = stem(name.get());
        if (stem.isEmpty() || stem.startsWith(".") || stem.contains("/") || stem.contains("\\")) {
            throw Failure.usage(
                    "'" + name.get() + "' is not a flow name: give the file's stem, like implementation"
                            + " or implementation.yaml",
                    "wb validate-flow --all    (lists every flow in " + FLOWS + ")");
        }
        return name.get();
    }

    private static String stem(String name) {
        return name.endsWith(".yaml") ? name.substring(0, name.length() - ".yaml".length()) : name;
    }

    private static Report validate(
            Workspace workspace, Map<String, String> env, Optional<String> name, String request) {
        WorkspaceConfig config;
        Redactor redactor;
        try {
            config = WorkspaceConfig.load(workspace);
            redactor = Redactor.forWorkspace(workspace, env);
        } catch (Failure f) {
            if (f.kind() != Failure.Kind.CONFIG) {
                throw f;
            }
            return new Report(request, List.of(), 2, Optional.of(f));
        }
        Path flowsDir = workspace.root().resolve(FLOWS);
        List<Path> files;
        if (name.isPresent()) {
            String stem = stem(name.get());
            Path file = flowsDir.resolve(stem + ".yaml");
            if (!Files.isRegularFile(file)) {
                return new Report(request, List.of(), 2, Optional.of(notFound(stem, flowsDir)));
            }
            files = List.of(file);
        } else {
            files = list(flowsDir);
        }
        FlowSurroundings surroundings =
                FlowSurroundings.of(flowsDir, workspace.root().resolve(TOOLS));
        List<FlowResult> results = new ArrayList<>();
        for (Path file : files) {
            results.add(redacted(one(file, workspace.root(), config, surroundings), redactor));
        }
        boolean valid = results.stream().allMatch(FlowResult::valid);
        return new Report(request, results, valid ? 0 : 1, Optional.empty());
    }

    private static FlowResult one(Path file, Path repoRoot, WorkspaceConfig config, FlowSurroundings surroundings) {
        String stem = stem(file.getFileName().toString());
        String shown = FLOWS + file.getFileName();
        try {
            // Read through the real path only once it is known to be in the flows folder: a link out of it
            // (to .workflow/.env, say) is never read, since a violation would quote what it holds.
            Path real = file.toRealPath();
            Path realRoot = repoRoot.toRealPath();
            if (!real.startsWith(realRoot.resolve(FLOWS).toRealPath())) {
                Path target = real.startsWith(realRoot) ? realRoot.relativize(real) : real;
                return new FlowResult(
                        stem,
                        shown,
                        List.of("line 1: file: " + shown + " is a symbolic link that" + " leads out of " + FLOWS
                                + " (to " + target + "); refused unread"),
                        List.of());
            }
            Optional<InputFiles.Content> content = InputFiles.read(repoRoot, file, InputFiles.Kind.FLOW);
            if (content.isEmpty()) {
                return new FlowResult(stem, shown, List.of("line 1: the file does not exist"), List.of());
            }
            return FlowValidator.validate(stem, shown, content.get().textBytes(), config, surroundings);
        } catch (InputFiles.Unusable e) {
            return new FlowResult(
                    stem, shown, List.of("line " + e.line() + ": " + e.getMessage() + "; " + e.fix()), List.of());
        } catch (IOException e) {
            return new FlowResult(stem, shown, List.of("line 1: cannot read the file: " + e.getMessage()), List.of());
        }
    }

    /** The result with every violation and warning redacted: they quote what the flow and its prompts say. */
    private static FlowResult redacted(FlowResult result, Redactor redactor) {
        return new FlowResult(
                result.name(),
                result.file(),
                result.violations().stream().map(redactor::redact).toList(),
                result.warnings().stream().map(redactor::redact).toList());
    }

    /**
     * Every {@code *.yaml} directly in the flows folder, sorted by name; one that is a link out of the folder
     * is listed too, so that it is reported (refused unread) rather than silently skipped.
     */
    static List<Path> list(Path flowsDir) {
        if (!Files.isDirectory(flowsDir)) {
            return List.of();
        }
        try (Stream<Path> entries = Files.list(flowsDir)) {
            return entries.filter(p -> p.getFileName().toString().endsWith(".yaml"))
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new Failure(
                    Failure.Kind.CONFIG,
                    "cannot list " + FLOWS + ": " + e.getMessage(),
                    List.of("check the folder's permissions"));
        }
    }

    private static Failure notFound(String stem, Path flowsDir) {
        List<String> known = list(flowsDir).stream()
                .map(p -> stem(p.getFileName().toString()))
                .toList();
        List<String> fixes = new ArrayList<>();
        FlowFields.nearest(stem, known).ifPresent(n -> fixes.add("did you mean: wb validate-flow " + n));
        fixes.add(
                known.isEmpty()
                        ? "no flows in " + FLOWS + "; write one (format and examples: " + DOCS + ")"
                        : "the flows in " + FLOWS + ": " + String.join(", ", known));
        return new Failure(Failure.Kind.USAGE, "flow '" + stem + "' not found in " + FLOWS, fixes);
    }

    /**
     * Appends the run's {@code flow.validated} event to the workspace stream, its texts shortened when
     * together they would pass the log's limit ({@link EventFit}).
     */
    static void record(Session session, Report report) {
        new EventService(session).record(StreamId.workspace(), EventFit.fitted(FlowValidated.TYPE, report.toEvent()));
    }
}
