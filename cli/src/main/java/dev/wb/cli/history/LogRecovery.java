package dev.wb.cli.history;

import dev.wb.engine.StreamId;
import java.util.List;

/**
 * What a user can do about a stream whose stored history is damaged. The log lives only in this
 * clone's {@code .workflow/local/} (it is not committed, and no remote holds it), so the honest
 * choices are a backup of this machine, or setting the damaged history aside and starting the
 * stream anew; the damaged copy is kept for inspection.
 */
public final class LogRecovery {

    private LogRecovery() {}

    public static List<String> fixes(StreamId stream) {
        String dir = ".workflow/local/log/streams/" + stream.name();
        String restart = stream.isWorkspace() ? "wb init" : "wb sdd audit " + stream.name();
        return List.of(
                "restore " + dir + "/ from a backup of this machine, if there is one (the log is local:"
                        + " no clone or remote holds it)",
                "or set the damaged history aside and start it anew: mv " + dir + " .workflow/local/" + stream.name()
                        + ".damaged && " + restart);
    }
}
