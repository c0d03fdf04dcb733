package dev.wb.bench;

import dev.wb.testkit.browser.BrowserException;
import dev.wb.testkit.browser.Chromium;
import dev.wb.testkit.browser.PageTimings;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * How long an HTML page that keeps THE PAGE CONTRACT (issue 18) takes to open and render in a real
 * headless Chromium ({@code bench/show-page} runs it):
 * {@code java -cp bench/target/benchmarks.jar dev.wb.bench.PageRender PAGE.html [RUNS]}.
 *
 * <p>One browser; a first open not counted (the browser's own warm-up), then RUNS opens, each from
 * {@code about:blank}. Per run, in ms since the navigation started as the page measured it: the load
 * event's end, {@code data-wb-ready="1"} set, and the first frame after it produced; and the wall time
 * from the harness asking for the page to its seeing it ready (WebDriver's round trips included).
 * Then a check that the page works: clicking its last event (the highest number) fills {@code #event-detail}.
 */
public final class PageRender {

    private static final Duration READY = Duration.ofSeconds(60);

    private PageRender() {}

    record Run(PageTimings page, double wallMs) {}

    public static void main(String[] args) {
        if (args.length < 1 || args.length > 2) {
            System.err.println("error: usage: PageRender PAGE.html [RUNS]");
            System.err.println("fix: run it through bench/show-page");
            System.exit(2);
        }
        Path page = Path.of(args[0]).toAbsolutePath();
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        if (!Files.isRegularFile(page)) {
            System.err.println("error: no such page: " + page);
            System.err.println("fix: name an HTML file, or use bench/show-page --task-events N");
            System.exit(2);
        }
        if (!Chromium.available()) {
            System.err.println("error: " + Chromium.BROWSER + " or " + Chromium.DRIVER + " is not installed");
            System.err.println("fix: " + Chromium.INSTALL);
            System.exit(2);
        }
        try (Chromium browser = Chromium.start()) {
            Run first = once(browser, page);
            List<Run> measured = new ArrayList<>();
            for (int i = 0; i < runs; i++) {
                measured.add(once(browser, page));
            }
            report(page, first, measured);
            check(browser);
        } catch (BrowserException e) {
            System.err.println("error: " + e.getMessage());
            System.err.println(
                    "fix: does the page set data-wb-ready=\"1\" (THE PAGE CONTRACT)? open it in a browser and look");
            System.exit(1);
        }
    }

    private static Run once(Chromium browser, Path page) {
        browser.open(URI.create("about:blank"));
        long start = System.nanoTime();
        browser.open(page);
        browser.waitForReady(READY);
        double wall = (System.nanoTime() - start) / 1e6;
        browser.waitFor("window.__wbPaintedAt !== undefined", READY);
        return new Run(browser.timings(), wall);
    }

    private static void report(Path page, Run first, List<Run> runs) {
        System.out.printf(
                Locale.ROOT,
                "page: %s (%,d bytes)%n",
                page.getFileName(),
                page.toFile().length());
        System.out.printf(
                Locale.ROOT,
                "%-52s ready %6.0f ms  painted %6.0f ms%n",
                "first open in a fresh browser (not counted)",
                first.page().ready(),
                first.page().painted());
        row("load event end (navigation timing)", runs, r -> r.page().loadEventEnd());
        row(
                "data-wb-ready=\"1\" (performance.now() when set)",
                runs,
                r -> r.page().ready());
        row("first frame after ready (painted)", runs, r -> r.page().painted());
        row("wall: WebDriver open until it saw ready", runs, Run::wallMs);
    }

    private static void row(String label, List<Run> runs, ToDoubleFunction<Run> metric) {
        double[] values = runs.stream().mapToDouble(metric).sorted().toArray();
        System.out.printf(
                Locale.ROOT,
                "%-52s p50 %6.0f ms  min %6.0f ms  max %6.0f ms (n=%d)%n",
                label,
                values[(values.length - 1) / 2],
                values[0],
                values[values.length - 1],
                values.length);
    }

    /** The page works, not only loads: its events are there, and clicking the last one shows it. */
    private static void check(Chromium browser) {
        List<String> events = browser.findAll("[data-event]");
        if (events.isEmpty()) {
            throw new BrowserException("the page has no [data-event] element");
        }
        // the event numbered last (the lanes put events out of their order on the page)
        String number = browser.execute("return String(Math.max(...[...document.querySelectorAll('[data-event]')]"
                        + ".map(e => Number(e.getAttribute('data-event')))));")
                .asText();
        String last = browser.find("[data-event=\"" + number + "\"]");
        long start = System.nanoTime();
        String how = "clicking event " + number;
        try {
            browser.click(last);
        } catch (BrowserException e) {
            if (!e.getMessage().contains("intercepted")) {
                throw e;
            }
            how = "Enter on event " + number
                    + " (a click on it was intercepted: something covers it)"; // the contract's other way in
            browser.pressEnter(last);
        }
        browser.waitFor(
                "(document.querySelector('#event-detail pre.payload') || {}).textContent"
                        + " && document.querySelector('#event-detail .hash').textContent",
                READY);
        double clickMs = (System.nanoTime() - start) / 1e6;
        String hash = browser.text(browser.find("#event-detail .hash"));
        System.out.printf(
                Locale.ROOT,
                "check: %,d events on the page; %s filled #event-detail (hash %s) in %.0f ms%n",
                events.size(),
                how,
                hash,
                clickMs);
    }
}
