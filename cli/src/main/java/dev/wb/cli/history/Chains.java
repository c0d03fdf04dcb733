package dev.wb.cli.history;

import dev.wb.cli.core.Console;
import dev.wb.cli.core.Exit;
import dev.wb.commands.merged.MergedLog;
import dev.wb.commands.merged.SyncedReader;
import dev.wb.engine.HashChain;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code wb replay KEY --verify} and {@code wb show KEY} say of a stream's hash chains, each
 * verified on its own ({@code ReplayQuery.verify}): this clone's, then each copy's that holds the
 * stream. One wording and one set of fixes for both commands.
 */
public final class Chains {

    private Chains() {}

    /** Where more than this clone's own chain holds the stream, which replica's chain a line speaks of. */
    public static String name(SyncedReader.ChainReport chain) {
        return chain.replica().equals(MergedLog.LOCAL) ? "" : " (replica " + chain.replica() + ")";
    }

    /**
     * An {@code error:} line and its fixes for each chain that does not verify, in order.
     *
     * @return {@link Exit#CHECK_FAILED} when one does not, else {@link Exit#OK}
     */
    public static Exit report(Console console, List<SyncedReader.ChainReport> chains) {
        boolean merged = chains.size() > 1;
        Exit exit = Exit.OK;
        for (SyncedReader.ChainReport chain : chains) {
            HashChain.Report report = chain.report();
            if (report.intact()) {
                continue;
            }
            HashChain.Break first = report.firstBreak().orElseThrow();
            String before = first.version() == 0
                    ? "no event before it"
                    : "the events before it (0 to " + (first.version() - 1) + ") verify";
            List<String> fixes = new ArrayList<>(
                    chain.replica().equals(chains.get(0).replica())
                            ? LogRecovery.fixes(report.stream())
                            : List.of(
                                    "this is the copy of another clone's history that a fetch imported: set the copies"
                                            + " aside, and the next fetch imports every history again, verified:"
                                            + " mv .workflow/local/sync/replicas .workflow/local/sync/replicas.damaged"
                                            + " && wb sync fetch"));
            fixes.set(0, before + "; " + fixes.get(0));
            console.error(
                    "the history of " + report.stream().describe() + (merged ? name(chain) : "")
                            + " does not verify at " + first.describe(),
                    fixes);
            exit = Exit.CHECK_FAILED;
        }
        return exit;
    }
}
