package dev.wb.commands.show;

import dev.wb.commands.ContentStore;
import dev.wb.commands.Session;
import dev.wb.commands.merged.SyncedReader;
import dev.wb.engine.TaskKey;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A task's history as pages of {@value #PAGE_EVENTS} events, each written as its events are read (and
 * to its file as it is made), so that memory holds one page's events whatever the history's length and a browser paints each page as fast as a
 * short history's. A history that fits on one page is one page, as it always was; a longer one has its
 * last page at the file named (what the workspace page links to) and each earlier page beside it,
 * {@code KEY.1.html}, {@code KEY.2.html} …, every page linking to every other ({@code nav#pages}).
 */
public final class TaskPages {

    /** Events a page holds: a 10,000-event page paints in under a second in headless Chromium. */
    public static final int PAGE_EVENTS = 10_000;

    private TaskPages() {}

    /** The pages written, in order (the last is the file named), and the chains' reports they state. */
    public record Written(List<Path> files, List<SyncedReader.ChainReport> chains) {}

    /** The last page, for standard output, and the chains' reports it states. */
    public record Last(String html, List<SyncedReader.ChainReport> chains) {}

    /**
     * Writes every page, each whole or not at all: the earlier ones beside {@code file}, the last to it.
     * Every file is checked before any is written.
     *
     * @throws dev.wb.commands.base.Failure exit 6 when the task has no history; exit 2 when a page's file is a
     *     link, FIFO or folder, or its name too long; exit 3 when one cannot be written
     */
    public static Written write(Session session, TaskKey key, Instant madeAt, Path file) {
        PageRedactor redactor = PageRedactor.of(session);
        TaskHistory history = TaskHistory.read(session, key, redactor);
        Names names = Names.beside(file);
        int count = history.pages(PAGE_EVENTS);
        for (int i = 0; i < count; i++) {
            Pages.check(names.path(i, count).orElseThrow());
        }
        TaskPage.Context context = context(session, history, redactor, madeAt, names);
        List<Path> files = new ArrayList<>(count);
        history.forEachPage(session, redactor, PAGE_EVENTS, page -> {
            Path target = names.path(page.index(), page.count()).orElseThrow();
            Pages.write(target, out -> TaskPage.page(context, page, out));
            files.add(target);
        });
        return new Written(List.copyOf(files), history.chains());
    }

    /** The last page alone (the whole history when it fits on one), with no files beside it to link to. */
    public static Last last(Session session, TaskKey key, Instant madeAt) {
        PageRedactor redactor = PageRedactor.of(session);
        TaskHistory history = TaskHistory.read(session, key, redactor);
        TaskPage.Context context = context(session, history, redactor, madeAt, Names.NONE);
        String[] html = {""};
        history.forEachPage(session, redactor, PAGE_EVENTS, page -> {
            if (page.last()) {
                html[0] = TaskPage.page(context, page);
            }
        });
        return new Last(html[0], history.chains());
    }

    private static TaskPage.Context context(
            Session session, TaskHistory history, PageRedactor redactor, Instant madeAt, Names names) {
        return new TaskPage.Context(history, new ContentStore(session.workspace()), redactor, madeAt, names);
    }

    /** The pages' files: the last page at the file named, page N of the others as {@code STEM.N.EXT}. */
    record Names(Optional<Path> file) {

        /** No files: a page printed to standard output names the others without linking to them. */
        static final Names NONE = new Names(Optional.empty());

        static Names beside(Path file) {
            return new Names(Optional.of(file));
        }

        /** Page {@code index} (from 0) of {@code count}'s file; empty for a printed page. */
        Optional<Path> path(int index, int count) {
            return file.map(f -> index == count - 1 ? f : f.resolveSibling(name(f, index)));
        }

        private static String name(Path file, int index) {
            String name = String.valueOf(file.getFileName());
            int dot = name.toLowerCase(Locale.ROOT).lastIndexOf(".htm");
            String stem = dot > 0 ? name.substring(0, dot) : name;
            String ext = dot > 0 ? name.substring(dot) : ".html";
            return stem + "." + (index + 1) + ext;
        }

        /**
         * {@code nav#pages[data-page][data-pages]} on a history of more than one page: a link to each
         * other page ({@code a[data-page=N]}), this one {@code span[aria-current=page]}.
         */
        void nav(Html html, TaskHistory.Page page, TaskKey key) {
            if (page.count() == 1) {
                return;
            }
            html.open(
                            "nav",
                            "id",
                            "pages",
                            "data-page",
                            Integer.toString(page.index() + 1),
                            "data-pages",
                            Integer.toString(page.count()))
                    .text("Page " + (page.index() + 1) + " of " + page.count() + " (" + TaskPages.PAGE_EVENTS
                            + " events a page): ");
            for (int i = 0; i < page.count(); i++) {
                String number = Integer.toString(i + 1);
                Optional<Path> target = path(i, page.count());
                if (i == page.index()) {
                    html.element("span", number, "aria-current", "page", "data-page", number);
                } else if (target.isPresent()) {
                    html.element(
                            "a", number, "href", String.valueOf(target.get().getFileName()), "data-page", number);
                } else {
                    html.element("span", number, "class", "muted", "data-page", number);
                }
                html.raw(" ");
            }
            if (file.isEmpty()) {
                html.text("(the other pages are written beside a file: wb show " + key + " --html FILE)");
            }
            html.close("nav").raw("\n");
        }
    }
}
