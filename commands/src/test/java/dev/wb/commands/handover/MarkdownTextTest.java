package dev.wb.commands.handover;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.wb.engine.json.CanonicalJson;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A plan's text reads as text in the Markdown written from it: no HTML, no link, no broken list item. */
class MarkdownTextTest {

    @Test
    void htmlInAPlanIsWrittenAsEntities() {
        assertEquals("&lt;script&gt;alert(1)&lt;/script&gt; &amp;", MarkdownText.inline("<script>alert(1)</script> &"));
    }

    @Test
    void markdownPunctuationIsEscapedSoNoLinkOrEmphasisAppears() {
        assertEquals(
                "\\[x\\](javascript:alert(1)) \\*b\\* \\_i\\_",
                MarkdownText.inline("[x](javascript:alert(1)) *b* _i_"));
    }

    @Test
    void aLineBreakCannotEndAListItem() {
        assertEquals("one ## two", MarkdownText.inline("one\n## two").replace("\\#", "#"));
        assertFalse(MarkdownText.inline("a\r\nb").contains("\n"));
    }

    @Test
    void aCodeSpanIsFencedLongerThanAnyBacktickRunInside() {
        assertEquals("`a.py`", MarkdownText.code("a.py"));
        assertEquals("``x ` y``", MarkdownText.code("x ` y"));
        assertEquals("`` `tick` ``", MarkdownText.code("`tick`"));
    }

    @Test
    void aVerifyCommandWithAFenceInsideGetsALongerFence() {
        assertEquals("````\necho ```\n````", MarkdownText.fence("echo ```"));
        assertEquals("```\npytest -q\n```", MarkdownText.fence("pytest -q"));
    }

    @Test
    void aRenderedPlanCarriesNoRawTagFromItsText() {
        JsonNode plan = CanonicalJson.parse(
                ("{\"key\":\"ABC-1\",\"objective\":\"<img src=x onerror=alert(1)>\",\"rollback\":\"revert\","
                                + "\"questions\":[\"<b>why</b>\"],\"handover\":{\"symptom_plain\":\"<i>x</i>\",\"qa_steps\":[\"<a>\"]}}")
                        .getBytes(StandardCharsets.UTF_8));
        String spec = SpecMarkdown.render(plan);
        String note = HandoverMarkdown.render(plan);
        assertFalse(spec.contains("<"), spec);
        assertFalse(note.contains("<"), note);
        assertTrue(spec.contains("&lt;img src=x onerror=alert(1)&gt;"));
    }
}
