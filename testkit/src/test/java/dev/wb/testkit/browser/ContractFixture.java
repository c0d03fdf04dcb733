package dev.wb.testkit.browser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A small static page that keeps THE PAGE CONTRACT (issue 18): three events (two
 * {@code <button>}s and a {@code role=button} element), {@code #event-detail} filled on click or Enter,
 * {@code #provenance}, the strict Content-Security-Policy, and {@code data-wb-ready="1"} set by its
 * script, on purpose {@link #READY_DELAY_MS} after load so that a test must wait for it.
 */
final class ContractFixture {

    static final int READY_DELAY_MS = 150;
    static final String CSP =
            "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:";
    static final String HASH_2 = "sha256:2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae";
    static final String FIRST_HASH = "sha256:0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9";
    static final String LAST_HASH = "sha256:f9e8d7c6b5a4938271605f4e3d2c1b0af9e8d7c6b5a4938271605f4e3d2c1b0a";

    private ContractFixture() {}

    static Path write(Path dir) throws IOException {
        String page = """
                <!doctype html>
                <html lang="en" data-wb-page="task" data-wb-task="DEMO-1">
                <head>
                <meta charset="utf-8">
                <meta http-equiv="Content-Security-Policy" content="%s">
                <title>DEMO-1</title>
                <style>
                  body { font: 14px system-ui, sans-serif; margin: 2em; }
                  #timeline [data-event] { display: inline-block; margin: 4px; padding: 6px 10px; border: 1px solid #446; background: #eef; }
                  #event-detail { margin-top: 1em; border-left: 4px solid #446; padding-left: 1em; min-height: 6em; }
                  pre.payload { background: #f6f6f6; padding: 8px; }
                </style>
                </head>
                <body>
                <h1>DEMO-1</h1>
                <section id="timeline">
                  <button type="button" data-event="1" data-type="task.created">1 task.created</button>
                  <button type="button" data-event="2" data-type="sdd.audited">2 sdd.audited</button>
                  <div role="button" tabindex="0" data-event="3" data-type="impl.verified">3 impl.verified</div>
                </section>
                <section id="event-detail"><h2 class="type"></h2><p>event <span class="number"></span>,
                  hash <code class="hash"></code></p><pre class="payload"></pre></section>
                <footer id="provenance">made <time>2026-01-02T03:04:05Z</time> from
                  <code class="first-hash">%s</code> to <code class="last-hash">%s</code></footer>
                <script type="application/json" id="events">
                {"1": {"type": "task.created", "hash": "sha256:1111", "payload": {"key": "DEMO-1"}},
                 "2": {"type": "sdd.audited", "hash": "%s",
                       "payload": {"plan": "sdd.json", "verdict": "pass", "citations": [{"path": "src/A.java", "line": 12, "ok": true}]}},
                 "3": {"type": "impl.verified", "hash": "sha256:3333", "payload": {"outcome": "passed", "token": "[REDACTED]"}}}
                </script>
                <script>
                  const events = JSON.parse(document.getElementById('events').textContent);
                  const detail = document.getElementById('event-detail');
                  function show(element) {
                    const n = element.dataset.event;
                    const event = events[n];
                    detail.querySelector('.type').textContent = event.type;
                    detail.querySelector('.number').textContent = n;
                    detail.querySelector('.hash').textContent = event.hash;
                    detail.querySelector('pre.payload').textContent = JSON.stringify(event.payload, null, 2);
                  }
                  window.addEventListener('load', () => setTimeout(() => {
                    for (const element of document.querySelectorAll('[data-event]')) {
                      element.addEventListener('click', () => show(element));
                      element.addEventListener('keydown', (e) => { if (e.key === 'Enter' && element.tagName !== 'BUTTON') show(element); });
                    }
                    document.documentElement.dataset.wbReady = '1';
                  }, %d));
                </script>
                </body>
                </html>
                """.formatted(CSP, FIRST_HASH, LAST_HASH, HASH_2, READY_DELAY_MS);
        Path file = dir.resolve("contract.html");
        Files.writeString(file, page, StandardCharsets.UTF_8);
        return file;
    }

    /** A page under the same CSP (or none) with one image from {@code imageUrl}, recording what happens to it. */
    static Path imagePage(Path dir, String name, boolean withCsp, String imageUrl) throws IOException {
        String meta = withCsp ? "<meta http-equiv=\"Content-Security-Policy\" content=\"" + CSP + "\">" : "";
        String page = """
                <!doctype html>
                <html><head><meta charset="utf-8">%s
                <script>
                  window.violations = [];
                  window.imageState = 'pending';
                  document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.blockedURI + ' ' + e.effectiveDirective));
                </script></head>
                <body><img id="external" src="%s" onload="window.imageState = 'loaded'" onerror="window.imageState = 'error'"></body></html>
                """.formatted(meta, imageUrl);
        Path file = dir.resolve(name);
        Files.writeString(file, page, StandardCharsets.UTF_8);
        return file;
    }
}
