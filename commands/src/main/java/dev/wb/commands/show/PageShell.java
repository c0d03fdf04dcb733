package dev.wb.commands.show;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * What every page has around its content: the strict Content-Security-Policy (nothing but the page's
 * own inline style and script; images only as data: URLs), the stylesheet and the script inlined from
 * {@code page.css} and {@code page.js} beside this class, and {@code #provenance}.
 */
final class PageShell {

    static final String CSP =
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";

    private static final String CSS = resource("page.css");
    private static final String JS = resource("page.js");

    private PageShell() {}

    /**
     * Opens the page up to {@code <body>}: {@code attributes} go on {@code <html>} (the contract's
     * {@code data-wb-page} and {@code data-wb-task}).
     */
    static void begin(Html html, String title, String... attributes) {
        html.raw("<!DOCTYPE html>\n");
        String[] all = new String[attributes.length + 2];
        all[0] = "lang";
        all[1] = "en";
        System.arraycopy(attributes, 0, all, 2, attributes.length);
        html.open("html", all).raw("\n<head>\n<meta charset=\"utf-8\">\n");
        html.open("meta", "http-equiv", "Content-Security-Policy", "content", CSP)
                .raw("\n");
        html.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        html.raw("<meta name=\"referrer\" content=\"no-referrer\">\n");
        html.element("title", title).raw("\n<style>\n").raw(CSS).raw("</style>\n</head>\n<body>\n");
    }

    /**
     * {@code #provenance}: when the page was made (UTC, ISO-8601, to the second) and the first and last
     * event it was made from.
     */
    static void provenance(Html html, Instant madeAt, String from, String firstHash, String lastHash, String extra) {
        html.open("footer", "id", "provenance");
        html.raw("Made by wb at ")
                .element("time", iso(madeAt), "class", "made-at", "datetime", iso(madeAt))
                .raw(" from ")
                .text(from)
                .raw(": first event ")
                .element("code", firstHash, "class", "hash first-hash")
                .raw(", last event ")
                .element("code", lastHash, "class", "hash last-hash")
                .raw(". ")
                .text(extra)
                .raw(" Self-contained: nothing is loaded from anywhere; secrets are redacted.")
                .close("footer")
                .raw("\n");
    }

    /** Closes the page: the inline script, then {@code </body></html>}. */
    static void end(Html html) {
        html.raw("<script>\n").raw(JS).raw("</script>\n</body>\n</html>\n");
    }

    static String iso(Instant instant) {
        return instant.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    private static String resource(String name) {
        try (InputStream in = PageShell.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing beside " + PageShell.class.getName());
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            if (text.contains("</script") || text.contains("</style")) {
                throw new IllegalStateException(name + " must not close its own element");
            }
            return text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
