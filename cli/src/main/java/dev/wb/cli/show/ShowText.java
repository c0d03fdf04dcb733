package dev.wb.cli.show;

import dev.wb.cli.core.Columns;
import dev.wb.cli.core.Console;
import dev.wb.cli.core.Paint;
import dev.wb.engine.StreamId;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;

/**
 * {@code wb show KEY} as text: a title line, each stage's header (its name and state) and one line an
 * event (number, time, type, summary), then the hash chain's state, last. Times are UTC, {@code
 * HH:MM:SS}, with the date wherever it changes from the line above.
 */
final class ShowText {

    private static final int TYPE_WIDTH = 26;
    private static final int REPLICA_WIDTH = 16;

    private final Console console;
    private final Paint paint;
    private LocalDate lastDate;

    ShowText(Console console, Paint paint) {
        this.console = console;
        this.paint = paint;
    }

    void print(StreamId stream, int events, List<Timeline.Group> groups, List<ChainState> chains) {
        console.line(paint.bold(stream.describe()) + paint.dim(" · " + events + " event" + (events == 1 ? "" : "s")));
        for (Timeline.Group group : groups) {
            console.line("");
            int n = group.rows().size();
            console.line(paint.bold(Columns.left(group.stage().word(), 7)) + " "
                    + group.state().tone().paint(paint, group.state().word())
                    + paint.dim(n == 0 ? "" : " · " + n + " event" + (n == 1 ? "" : "s")));
            group.rows().forEach(row -> console.line(row(row)));
        }
        chains(chains);
    }

    /** The title, why there is no timeline, and the chains' state. */
    void unreadable(StreamId stream, String why, List<ChainState> chains) {
        console.line(paint.bold(stream.describe()) + " · " + paint.bad(why));
        chains(chains);
    }

    private void chains(List<ChainState> chains) {
        console.line("");
        boolean merged = chains.size() > 1;
        for (ChainState chain : chains) {
            if (merged && chain.intact() && chain.eventsChecked() == 0) {
                continue; // this clone has written nothing of the stream yet: only copies hold it
            }
            console.line((chain.intact() ? Tone.GOOD : Tone.BAD).paint(paint, chain.line(merged)));
        }
    }

    private String row(Timeline.Row row) {
        StringBuilder line = new StringBuilder(160);
        line.append("  ").append(Columns.right(row.number(), 4)).append("  ");
        line.append(paint.dim(time(row))).append("  ");
        row.replica().ifPresent(r -> line.append(Columns.left(r, REPLICA_WIDTH)).append("  "));
        line.append(row.tone().paint(paint, Columns.left(row.type(), TYPE_WIDTH)))
                .append(' ')
                .append(row.summary());
        return line.toString();
    }

    /** {@code HH:MM:SS}, after the date when it is not the line above's. */
    private String time(Timeline.Row row) {
        LocalDateTime at = LocalDateTime.ofInstant(row.time(), ZoneOffset.UTC);
        String clock = String.format(Locale.ROOT, "%02d:%02d:%02d", at.getHour(), at.getMinute(), at.getSecond());
        LocalDate date = at.toLocalDate();
        if (date.equals(lastDate)) {
            return " ".repeat(11) + clock;
        }
        lastDate = date;
        return date + " " + clock;
    }
}
