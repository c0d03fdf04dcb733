package dev.wb.cli.show;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.cli.core.Exit;
import dev.wb.cli.core.Exits;
import dev.wb.cli.core.LeafCmd;
import dev.wb.cli.core.Paint;
import dev.wb.cli.core.Specs;
import dev.wb.cli.core.WbCommand;
import dev.wb.cli.history.Chains;
import dev.wb.commands.Failure;
import dev.wb.commands.Keys;
import dev.wb.commands.MergedLog;
import dev.wb.commands.ReplicaTrust;
import dev.wb.commands.Session;
import dev.wb.commands.SyncedReader;
import dev.wb.commands.replay.ReplayQuery;
import dev.wb.commands.show.PageRedactor;
import dev.wb.engine.LogDamagedException;
import dev.wb.engine.StreamId;
import dev.wb.engine.text.TerminalText;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code wb show KEY}: a task's history as a compact timeline, one line an event grouped by stage
 * (plan, scope, verify, git, review; sync and other when there are such events), each stage headed
 * by the one word its events add up to, and last the state of its hash chain, derived as {@code wb
 * replay KEY --verify} derives it. Read as {@code wb replay} reads it: the merged view's numbers and
 * replicas when copies of other clones' chains hold the stream. Reads only; writes nothing.
 */
public final class ShowCmd extends LeafCmd {

    private static final Exits EXITS = Exits.of(
            Exit.OK.as("shown, and the hash chain holds"),
            Exit.CHECK_FAILED.as("shown, but the hash chain does not verify (the last line names the event)"),
            Exit.USAGE.as("malformed key, no KEY without --html, --color not always, never or auto, or --html's FILE"
                    + " not a .html file (or a link, FIFO or folder)"),
            Exit.MISSING.as("no history for KEY"),
            Exit.CONFIG.as("the page could not be written"));

    String key;
    String color = "auto";
    /** Null without {@code --html}; empty with it and no FILE (the default page file). */
    String html;

    private ShowCmd(WbCommand root) {
        super(root, EXITS);
    }

    public static CommandSpec spec(WbCommand root) {
        ShowCmd cmd = new ShowCmd(root);
        CommandSpec spec = cmd.command(
                "show",
                "A task's history as a timeline: one line an event, grouped by stage (plan, scope, verify, git,"
                        + " review), each stage's state, and last the hash chain's state. KEY may also be 'workspace'.",
                "Colour on a terminal only; never with NO_COLOR set (non-empty) or TERM=dumb, unless --color=always.");
        spec.addPositional(Specs.positional(
                "KEY",
                "0..1",
                "The task key, like ABC-12. Without it, --html makes the workspace's page.",
                value -> cmd.key = value));
        spec.addOption(OptionSpec.builder("--html")
                .arity("0..1")
                .paramLabel("FILE")
                .fallbackValue("")
                .type(String.class)
                .description("Write the history as one self-contained HTML page (docs/SHOW.md) to FILE (a .html"
                        + " file; - for standard output), by default .workflow/local/pages/KEY.html, or"
                        + " workspace.html and a page per task beside it without KEY; prints its path.")
                .setter(new ISetter() {
                    @Override
                    public <R> R set(R value) {
                        // picocli resets the option to null before each parse; --html alone gives "".
                        cmd.html = value == null ? null : value.toString();
                        return null;
                    }
                })
                .build());
        spec.addOption(Specs.option(
                "--color",
                "WHEN",
                String.class,
                "always, never or auto (the default: on a terminal, unless NO_COLOR is set or TERM=dumb).",
                value -> cmd.color = (String) value));
        return Specs.withJson(root, spec);
    }

    @Override
    protected Exit run() {
        Paint.when(color, key == null ? "wb show --html" : "wb show " + key); // a bad --color, refused first
        if (html != null) {
            return new ShowHtml(context(), console(), json()).write(key, html);
        }
        if (key == null) {
            throw Failure.usage("wb show needs a task key, or --html for the workspace's page", "wb show ABC-12");
        }
        StreamId stream = Keys.stream(key);
        try (Session session = context().session()) {
            ReplayQuery query = new ReplayQuery(session);
            List<SyncedReader.ChainReport> reports = query.verify(stream);
            Optional<MergedLog.View> view = query.merged(stream);
            Timeline timeline = new Timeline(view, PageRedactor.lenient(session).remembering());
            try {
                // read once, as wb replay reads it: each event becomes its line as it is read
                session.reader().forEach(stream, 0, timeline::add);
            } catch (LogDamagedException | UncheckedIOException | IllegalArgumentException damaged) {
                // a damaged record, or a payload no longer JSON that its upcasting or its summary reads
                return unreadable(query, stream, damaged);
            }
            List<ChainState> chains = ChainState.of(reports, timeline.last(), view);
            print(session, stream, timeline, chains);
            return Chains.report(console(), reports);
        }
    }

    private void print(Session session, StreamId stream, Timeline timeline, List<ChainState> chains) {
        // Replicas fetched but not counted (docs/SYNC.md, "Trust"): named, their events left to wb sync log.
        List<ReplicaTrust.Verdict> untrusted = session.trust().untrusted().stream()
                .filter(v -> SyncedReader.copyHolds(session.workspace(), v.replica(), stream))
                .toList();
        int events = (int) timeline.count();
        List<Timeline.Group> groups = timeline.groups();
        if (json()) {
            ObjectNode doc = ShowJson.of(stream, events, groups, chains);
            ArrayNode list = doc.putArray("untrusted");
            untrusted.forEach(v -> list.addObject().put("replica", v.replica()).put("why", v.why()));
            console().json(doc);
            return;
        }
        Paint paint = Paint.of(
                Paint.when(color, "wb show " + key),
                context().env(),
                context().terminals().interactive());
        new ShowText(console(), paint).print(stream, events, groups, chains);
        untrusted.forEach(v -> console()
                .line("untrusted: replica " + v.replica() + " (" + TerminalText.escape(v.why())
                        + "): its events of " + stream.name() + " count for nothing; wb sync log " + stream.name()
                        + " lists them"));
        console().flush();
    }

    /**
     * Events that cannot even be read (a damaged record): no timeline, but the chain's state still,
     * as {@code wb replay KEY --verify} finds it, and its exit. A log that is damaged where the chain
     * holds is not this command's to explain: the error every command gives.
     */
    private Exit unreadable(ReplayQuery query, StreamId stream, RuntimeException damaged) {
        List<SyncedReader.ChainReport> reports = query.verify(stream);
        if (reports.stream().allMatch(r -> r.report().intact())) {
            throw damaged;
        }
        List<ChainState> chains = ChainState.of(reports, Optional.empty(), Optional.empty());
        String why = "its events cannot be read: " + TerminalText.escape(damaged.getMessage());
        if (json()) {
            ObjectNode doc = ShowJson.of(stream, 0, List.of(), chains);
            doc.put("unreadable", damaged.getMessage());
            console().json(doc);
        } else {
            Paint paint = Paint.of(
                    Paint.when(color, "wb show " + key),
                    context().env(),
                    context().terminals().interactive());
            new ShowText(console(), paint).unreadable(stream, why, chains);
            console().flush();
        }
        return Chains.report(console(), reports);
    }
}
