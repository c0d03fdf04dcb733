package dev.wb.commands.status;

import dev.wb.commands.base.CacheFile;
import dev.wb.commands.base.Workspace;
import dev.wb.engine.EventReader;
import dev.wb.engine.HashChain;
import dev.wb.engine.StreamId;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Whether each stream's hash chain verifies, for {@code wb status}, without reading every stream on
 * every run: a verdict is remembered in {@code .workflow/local/checkpoints/chains.txt} with the
 * stream's stored stamp ({@link EventReader#storedStamp}: its files' names, sizes, inodes and change
 * times, and its head hint), and the chain is verified again, in full, only when the stamp moved: after
 * an append, or an edit of the files. An unchanged workspace costs a stat of each stream's files.
 * One line a stream ({@code NAME STAMP VERDICT}, the verdict {@code intact} or the version of the
 * first break), then a CRC-32C of those lines; a damaged file reads as empty and costs one
 * verification of every stream. It is a cache for a view: {@code wb replay KEY --verify} is the check.
 * A task's pages ({@code wb show KEY --html}), a view of one stream, consult it too ({@link #brokenAt}).
 */
public final class ChainVerdicts {

    private static final String HEADER = "wb chain verdicts 1";
    private static final String INTACT = "intact";

    private final Path file;

    ChainVerdicts(Path file) {
        this.file = file;
    }

    /** The verdicts {@code wb status} keeps: {@code .workflow/local/checkpoints/chains.txt}. */
    public static ChainVerdicts of(Workspace workspace) {
        return new ChainVerdicts(workspace.checkpointsDir().resolve("chains.txt"));
    }

    /**
     * The first break of each stream whose chain does not verify; streams that verify are absent.
     *
     * @param verify the full verification of one stream, from the log
     */
    Map<StreamId, Long> broken(
            EventReader reader, Collection<StreamId> streams, Function<StreamId, HashChain.Report> verify) {
        Map<String, String[]> known = read();
        Map<String, String[]> seen = new TreeMap<>();
        Map<StreamId, Long> broken = new TreeMap<>((a, b) -> a.name().compareTo(b.name()));
        for (StreamId stream : streams) {
            Optional<String> stamp = stamp(reader, stream);
            if (stamp.isEmpty()) {
                continue; // a log that cannot tell: status says nothing rather than read every stream
            }
            String[] cached = known.get(stream.name());
            String verdict =
                    cached != null && cached[0].equals(stamp.get()) ? cached[1] : verdictOf(verify.apply(stream));
            seen.put(stream.name(), new String[] {stamp.get(), verdict});
            if (!verdict.equals(INTACT)) {
                broken.put(stream, Long.parseLong(verdict));
            }
        }
        if (!sameEntries(seen, known)) {
            write(seen);
        }
        return broken;
    }

    /**
     * One stream's first break, as {@link #broken} tells it, for a view of that stream alone: the
     * remembered verdict while the stream's stamp holds, otherwise {@code verify}'s, remembered beside
     * the other streams' verdicts, which stay as they are. A log that cannot tell a stamp is verified.
     *
     * @param verify the full verification of the stream, from the log
     */
    public Optional<Long> brokenAt(EventReader reader, StreamId stream, Function<StreamId, HashChain.Report> verify) {
        Optional<String> stamp = stamp(reader, stream);
        if (stamp.isEmpty()) {
            return verify.apply(stream).firstBreak().map(HashChain.Break::version);
        }
        Map<String, String[]> known = read();
        String[] cached = known.get(stream.name());
        String verdict = cached != null && cached[0].equals(stamp.get()) ? cached[1] : verdictOf(verify.apply(stream));
        String[] entry = {stamp.get(), verdict};
        if (!Arrays.equals(entry, cached)) {
            known.put(stream.name(), entry);
            write(known);
        }
        return verdict.equals(INTACT) ? Optional.empty() : Optional.of(Long.parseLong(verdict));
    }

    /** The stream's stored stamp, where the log tells one that fits on a line of this file. */
    private static Optional<String> stamp(EventReader reader, StreamId stream) {
        return reader.storedStamp(stream).filter(s -> s.indexOf(' ') < 0 && s.indexOf('\n') < 0);
    }

    private static String verdictOf(HashChain.Report report) {
        return report.firstBreak().map(b -> Long.toString(b.version())).orElse(INTACT);
    }

    private Map<String, String[]> read() {
        Map<String, String[]> entries = new TreeMap<>();
        for (String line : CacheFile.read(file, HEADER).orElse(List.of())) {
            String[] f = line.split(" ", 0);
            if (f.length == 3 && (f[2].equals(INTACT) || f[2].chars().allMatch(Character::isDigit))) {
                entries.put(f[0], new String[] {f[1], f[2]});
            }
        }
        return entries;
    }

    /** A failure costs the next status a verification of every stream, never a wrong verdict. */
    private void write(Map<String, String[]> entries) {
        List<String> lines = new ArrayList<>(entries.size());
        entries.forEach((name, e) -> lines.add(name + " " + e[0] + " " + e[1]));
        CacheFile.write(file, HEADER, lines);
    }

    private static boolean sameEntries(Map<String, String[]> a, Map<String, String[]> b) {
        if (!a.keySet().equals(b.keySet())) {
            return false;
        }
        return a.entrySet().stream().allMatch(e -> Arrays.equals(e.getValue(), b.get(e.getKey())));
    }
}
