package dev.wb.commands.show;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wb.engine.Payload;
import dev.wb.engine.json.CanonicalJson;
import dev.wb.projections.catalog.Lane;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The data block is generated as bytes straight into the page: it must be, byte for byte, the block a
 * generator of characters wrote before (each payload's redacted tree written canonically, the whole then
 * escaped for the script element), for any text an event holds, in a page held whole and in one written
 * as it is made.
 */
class PageDataBlockTest {

    @TempDir
    Path tmp;

    PageRedactor redactor;

    @BeforeEach
    void redactor() {
        redactor = ShowFixture.redactor(tmp);
    }

    /** What payloads hold (a lone surrogate never reads back from the log: only an actor has one here). */
    private static final List<String> TEXTS = List.of(
            "plain",
            "caf\u00e9 \u2014 \ud83d\ude00",
            "</script><!-- & -->",
            "\u2028\u2029",
            "line\nbreak\ttab \u0001 \u007f",
            "quote \" backslash \\ slash /",
            ShowFixture.SHAPED_SECRET,
            "deploy " + ShowFixture.ENV_SECRET,
            "password=hunter2hunter2",
            "");

    private List<PageEvent> events(Random random, int count) {
        List<PageEvent> events = new ArrayList<>(count);
        for (int n = 0; n < count; n++) {
            ObjectNode payload = CanonicalJson.objectNode();
            for (int f = random.nextInt(5); f > 0; f--) {
                String name = random.nextInt(4) == 0 ? text(random) : "field" + random.nextInt(9);
                payload.put(name, text(random));
            }
            payload.putArray("list").add(text(random)).add(random.nextLong()).add(1.50);
            events.add(new PageEvent(
                    n,
                    "type." + n % 3,
                    Instant.ofEpochMilli(1_700_000_000_000L + n * 1234L),
                    redactor.text(random.nextInt(5) == 0 ? "\ud800 alone" : text(random)),
                    redactor.text(text(random)),
                    "sha256:" + Integer.toHexString(n),
                    n % 2 == 0 ? Lane.VERIFY : Lane.GIT,
                    "ok",
                    new PagePayload(Payload.of(payload), redactor)));
        }
        return events;
    }

    private static String text(Random random) {
        return TEXTS.get(random.nextInt(TEXTS.size()));
    }

    /** The block as it was written before: characters, each payload's redacted tree, escaped whole after. */
    private String asCharacters(List<PageEvent> events) {
        StringWriter json = new StringWriter();
        try (JsonGenerator gen = CanonicalJson.FACTORY.createGenerator(json)) {
            gen.setHighestNonEscapedChar(0x7f);
            gen.writeStartArray();
            for (PageEvent e : events) {
                TaskPage.fields(gen, e);
                CanonicalJson.write(gen, e.payload().tree());
                gen.writeEndObject();
            }
            gen.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        StringBuilder page = new StringBuilder("<p>before</p>");
        page.append("<script type=\"application/json\" id=\"wb-events\">");
        ScriptJson.appendEscaped(page, json.toString());
        return page.append("</script>\n<p>after</p>").toString();
    }

    @Test
    void the_block_is_the_one_characters_gave_whatever_the_events_hold() {
        Random random = new Random(20261208);
        for (int round = 0; round < 200; round++) {
            List<PageEvent> events = events(random, 1 + random.nextInt(30));
            String expected = asCharacters(events);

            Html whole = new Html(1024).raw("<p>before</p>");
            TaskPage.events(whole, events);
            assertEquals(expected, whole.raw("<p>after</p>").toString(), "a page held whole");

            ByteArrayOutputStream file = new ByteArrayOutputStream();
            Html made = Html.to(file).raw("<p>before</p>");
            TaskPage.events(made, events);
            made.raw("<p>after</p>").flush();
            assertEquals(expected, file.toString(StandardCharsets.UTF_8), "a page written as it is made");
        }
    }

    @Test
    void a_block_larger_than_every_buffer_is_whole() {
        List<PageEvent> events = events(new Random(7), 3000);
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        Html made = Html.to(file).raw("<p>before</p>");
        TaskPage.events(made, events);
        made.raw("<p>after</p>").flush();
        assertTrue(file.size() > 256 * 1024, "larger than the generator's, the stream's and the page's buffers");
        assertEquals(asCharacters(events), file.toString(StandardCharsets.UTF_8));
    }
}
