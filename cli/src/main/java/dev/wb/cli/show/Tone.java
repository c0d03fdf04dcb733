package dev.wb.cli.show;

import dev.wb.cli.core.Paint;
import dev.wb.engine.EventEnvelope;
import dev.wb.projections.catalog.Outcome;

/**
 * How an event or a stage reads: {@code GOOD} (green: passed), {@code BAD} (red: failed, refused, a
 * deviation), {@code WARN} (yellow: a warning, something pending or unverified), {@code PLAIN}.
 */
enum Tone {
    GOOD,
    BAD,
    WARN,
    PLAIN;

    /** {@code text} in this tone's colour, when {@code paint} colours. */
    String paint(Paint paint, String text) {
        return switch (this) {
            case GOOD -> paint.good(text);
            case BAD -> paint.bad(text);
            case WARN -> paint.warn(text);
            case PLAIN -> text;
        };
    }

    /** The catalogue's word for this tone ({@code ok}, {@code bad}, {@code warn}, {@code neutral}). */
    Outcome outcome() {
        return Outcome.valueOf(name());
    }

    /** How one event reads: the catalogue's {@link Outcome}, as the page colours it too. */
    static Tone of(EventEnvelope e) {
        return valueOf(Outcome.of(e).name());
    }
}
