package dev.wb.projections.events.draft;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/** The reasons a check of a drafted text records: at most {@link #MAX} of them, each at most {@link #MAX_CHARS} characters. */
final class CheckReasons {

    static final int MAX = 20;
    static final int MAX_CHARS = 200;

    private CheckReasons() {}

    static List<String> bounded(List<String> reasons) {
        List<String> bounded = new ArrayList<>();
        for (String reason : reasons) {
            if (bounded.size() == MAX) {
                break;
            }
            bounded.add(reason.length() <= MAX_CHARS ? reason : reason.substring(0, MAX_CHARS - 1) + "…");
        }
        return List.copyOf(bounded);
    }

    /** The strings of a payload's array, in order; none when it is absent. */
    static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(t -> texts.add(t.asText()));
        return List.copyOf(texts);
    }
}
