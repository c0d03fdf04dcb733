package dev.wb.commands.show;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What the sections share: the latest of a long list, a list of words, a bar. */
final class Sections {

    private Sections() {}

    /** The last {@code most} items, in their order. */
    static <T> List<T> latest(List<T> items, int most) {
        return items.subList(Math.max(0, items.size() - most), items.size());
    }

    /** Says how many of {@code total} are shown, when not all of them are. */
    static void shownOf(Html html, int total, int most, String what) {
        if (total > most) {
            html.element(
                    "p",
                    "The latest " + most + " of " + total + " " + what + "; the timeline holds every one.",
                    "class",
                    "muted");
        }
    }

    /** {@code name: a, b, c} when the array has any text in it. */
    static void words(Html html, String name, JsonNode array) {
        if (!array.isArray() || array.isEmpty()) {
            return;
        }
        List<String> words = new ArrayList<>(array.size());
        for (JsonNode word : array) {
            words.add(word.isTextual() ? word.textValue() : word.toString());
        }
        html.open("p", "class", Html.cssWord(name))
                .element("strong", name + ": ")
                .text(String.join(", ", words))
                .close("p");
    }

    /**
     * A bar as wide as {@code value} is of {@code max}, with the value as data attribute
     * {@code data-value} (what a test or a script reads) and its tone.
     */
    static void bar(Html html, long value, long max, String tone, String label) {
        double percent = max <= 0 || value <= 0 ? 0 : Math.max(0.5, Math.min(100.0, 100.0 * value / max));
        html.open("div", "class", "bar", "data-value", Long.toString(value), "title", label)
                .open("span", "class", "tone-" + tone, "style", String.format(Locale.ROOT, "width:%.1f%%", percent))
                .close("span")
                .close("div");
    }

    /** {@code n} and the noun, plural unless one, with thousands grouped: "1 run", "10,000 events". */
    static String count(long n, String noun) {
        return String.format(Locale.ROOT, "%,d", n) + " " + noun + (n == 1 ? "" : "s");
    }
}
