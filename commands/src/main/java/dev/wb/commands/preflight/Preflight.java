package dev.wb.commands.preflight;

import dev.wb.commands.EventService;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.base.Workspace;
import dev.wb.commands.checks.CommandSetSummary;
import dev.wb.commands.checks.EventFit;
import dev.wb.commands.config.WorkspaceConfig;
import dev.wb.commands.config.WorkspaceRedactor;
import dev.wb.commands.process.Redactor;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.StreamId;
import dev.wb.projections.events.PreflightCompleted;
import dev.wb.projections.events.PreflightCompleted.LineVerdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * {@code wb preflight}: the read-only run-surface health gate, before the first task. It validates no
 * flow; it runs each allowed provider's {@code --version} and login status, Codex's live sandbox smoke,
 * the offline isolation policy check, the environment and assigned-path checks, the gh pin and the
 * command-set summary, and gives one secret-free verdict (docs/PREFLIGHT.md). It writes only the
 * clone-local {@code .git/info/exclude} rules (through gitrun), the paid probe's evidence when asked, and
 * its one {@code preflight.completed} event.
 */
public final class Preflight {

    /**
     * One run's inputs: the invocation's environment (never {@code System.getenv()}), the folder it runs
     * from (a relative {@code --env-file} is taken from there), the host's facts, and the options.
     */
    public record Request(
            Workspace workspace,
            Path cwd,
            Map<String, String> env,
            Host host,
            Optional<Path> envFile,
            boolean paidProbe) {}

    private Preflight() {}

    /** Runs every check; exit-3 {@link Failure} when config.json is unusable. */
    public static PreflightReport run(Request request) {
        WorkspaceConfig config = WorkspaceConfig.load(request.workspace());
        Path scratch;
        try {
            scratch = Files.createTempDirectory("wb-preflight-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary folder for preflight's probes", e);
        }
        try {
            return run(request, config, scratch);
        } finally {
            delete(scratch);
        }
    }

    /**
     * One run's probing: the request, the config, the scratch folder probes run in, the env-file, the
     * environment agents run with (the invocation's, then the env-file's) and their runner, and the redactor
     * every line passes.
     */
    private record Probing(
            Request request,
            WorkspaceConfig config,
            Path scratch,
            EnvFileLine.Loaded env,
            Map<String, String> agentEnv,
            ProbeRunner agents,
            Redactor redactor) {

        Path root() {
            return request.workspace().root();
        }
    }

    private static PreflightReport run(Request request, WorkspaceConfig config, Path scratch) {
        Workspace ws = request.workspace();
        List<PreflightLine> lines = new ArrayList<>();
        EnvFileLine.Loaded env = EnvFileLine.load(
                ws.workflowDir().resolve(".env"),
                request.envFile().map(f -> request.cwd().resolve(f)));
        lines.add(env.line());
        Redactor redactor = redactor(ws, config, env.variables(), request.env());
        Map<String, String> agentEnv = new HashMap<>(request.env());
        agentEnv.putAll(env.variables());
        Probing probing =
                new Probing(request, config, scratch, env, agentEnv, new ProbeRunner(scratch, agentEnv), redactor);
        Optional<PreflightCompleted.PaidProbe> paidRecord = providerLines(probing, lines);
        if (request.paidProbe() && paidRecord.isEmpty()) {
            PaidIsolationProbe.Outcome declined =
                    PaidIsolationProbe.declined(PaidIsolationProbe.declines(config, request.host(), false)
                            .orElse("no allowed provider supports it"));
            lines.add(declined.line());
            paidRecord = Optional.of(declined.record());
        }
        lines.addAll(securityLines(probing));
        lines.addAll(serviceLines(probing));
        // Every line may quote what a process printed (a provider's auth status, a probe's first line) or
        // what the operator wrote (a command set): none is printed or recorded before the redactor saw it.
        return new PreflightReport(
                lines.stream()
                        .map(l -> new PreflightLine(l.subject(), l.verdict(), redactor.redact(l.text())))
                        .toList(),
                env.file(),
                paidRecord.map(r -> redacted(r, redactor)));
    }

    /** Each allowed provider's lines, added to LINES; the paid probe's record when it ran. */
    private static Optional<PreflightCompleted.PaidProbe> providerLines(Probing p, List<PreflightLine> lines) {
        WorkspaceConfig config = p.config();
        Map<String, ProviderHealth.Health> health = health(p);
        List<String> legal = config.agents().allowed().stream()
                .filter(n -> IsolationLines.offences(config).stream().noneMatch(o -> o.startsWith(n + ":")))
                .toList();
        Optional<PreflightCompleted.PaidProbe> paidRecord = Optional.empty();
        for (String name : config.agents().allowed()) {
            WorkspaceConfig.Provider provider = config.agents().provider(name);
            ProviderHealth.Health h = health.get(name);
            boolean fallback = health.values().stream()
                    .anyMatch(o -> !o.provider().equals(name) && o.healthy() && legal.contains(o.provider()));
            lines.add(h.lines().get(0));
            lines.addAll(guarded(
                    name + "-binary",
                    name + "-binary:",
                    "agents.providers." + name + ".command",
                    () -> List.of(ProviderBinary.line(provider, p.root(), p.agentEnv()))));
            lines.addAll(h.lines().subList(1, h.lines().size()));
            if (name.equals("codex") && h.installed()) {
                lines.addAll(guarded(
                        "codex",
                        "codex: isolation smoke",
                        "security.denied_read_paths or" + " agents.providers.codex.args",
                        () -> List.of(codexSmoke(p, provider, fallback))));
            }
            if (name.equals("claude") && p.request().paidProbe()) {
                PaidIsolationProbe.Outcome paid = paid(p, provider, h, fallback);
                lines.add(paid.line());
                paidRecord = Optional.of(paid.record());
            }
        }
        return paidRecord;
    }

    /** Each allowed provider's health; one that cannot be checked is unhealthy, with a FAIL naming its key. */
    private static Map<String, ProviderHealth.Health> health(Probing p) {
        Map<String, ProviderHealth.Health> health = new LinkedHashMap<>();
        for (String name : p.config().agents().allowed()) {
            try {
                health.put(name, ProviderHealth.check(p.config().agents().provider(name), p.agents(), p.root()));
            } catch (RuntimeException e) {
                health.put(
                        name,
                        new ProviderHealth.Health(
                                name,
                                false,
                                false,
                                List.of(unchecked(e, name, name + ":", "agents.providers." + name))));
            }
        }
        return health;
    }

    private static PreflightLine codexSmoke(Probing p, WorkspaceConfig.Provider provider, boolean fallback) {
        String codex = ProviderBinary.find(provider, p.root(), p.agentEnv())
                .map(Path::toString)
                .orElse(provider.command());
        return CodexSmoke.run(
                codex,
                SmokeFixture.create(p.scratch().resolve("smoke")),
                new CodexSmoke.Policy(p.env().file(), p.config().security().deniedReadPaths(), provider.args()),
                p.agents(),
                fallback,
                p.redactor());
    }

    /** The isolation policy, the environment a node gets and the paths assigned to it. */
    private static List<PreflightLine> securityLines(Probing p) {
        Request request = p.request();
        WorkspaceConfig.Security security = p.config().security();
        List<PreflightLine> lines = new ArrayList<>();
        lines.addAll(guarded(
                "isolation", "isolation:", "agents.providers", () -> IsolationLines.lines(p.config(), request.host())));
        lines.addAll(guarded(
                "allowed-environment",
                "allowed-environment:",
                "security.allowed_environment",
                () -> List.of(EnvironmentLines.allowed(security, request.env(), request.host()))));
        lines.addAll(guarded(
                "extra-environment",
                "extra-environment:",
                "security.extra_environment",
                () -> List.of(EnvironmentLines.extra(security))));
        lines.addAll(guarded(
                "assigned-paths",
                "assigned-paths:",
                "security.extra_environment or" + " security.denied_read_paths",
                () -> AssignedPathsCheck.lines(
                        security,
                        p.root(),
                        request.workspace().workflowDir(),
                        GitControl.of(p.root()),
                        p.env().file(),
                        request.env())));
        return lines;
    }

    /** What wb talks to besides the agents: the gh pin and gh, the command sets, telegram. */
    private static List<PreflightLine> serviceLines(Probing p) {
        Request request = p.request();
        WorkspaceConfig config = p.config();
        Path root = p.root();
        List<PreflightLine> lines = new ArrayList<>();
        lines.addAll(guarded(
                "gh-repo-pin",
                "gh-repo-pin:",
                "repo.url",
                () -> List.of(RepoPin.line(
                        config.repo().url(), config.git().createPullRequest(), root, request.env(), p.redactor()))));
        lines.addAll(guarded(
                "checks",
                "checks:",
                "checks.command_sets",
                () -> CommandSetSummary.lines(config.checks()).stream()
                        .map(l -> new PreflightLine("checks", LineVerdict.INFO, l))
                        .toList()));
        if (config.git().createPullRequest()) {
            lines.addAll(guarded(
                    "gh",
                    "gh:",
                    "git.create_pull_request",
                    () -> List.of(GhLine.check(new ProbeRunner(p.scratch(), request.env()), root))));
        }
        // The variables telegram's *_env keys name, as the environment wins over .workflow/.env's.
        Map<String, String> variables = new HashMap<>(p.env().variables());
        variables.putAll(request.env());
        lines.addAll(guarded(
                "telegram", "telegram:", "telegram", () -> List.of(TelegramLine.of(config.telegram(), variables))));
        return lines;
    }

    /** The paid probe's record with every text redacted; the targets' names and verdicts are wb's own words. */
    private static PreflightCompleted.PaidProbe redacted(PreflightCompleted.PaidProbe probe, Redactor redactor) {
        if (probe instanceof PreflightCompleted.PaidProbe.Declined declined) {
            return new PreflightCompleted.PaidProbe.Declined(redactor.redact(declined.reason()));
        }
        if (probe instanceof PreflightCompleted.PaidProbe.Ran ran) {
            return new PreflightCompleted.PaidProbe.Ran(
                    redactor.redact(ran.provider()), ran.verdicts(), redactor.redact(ran.evidence()));
        }
        throw new IllegalStateException("unknown paid probe record: " + probe);
    }

    private static PaidIsolationProbe.Outcome paid(
            Probing p, WorkspaceConfig.Provider claude, ProviderHealth.Health health, boolean fallback) {
        WorkspaceConfig config = p.config();
        Optional<String> reason =
                PaidIsolationProbe.declines(config, p.request().host(), health.healthy());
        if (reason.isPresent()) {
            return PaidIsolationProbe.declined(reason.get());
        }
        return PaidIsolationProbe.run(
                new PaidIsolationProbe.Setup(
                        p.request().workspace(),
                        claude,
                        SmokeFixture.create(p.scratch().resolve("paid")),
                        new CodexSmoke.Policy(p.env().file(), config.security().deniedReadPaths(), List.of()),
                        config.security().deniedCommands()),
                p.agents(),
                fallback,
                p.redactor());
    }

    /**
     * The env-file's values, the telegram token, and the values of secret-named invocation variables and
     * {@code security.extra_environment} entries ({@link SecretNames}), kept out of every line.
     */
    static Redactor redactor(WorkspaceConfig config, Map<String, String> envFile, Map<String, String> env) {
        return WorkspaceRedactor.withoutWorkspaceEnvFile(config, env, envFile);
    }

    /**
     * {@link WorkspaceRedactor}: the workspace redactor {@code wb checks} and {@code wb impl verify} use,
     * with the loaded env-file's values (the default {@code .workflow/.env} or {@code --env-file}) and the
     * config's secrets. An unreadable {@code .workflow/.env} is the {@code env:} line's FAIL, not a crash.
     */
    static Redactor redactor(
            Workspace ws, WorkspaceConfig config, Map<String, String> envFile, Map<String, String> env) {
        return WorkspaceRedactor.lenient(ws, config, env, envFile);
    }

    /**
     * A line's check, its lines; a check that throws becomes that line's FAIL naming the key whose value
     * it could not use, never a crash (the exception's message is left out: it may quote the value).
     */
    static List<PreflightLine> guarded(String subject, String label, String key, Supplier<List<PreflightLine>> check) {
        try {
            return check.get();
        } catch (Failure failure) {
            throw failure;
        } catch (RuntimeException e) {
            return List.of(unchecked(e, subject, label, key));
        }
    }

    private static PreflightLine unchecked(RuntimeException e, String subject, String label, String key) {
        return new PreflightLine(
                subject,
                LineVerdict.FAIL,
                label + " FAIL — could not be checked: " + key
                        + " holds a value wb cannot use (" + e.getClass().getSimpleName() + "); correct it, then run:"
                        + " wb preflight");
    }

    /**
     * Appends the run's {@code preflight.completed} event to the workspace stream. The printed report
     * stays whole; the event's texts are shortened, each saying so, when together they would pass the
     * log's limit ({@link EventFit}).
     */
    public static EventEnvelope record(Session session, PreflightReport report) {
        return new EventService(session)
                .record(StreamId.workspace(), EventFit.fitted(PreflightCompleted.TYPE, report.toEvent()))
                .get(0);
    }

    /** The report of a run that stopped at an unusable config.json: one FAIL line naming it. */
    public static PreflightReport configUnusable(Failure failure, Map<String, String> env) {
        String message = Redactor.forEnvironment(env).redact(failure.getMessage());
        return new PreflightReport(
                List.of(PreflightLine.of("config", LineVerdict.FAIL, message)), Optional.empty(), Optional.empty());
    }

    static void delete(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    // a leftover in the temporary folder harms nothing
                }
            });
        } catch (IOException e) {
            // the same
        }
    }
}
