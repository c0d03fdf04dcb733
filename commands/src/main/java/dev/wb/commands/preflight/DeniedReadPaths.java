package dev.wb.commands.preflight;

import dev.wb.commands.plan.CriticalZones;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code security.denied_read_paths} as {@code assigned-paths} compares a path with it. An entry holding
 * {@code *} or {@code ?} is a glob in wb's one dialect ({@link CriticalZones#globRegex}: {@code **} any
 * folders, {@code *} and {@code ?} within one name), taken from the checkout's root unless it starts
 * with {@code /}; any other entry is a literal path. A path overlaps an entry when the path or one of its
 * folders matches it (the path lies inside the denied place), or when it contains the entry: a literal
 * lying under it, or the glob's literal prefix — the folders before its first wildcard — lying under
 * it, since every match of {@code secrets/**} is inside {@code secrets/}.
 */
final class DeniedReadPaths {

    /** One usable entry: as written, and either a pattern or a real path. */
    private record Entry(String text, Optional<Pattern> glob, boolean absolute, Path place) {}

    private final Path root;
    private final List<Entry> entries;
    private final List<String> unusable;

    private DeniedReadPaths(Path root, List<Entry> entries, List<String> unusable) {
        this.root = root;
        this.entries = entries;
        this.unusable = unusable;
    }

    /** The entries, compared under the real root; an entry no path can be made of is named in {@link #unusable}. */
    static DeniedReadPaths of(List<String> denied, Path realRoot) {
        List<Entry> entries = new ArrayList<>();
        List<String> unusable = new ArrayList<>();
        for (int i = 0; i < denied.size(); i++) {
            String text = denied.get(i);
            try {
                entries.add(entry(text, realRoot));
            } catch (RuntimeException e) {
                unusable.add("security.denied_read_paths[" + i + "]");
            }
        }
        return new DeniedReadPaths(realRoot, List.copyOf(entries), List.copyOf(unusable));
    }

    private static Entry entry(String text, Path root) {
        String g = text.replace('\\', '/');
        boolean absolute = g.startsWith("/");
        if (g.indexOf('*') < 0 && g.indexOf('?') < 0) {
            Path p = Path.of(text);
            return new Entry(
                    text, Optional.empty(), absolute, AssignedPathsCheck.real(p.isAbsolute() ? p : root.resolve(p)));
        }
        while (g.startsWith("./")) {
            g = g.substring(2);
        }
        List<String> literal = new ArrayList<>();
        for (String segment : g.split("/", 0)) {
            if (segment.indexOf('*') >= 0 || segment.indexOf('?') >= 0) {
                break;
            }
            if (!segment.isEmpty()) {
                literal.add(segment);
            }
        }
        String prefix = String.join("/", literal);
        Path place = absolute ? Path.of("/" + prefix) : prefix.isEmpty() ? root : root.resolve(prefix);
        return new Entry(
                text,
                Optional.of(Pattern.compile(CriticalZones.globRegex(g))),
                absolute,
                AssignedPathsCheck.real(place));
    }

    /** The entries that cannot be read as a path or a pattern, by key and index. */
    List<String> unusable() {
        return unusable;
    }

    /** The first entry the real path overlaps, as {@code security.denied_read_paths ENTRY}. */
    Optional<String> overlap(Path path) {
        for (Entry e : entries) {
            boolean hit = e.place().startsWith(path) || (e.glob().isEmpty() && path.startsWith(e.place()));
            for (Path p = path; !hit && e.glob().isPresent() && p != null; p = p.getParent()) {
                Optional<String> name = name(p, e.absolute());
                if (name.isEmpty()) {
                    break;
                }
                hit = e.glob().get().matcher(name.get()).matches();
            }
            if (hit) {
                return Optional.of("security.denied_read_paths " + e.text());
            }
        }
        return Optional.empty();
    }

    /** The path as a glob sees it: absolute, or relative to the root (empty outside it, or at it). */
    private Optional<String> name(Path p, boolean absolute) {
        if (absolute) {
            return Optional.of(p.toString().replace(File.separatorChar, '/'));
        }
        if (!p.startsWith(root) || p.equals(root)) {
            return Optional.empty();
        }
        return Optional.of(root.relativize(p).toString().replace(File.separatorChar, '/'));
    }
}
