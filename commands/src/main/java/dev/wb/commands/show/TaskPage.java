package dev.wb.commands.show;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.wb.commands.ContentStore;
import dev.wb.commands.Session;
import dev.wb.commands.status.Mark;
import dev.wb.commands.status.TaskStatus;
import dev.wb.engine.TaskKey;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.catalog.Lane;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code wb show KEY --html}: one task's history as one self-contained page (docs/SHOW.md).
 *
 * <p>The DOM, for people and tests that drive it (the page contract):
 *
 * <ul>
 *   <li>{@code <html data-wb-page="task" data-wb-task="KEY">}; the script sets {@code data-wb-ready="1"}
 *       on it when the timeline is rendered ({@code data-wb-error} with the message if it failed).
 *   <li>{@code header.page}: {@code h1} the key, {@code .subtitle} the plan's title, {@code .stages}
 *       one {@code .stage[data-stage][data-mark]} per stage ({@code .current} on the first not ok),
 *       {@code #task-state[data-stage][data-mark]} where the task stands.
 *   <li>{@code #timeline}: {@code .axis .track} (time ticks, {@code .tick}), then one
 *       {@code .lane[data-lane]} per lane (plan, scope, verify, git, review; run, sync and other when they hold events), each with a
 *       {@code .track} holding its events: {@code span.ev[role=button][tabindex=0][data-event=N][data-type=TYPE]}
 *       (a span: it lays out faster than a button), N the event's number as {@code wb replay} shows
 *       it; {@code aria-pressed="true"} and {@code .selected} on the one shown.
 *   <li>{@code #event-detail}: filled on a click (or Enter) with {@code .type}, {@code .number},
 *       {@code .hash}, {@code .time}, {@code .actor}, {@code .replica} and {@code pre.payload} (the whole
 *       payload, redacted, pretty-printed); {@code data-shown=N} names the event shown.
 *   <li>{@code #audits} ({@code .audit[data-audit=N]}, {@code tr.citation[data-verdict][data-file][data-line]}),
 *       {@code #scope} ({@code .scope-check}, {@code tr.path[data-status]}, {@code .zones}), {@code #verify}
 *       ({@code .run[data-run][data-verdict]}, {@code .bar[data-value]} each command's milliseconds,
 *       {@code details.output[data-event-output=N]} with {@code pre.out.head} and {@code pre.out.tail}),
 *       {@code #review} ({@code #review-current}, {@code tr.round[data-verdict]}, the records,
 *       verifications, receipts and validation runs). {@code button.goto[data-show-event=N]} opens
 *       event N.
 *   <li>{@code script#wb-events} ({@code type="application/json"}): every event as
 *       {@code {n, type, time, ms, lane, tone, actor, replica, hash, payload}}, payload redacted.
 *   <li>{@code #provenance}: {@code time.made-at}, {@code .first-hash}, {@code .last-hash}.
 *   <li>A history of more than {@link TaskPages#PAGE_EVENTS} events is pages: each has {@code
 *       nav#pages[data-page][data-pages]} ({@code a[data-page=N]} to each other page) and holds its own
 *       events in the timeline, the sections and the data block; {@code #task-state} and {@code .stages}
 *       are on the last page only.
 * </ul>
 */
public final class TaskPage {

    private TaskPage() {}

    /**
     * The page of a task's history, made at {@code madeAt}: the whole history when it fits on one page
     * ({@link TaskPages#PAGE_EVENTS} events), else its last page.
     *
     * @throws dev.wb.commands.base.Failure exit 6 when the task has no history (as {@code wb replay})
     */
    public static String html(Session session, TaskKey key, Instant madeAt) {
        return TaskPages.last(session, key, madeAt).html();
    }

    /** One page of the history, held whole (a page printed). */
    static String page(Context context, TaskHistory.Page page) {
        Html html = new Html(capacity(page.events()));
        page(html, context, page);
        return html.toString();
    }

    /**
     * One page of the history written to {@code out} as it is made, never held whole (a page written to
     * its file).
     *
     * @throws Html.Unwritable when {@code out} fails
     */
    static void page(Context context, TaskHistory.Page page, OutputStream out) {
        Html html = Html.to(out);
        page(html, context, page);
        html.flush();
    }

    /** One page of the history: its events, the sections made of them, and links to the other pages. */
    private static void page(Html html, Context context, TaskHistory.Page page) {
        TaskHistory history = context.history();
        List<PageEvent> events = page.events();
        PageShell.begin(
                html,
                history.key().value() + (page.count() > 1 ? " (" + (page.index() + 1) + "/" + page.count() + ")" : "")
                        + " — wb",
                "data-wb-page",
                "task",
                "data-wb-task",
                history.key().value());
        header(html, history, page);
        html.raw("<main>\n");
        context.names().nav(html, page, history.key());
        timeline(html, page, history.size());
        new AuditSection(context.store(), context.redactor()).write(html, events);
        ScopeSection.write(html, events);
        new VerifySection(context.store(), context.redactor()).write(html, events);
        ReviewSection.write(html, events, page.rounds());
        html.raw("</main>\n");
        String chain = history.brokenAt()
                .map(at -> "The hash chain does not verify at event " + at + " (wb replay " + history.key()
                        + " --verify).")
                .orElse("The hash chain verifies.");
        String from = page.count() == 1
                ? events.size() + " events of " + history.key()
                : "events " + page.first().number() + " to " + page.end().number() + " of the " + history.size()
                        + " of " + history.key();
        PageShell.provenance(
                html, context.madeAt(), from, page.first().hash(), page.end().hash(), chain);
        events(html, events);
        PageShell.end(html);
    }

    /**
     * Room for the page as it is usually written, so that its builder is not copied as it grows: the
     * sections (each shows a bounded number of events), and the data block (each event's payload and
     * the ~250 characters of its number, type, time, lane, tone, actor, replica and hash).
     */
    private static int capacity(List<PageEvent> events) {
        long capacity = 128 * 1024;
        for (PageEvent e : events) {
            capacity += e.payload().size() + 288;
        }
        return (int) Math.min(capacity, Integer.MAX_VALUE - 16);
    }

    /** What every page of one history is made with. */
    record Context(
            TaskHistory history, ContentStore store, PageRedactor redactor, Instant madeAt, TaskPages.Names names) {}

    private static void header(Html html, TaskHistory history, TaskHistory.Page page) {
        html.raw("<header class=\"page\">\n").element("h1", history.key().value());
        history.title().ifPresent(title -> html.element("div", title, "class", "subtitle"));
        if (page.status().isEmpty()) {
            html.element("p", "Where the task stands is on its last page.", "class", "muted")
                    .raw("\n</header>\n");
            return;
        }
        Optional<TaskStatus> task = page.status().get().task();
        if (task.isPresent()) {
            Optional<TaskStatus.StageStatus> current = task.get().current();
            html.open(
                    "p",
                    "id",
                    "task-state",
                    "data-stage",
                    current.map(s -> s.stage().word()).orElse("done"),
                    "data-mark",
                    current.map(s -> s.mark().word()).orElse(Mark.OK.word()));
            if (current.isEmpty()) {
                html.text("Every stage is ok.");
            } else {
                html.text("Stage " + current.get().stage().word() + ": ")
                        .badge("mark", current.get().mark().word())
                        .text(" " + current.get().detail() + " — next: "
                                + task.get().next().orElse("-"));
            }
            html.close("p").raw("<div class=\"stages\">");
            for (TaskStatus.StageStatus stage : task.get().stages()) {
                boolean isCurrent = current.map(c -> c.stage() == stage.stage()).orElse(false);
                html.open(
                                "span",
                                "class",
                                "stage mark-" + Html.cssWord(stage.mark().word()) + (isCurrent ? " current" : ""),
                                "data-stage",
                                stage.stage().word(),
                                "data-mark",
                                stage.mark().word(),
                                "title",
                                stage.detail())
                        .text(stage.stage().word())
                        .badge("mark", stage.mark().word())
                        .close("span");
            }
            html.raw("</div>");
        }
        html.raw("\n</header>\n");
    }

    private static void timeline(Html html, TaskHistory.Page page, long total) {
        List<PageEvent> events = page.events();
        html.open("section", "id", "history")
                .element(
                        "h2",
                        "Timeline: " + Sections.count(events.size(), "event")
                                + (page.count() == 1 ? "" : " of " + Sections.count(total, "event")));
        html.element(
                "p",
                "Each square is one event, placed by its time in its stage's lane; click one (or Tab to it and"
                        + " press Enter) to see its whole payload.",
                "class",
                "muted");
        Map<Lane, Integer> counts = new EnumMap<>(Lane.class);
        for (PageEvent e : events) {
            counts.merge(e.lane(), 1, Integer::sum);
        }
        html.raw("<div id=\"timeline\">\n<div class=\"axis\"><div class=\"lane-name\">time (UTC)</div>"
                + "<div class=\"track\"></div></div>\n");
        for (Lane lane : Lane.values()) {
            if (!lane.always() && !counts.containsKey(lane)) {
                continue;
            }
            html.open("div", "class", "lane", "data-lane", lane.word())
                    .element("div", lane.word() + " (" + counts.getOrDefault(lane, 0) + ")", "class", "lane-name")
                    .raw("<div class=\"track\"></div>")
                    .close("div")
                    .raw("\n");
        }
        html.raw("</div>\n<div id=\"event-detail\" aria-live=\"polite\">"
                + "<p class=\"muted\">Click an event to see its type, number, hash and payload.</p></div>\n");
        html.close("section").raw("\n");
    }

    /**
     * The data block: every event, as the script reads it, generated as bytes with one generator straight
     * into the page (to its file, for a page written as it is made), escaped for a script element as it
     * goes ({@link ScriptJson#escaping}); each payload copied from its stored bytes ({@link PagePayload}).
     */
    /** An event's object in the data block up to its payload: opened, every field written, the payload's name. */
    static void fields(JsonGenerator gen, PageEvent e) throws IOException {
        gen.writeStartObject();
        gen.writeNumberField("n", e.number());
        gen.writeStringField("type", e.type());
        gen.writeStringField("time", e.time().toString());
        gen.writeNumberField("ms", e.time().toEpochMilli());
        gen.writeStringField("lane", e.lane().word());
        gen.writeStringField("tone", e.tone());
        gen.writeStringField("actor", e.actor());
        gen.writeStringField("replica", e.replica());
        gen.writeStringField("hash", e.hash());
        gen.writeFieldName("payload");
    }

    static void events(Html html, List<PageEvent> events) {
        html.raw("<script type=\"application/json\" id=\"wb-events\">");
        OutputStream block = ScriptJson.escaping(new BufferedOutputStream(html.ascii(), 64 * 1024));
        PagePayload.Writer payloads = new PagePayload.Writer();
        try (JsonGenerator gen = CanonicalJson.FACTORY.createGenerator(block, JsonEncoding.UTF8)) {
            gen.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET); // the page goes on
            gen.disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM); // flushed to the buffer only
            gen.setHighestNonEscapedChar(0x7f); // escaped beyond ASCII: the page stays ASCII (Html#escape)
            gen.writeStartArray();
            for (PageEvent e : events) {
                fields(gen, e);
                payloads.write(gen, block, e.payload());
                gen.writeEndObject();
            }
            gen.writeEndArray();
            gen.flush();
            block.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        html.raw("</script>\n");
    }
}
