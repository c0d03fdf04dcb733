package dev.wb.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.cli.history.Chains;
import dev.wb.cli.history.Summaries;
import dev.wb.commands.ContentStore;
import dev.wb.commands.Keys;
import dev.wb.commands.Session;
import dev.wb.commands.base.Failure;
import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.merged.SyncedReader;
import dev.wb.commands.process.Redactor;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.commands.show.PageRedactor;
import dev.wb.engine.EventEnvelope;
import dev.wb.engine.HashChain;
import dev.wb.engine.StreamId;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.events.verify.VerifyCommandRan;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;

final class ReplayCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("shown (with --verify: the chain holds)"),
            Exit.CHECK_FAILED.as("--verify found an event that does not hold"),
            Exit.USAGE.as("malformed key, or --at or --output out of range"),
            Exit.MISSING.as("no history for KEY"));

    String key;
    boolean verify;
    Long at;
    Long output;

    private ReplayCmd(WbCommand root) {
        super(root, EXITS);
    }

    static CommandSpec spec(WbCommand root) {
        ReplayCmd cmd = new ReplayCmd(root);
        CommandSpec spec = cmd.command(
                "replay",
                "Show a task's events in order, check its hash chain"
                        + " (--verify), or every view as of one event (--at N). KEY may also be 'workspace'.");
        spec.addPositional(Specs.taskKey(value -> cmd.key = value));
        spec.addOption(Specs.flag(
                "--verify",
                "Recompute the hash chain; exit 7 naming the first event that does not match.",
                on -> cmd.verify = on));
        spec.addOption(Specs.option(
                "--at",
                "N",
                Long.class,
                "Print the state of every projection as of event N.",
                value -> cmd.at = (Long) value));
        spec.addOption(Specs.option(
                "--output",
                "N",
                Long.class,
                "Print the full stored output of event N (a verify command's run).",
                value -> cmd.output = (Long) value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        StreamId stream = Keys.stream(key);
        if (verify && at != null) {
            throw Failure.usage(
                    "--verify and --at cannot be used together",
                    "wb replay " + key + " --verify",
                    "wb replay " + key + " --at " + at);
        }
        try (Session session = root.context().session()) {
            ReplayQuery query = new ReplayQuery(session);
            if (output != null) {
                if (root.json()) {
                    throw Failure.usage(
                            "--output prints the stored output as it was written:" + " it has no --json form",
                            "wb replay " + key + " --output " + output);
                }
                return output(session, query.current(stream));
            }
            if (verify) {
                return verify(query.verify(stream));
            }
            if (at != null) {
                return stateAt(stream, query.stateAt(stream, at));
            }
            // --json shows events as stored (what was hashed); text summarises them as this wb reads them.
            Exit code = root.json()
                    ? listStored(query.storedJson(stream))
                    : list(query.current(stream), query.merged(stream), PageRedactor.lenient(session));
            // A listing is not a verification, but a history that does not hold is never shown silently.
            for (SyncedReader.ChainReport chain : query.verify(stream)) {
                chain.report()
                        .firstBreak()
                        .ifPresent(broken -> root.context()
                                .console()
                                .warning(
                                        "the history of " + stream.describe() + Chains.name(chain)
                                                + " does not verify at event " + broken.version(),
                                        "wb replay " + stream + " --verify"));
            }
            return code;
        }
    }

    /** The full output a verify command's event names by digest, from the content store. */
    private Exit output(Session session, List<EventEnvelope> events) {
        EventEnvelope event = events.stream()
                .filter(e -> e.version() == output)
                .findFirst()
                .orElseThrow(() -> Failure.usage(
                        "no event " + output + " in " + key, "wb replay " + key + "   (lists its events)"));
        String digest = VerifyCommandRan.TYPE.matches(event)
                ? VerifyCommandRan.TYPE.read(event).outputDigest()
                : "";
        if (digest.isEmpty()) {
            throw Failure.usage(
                    "event " + output + " of " + key + " (" + event.type() + ") has no stored output",
                    "wb replay " + key + "   (verify.command.ran events have one)");
        }
        byte[] bytes = new ContentStore(session.workspace())
                .get(digest)
                .orElseThrow(() -> Failure.missing(
                        "the output " + digest + " is not in .workflow/local/objects"
                                + " (removed, or damaged: its digest no longer matches)",
                        "wb impl verify " + key));
        root.context().console().out().print(new String(bytes, StandardCharsets.UTF_8));
        return Exit.OK;
    }

    /**
     * One line an event, its summary redacted as a page is (docs/SHOW.md); in a merged view, the
     * replica whose chain holds it after its position (found by its hash: the listing and the view are
     * read apart).
     */
    private Exit list(List<EventEnvelope> events, Optional<MergedLog.View> view, Redactor redactor) {
        Console console = root.context().console();
        Map<String, String> replicas = new HashMap<>();
        view.ifPresent(
                v -> v.entries().forEach(e -> replicas.putIfAbsent(e.event().hash(), e.replica())));
        for (EventEnvelope event : events) {
            String replica =
                    view.isPresent() ? String.format("%-16s", replicas.getOrDefault(event.hash(), "?")) + "  " : "";
            console.line(String.format(
                    "%4d  %s%s  %-26s %-24s %s",
                    event.version(),
                    replica,
                    event.time(),
                    event.type(),
                    event.actor().describe(),
                    Summaries.of(event, redactor)));
        }
        return Exit.OK;
    }

    /** One JSON line an event, made from its stored bytes (what was hashed). */
    private Exit listStored(List<ObjectNode> events) {
        events.forEach(root.context().console()::jsonLine);
        return Exit.OK;
    }

    /** Each chain verified on its own: this clone's, then each copy's that holds the stream. */
    private Exit verify(List<SyncedReader.ChainReport> chains) {
        Console console = root.context().console();
        boolean merged = chains.size() > 1;
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            HashChain.Report first = chains.stream()
                    .map(SyncedReader.ChainReport::report)
                    .filter(r -> !r.intact())
                    .findFirst()
                    .orElse(chains.get(0).report());
            doc.put("stream", first.stream().name());
            doc.put("intact", chains.stream().allMatch(c -> c.report().intact()));
            doc.put(
                    "eventsChecked",
                    chains.stream().mapToLong(c -> c.report().eventsChecked()).sum());
            first.firstBreak().ifPresent(b -> putBreak(doc.putObject("firstBreak"), b));
            if (merged) {
                ArrayNode list = doc.putArray("chains");
                for (SyncedReader.ChainReport chain : chains) {
                    ObjectNode c = list.addObject();
                    c.put("replica", chain.replica());
                    c.put("intact", chain.report().intact());
                    c.put("eventsChecked", chain.report().eventsChecked());
                    chain.report().firstBreak().ifPresent(b -> putBreak(c.putObject("firstBreak"), b));
                }
            }
            console.json(doc);
        } else {
            for (SyncedReader.ChainReport chain : chains) {
                if (chain.report().intact() && (!merged || chain.report().eventsChecked() > 0)) {
                    console.line(chain.report().stream().describe() + (merged ? Chains.name(chain) : "") + ": "
                            + chain.report().eventsChecked() + " events, hash chain intact");
                }
            }
        }
        return Chains.report(console, chains);
    }

    private static void putBreak(ObjectNode broken, HashChain.Break b) {
        broken.put("version", b.version());
        b.eventId().ifPresent(id -> broken.put("eventId", id));
        broken.put("reason", b.reason());
    }

    private Exit stateAt(StreamId stream, Map<String, JsonNode> states) {
        Console console = root.context().console();
        if (root.json()) {
            ObjectNode doc = CanonicalJson.objectNode();
            doc.put("stream", stream.name());
            doc.put("asOf", at);
            ObjectNode projections = doc.putObject("projections");
            states.forEach(projections::set);
            console.json(doc);
        } else {
            console.line(stream.describe() + " as of event " + at + ":");
            states.forEach((name, state) -> {
                console.line("");
                console.line(name + ":");
                console.line(Console.indent(state));
            });
        }
        return Exit.OK;
    }
}
