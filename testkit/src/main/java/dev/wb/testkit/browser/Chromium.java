package dev.wb.testkit.browser;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * A real headless Chromium (Debian's {@code chromium}) driven through Debian's {@code chromedriver} by
 * W3C WebDriver, for the tests of wb's HTML pages. Each instance starts its own chromedriver on a free
 * loopback port and one browser session with a fresh profile; {@link #close()} ends the session, every
 * process under chromedriver (no browser is left behind) and deletes the profile. Nothing leaves the
 * machine: the browser's background networking is off and {@link #open} takes local pages only.
 *
 * <p>Elements are WebDriver element ids, as {@link #find} returns them.
 */
public final class Chromium implements AutoCloseable {

    public static final Path BROWSER = Path.of("/usr/bin/chromium");
    public static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    /** How to get the browser, for a skipped or failed test's message. */
    public static final String INSTALL = "sudo apt-get install -y chromium chromium-driver (Debian; .ci/run does it)";

    static final String ELEMENT = "element-6066-11e4-a52e-4f735466cecf";

    private static final Duration START = Duration.ofSeconds(30);
    private static final Duration COMMAND = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofMillis(10);

    /**
     * Added before any script of every page: records {@code performance.now()} when {@code <html>} gets
     * {@code data-wb-ready="1"}, and again once the browser has produced the next frame after that, for
     * {@link #timings()}. The browser runs it as the harness's own, not as the page's, so the page's
     * Content-Security-Policy does not apply to it.
     */
    private static final String READY_OBSERVER = """
            (() => {
              const mark = () => {
                const html = document.documentElement;
                if (window.__wbReadyAt === undefined && html && html.getAttribute('data-wb-ready') === '1') {
                  window.__wbReadyAt = performance.now();
                  requestAnimationFrame(() => setTimeout(() => { window.__wbPaintedAt = performance.now(); }, 0));
                }
              };
              new MutationObserver(mark).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-wb-ready']});
            })();
            """;

    private static final String TIMINGS = """
            const n = performance.getEntriesByType('navigation')[0];
            const at = (v) => (n && v > 0) ? v : null;
            return {responseEnd: at(n && n.responseEnd), domContentLoaded: at(n && n.domContentLoadedEventEnd),
                    loadEventEnd: at(n && n.loadEventEnd),
                    ready: window.__wbReadyAt === undefined ? null : window.__wbReadyAt,
                    painted: window.__wbPaintedAt === undefined ? null : window.__wbPaintedAt};
            """;

    private final Path scratch;
    private final DriverProcess driver;
    private final String session;
    private final long browserPid;
    private final Thread shutdownHook;
    private boolean closed;

    private Chromium(Path scratch, DriverProcess driver, String session, long browserPid) {
        this.scratch = scratch;
        this.driver = driver;
        this.session = session;
        this.browserPid = browserPid;
        this.shutdownHook = new Thread(this::end, "wb-chromium-close");
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Whether Debian's chromium and chromedriver are installed where the harness looks. */
    public static boolean available() {
        return Files.isExecutable(BROWSER) && Files.isExecutable(DRIVER);
    }

    /**
     * For a test that needs the browser: starts it, or, when it is not installed, skips the test (an
     * aborted assumption saying how to install it), except under CI (the environment variable {@code
     * CI} set and not empty), where the test fails: CI must run the browser tests.
     */
    public static Chromium forTest() {
        require(BROWSER, DRIVER, System.getenv("CI"));
        return start();
    }

    /** The decision of {@link #forTest()}: nothing when both binaries are there, else skip or fail. */
    static void require(Path browser, Path driver, String ci) {
        List<String> missing = new ArrayList<>();
        for (Path binary : List.of(browser, driver)) {
            if (!Files.isExecutable(binary)) {
                missing.add(binary.toString());
            }
        }
        if (missing.isEmpty()) {
            return;
        }
        String what = String.join(" and ", missing) + " not installed";
        if (ci != null && !ci.isBlank()) {
            Assertions.fail(
                    "the browser tests must run under CI (CI=" + ci + "), but " + what + "; install: " + INSTALL);
        }
        Assumptions.abort("browser test skipped: " + what + "; to run it: " + INSTALL
                + " (with CI set, this test fails instead of skipping)");
    }

    /** Starts chromedriver and a headless browser session with a fresh profile. */
    public static Chromium start() {
        Path scratch;
        try {
            scratch = Files.createTempDirectory("wb-chromium");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        DriverProcess driver = null;
        try {
            driver = DriverProcess.start(DRIVER, scratch.resolve("chromedriver.log"), START);
            JsonNode created = driver.wire.post("/session", capabilities(scratch.resolve("profile")), START);
            String session = created.path("sessionId").asText();
            long pid = created.path("capabilities").path("goog:processID").asLong(-1);
            Chromium chromium = new Chromium(scratch, driver, session, pid);
            chromium.cdp("Page.addScriptToEvaluateOnNewDocument", Map.of("source", READY_OBSERVER));
            return chromium;
        } catch (RuntimeException e) {
            String log = driver == null ? "" : " (chromedriver: " + driver.logTail() + ")";
            if (driver != null) {
                DriverProcess.killTree(driver.tree(), Duration.ofSeconds(5));
            }
            deleteTree(scratch);
            throw new BrowserException("cannot start the browser: " + e.getMessage() + log, e);
        }
    }

    private static Map<String, Object> capabilities(Path profile) {
        List<String> args = List.of(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--no-proxy-server",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--window-size=1400,1000");
        Map<String, Object> chrome = Map.of("binary", BROWSER.toString(), "args", args);
        Map<String, Object> always = Map.of(
                "browserName",
                "chrome",
                "pageLoadStrategy",
                "normal",
                "timeouts",
                Map.of("pageLoad", 30_000, "script", 30_000, "implicit", 0),
                "goog:chromeOptions",
                chrome,
                "goog:loggingPrefs",
                Map.of("browser", "ALL"));
        return Map.of("capabilities", Map.of("alwaysMatch", always));
    }

    /** Opens a page from the file system and returns when it has loaded (its load event). */
    public void open(Path file) {
        open(file.toAbsolutePath().toUri());
    }

    /** Opens a {@code file:} URL or {@code about:blank}; nothing else, so that no test reaches the network. */
    public void open(URI url) {
        boolean local = "file".equals(url.getScheme()) || "about:blank".equals(url.toString());
        if (!local) {
            throw new IllegalArgumentException("the harness opens file: pages and about:blank only, not " + url);
        }
        call("POST", "/url", Map.of("url", url.toString()));
    }

    /**
     * Waits until the JavaScript expression {@code condition} is truthy in the page, for example {@code
     * document.documentElement.dataset.wbReady === '1'}; a {@link BrowserException} when it is not by
     * the timeout, or when the expression throws.
     */
    public void waitFor(String condition, Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        String script = "return Boolean(" + condition + ");";
        while (!execute(script).asBoolean(false)) {
            if (Instant.now().isAfter(deadline)) {
                throw new BrowserException("not true within " + timeout.toMillis() + " ms: " + condition);
            }
            DriverProcess.pause(POLL);
        }
    }

    /** Waits for THE PAGE CONTRACT's {@code data-wb-ready="1"} on {@code <html>}. */
    public void waitForReady(Duration timeout) {
        waitFor("document.documentElement.dataset.wbReady === '1'", timeout);
    }

    /** The first element matching the CSS selector; a {@link BrowserException} when there is none. */
    public String find(String css) {
        return call("POST", "/element", Map.of("using", "css selector", "value", css))
                .path(ELEMENT)
                .asText();
    }

    /** Every element matching the CSS selector, in document order (none: an empty list). */
    public List<String> findAll(String css) {
        List<String> found = new ArrayList<>();
        call("POST", "/elements", Map.of("using", "css selector", "value", css))
                .forEach(element -> found.add(element.path(ELEMENT).asText()));
        return found;
    }

    /** Clicks the element as a user would (scrolled into view; refused when something covers it). */
    public void click(String element) {
        call("POST", "/element/" + element + "/click", Map.of());
    }

    /** Presses Enter on the element (it is focused first), as a keyboard user would. */
    public void pressEnter(String element) {
        call("POST", "/element/" + element + "/value", Map.of("text", "\uE007"));
    }

    /** The element's rendered text, as a user sees it. */
    public String text(String element) {
        return call("GET", "/element/" + element + "/text", null).asText();
    }

    /** The element's attribute, or null when it has none. */
    public String attribute(String element, String name) {
        JsonNode value = call("GET", "/element/" + element + "/attribute/" + name, null);
        return value.isNull() ? null : value.asText();
    }

    /**
     * Runs {@code script} as a function body in the page ({@code arguments[i]} are {@code args},
     * written as JSON) and returns what it returns, as JSON (an element comes back as {@code {ELEMENT:
     * id}}).
     */
    public JsonNode execute(String script, Object... args) {
        return call("POST", "/execute/sync", Map.of("script", script, "args", List.of(args)));
    }

    /** A PNG of the viewport (1400 wide; the 1000-high window less its frame), written to {@code png} (its folders made). */
    public void screenshot(Path png) {
        byte[] bytes =
                Base64.getMimeDecoder().decode(call("GET", "/screenshot", null).asText());
        try {
            Path parent = png.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.write(png, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The current page's navigation timings and when it became ready (THE PAGE CONTRACT). */
    public PageTimings timings() {
        JsonNode t = execute(TIMINGS);
        return new PageTimings(
                number(t.path("responseEnd")),
                number(t.path("domContentLoaded")),
                number(t.path("loadEventEnd")),
                number(t.path("ready")),
                number(t.path("painted")));
    }

    private static double number(JsonNode value) {
        return value.isNumber() ? value.asDouble() : Double.NaN;
    }

    /** The browser's console since the last call, one {@code LEVEL message} a line (CSP refusals show here). */
    public List<String> consoleLog() {
        List<String> lines = new ArrayList<>();
        call("POST", "/se/log", Map.of("type", "browser"))
                .forEach(entry -> lines.add(entry.path("level").asText() + " "
                        + entry.path("message").asText()));
        return lines;
    }

    /** The browser's main process id (chromedriver's {@code goog:processID}). */
    public long browserPid() {
        return browserPid;
    }

    /** Chromedriver and every process under it now: the browser and its helpers. */
    public List<ProcessHandle> processes() {
        return driver.tree();
    }

    /** A Chrome DevTools Protocol command through chromedriver (for what WebDriver has no command for). */
    JsonNode cdp(String command, Map<String, Object> params) {
        return call("POST", "/goog/cdp/execute", Map.of("cmd", command, "params", params));
    }

    private JsonNode call(String method, String path, Object body) {
        if (closed) {
            throw new IllegalStateException("the browser is closed");
        }
        String full = "/session/" + session + path;
        return switch (method) {
            case "GET" -> driver.wire.get(full, COMMAND);
            case "POST" -> driver.wire.post(full, body, COMMAND);
            default -> throw new IllegalArgumentException(method);
        };
    }

    /**
     * Ends the session, chromedriver, the browser and every process under them (SIGTERM, then SIGKILL
     * after 5 s), and deletes the profile. A second call does nothing.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        end();
        try {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run: nothing to remove
        }
    }

    private synchronized void end() {
        if (closed) {
            return;
        }
        closed = true;
        List<ProcessHandle> tree = new ArrayList<>(driver.tree());
        ProcessHandle.of(browserPid).ifPresent(browser -> {
            tree.add(browser);
            browser.descendants().forEach(tree::add);
        });
        try {
            driver.wire.delete("/session/" + session, Duration.ofSeconds(10));
        } catch (BrowserException e) {
            // the browser may be gone already: what follows ends whatever is left
        }
        List<ProcessHandle> left = DriverProcess.killTree(tree, Duration.ofSeconds(5));
        deleteTree(scratch);
        if (!left.isEmpty()) {
            throw new BrowserException("browser processes survived SIGKILL: "
                    + left.stream().map(h -> Long.toString(h.pid())).toList());
        }
    }

    private static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the browser's scratch folder " + root, e);
        }
    }

    /** The scratch folder (profile and chromedriver's log), deleted by {@link #close()}. */
    Path scratch() {
        return scratch;
    }
}
