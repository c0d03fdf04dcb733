package dev.wb.commands.checks;

import dev.wb.commands.sdd.CriticalZones;
import java.util.Map;
import java.util.List;

/**
 * One of a command set's {@code paths}, matched against a whole repository-relative path: {@code **}
 * any number of segments ({@code web/**}, {@code **}{@code /*.py}), {@code *} any run of characters within
 * one segment, {@code ?} one character other than {@code /}; anything else stands for itself, so
 * {@code Makefile} matches the top-level Makefile only.
 *
 * <p>These are the glob semantics of the critical zones' path patterns, and the matching is theirs: a
 * pattern with a wildcard or a slash goes through {@link CriticalZones} as a zone of its own. A bare
 * word there means "a word of the path" instead, so a pattern with neither is compared here, whole.
 */
final class PathGlob {

    /** The zone the pattern is filed under: a name no default zone has (a zone name never holds a tab). */
    private static final String ZONE = "\tcommand-set path";

    private final String pattern;
    private final CriticalZones zones;

    private PathGlob(String pattern, CriticalZones zones) {
        this.pattern = pattern;
        this.zones = zones;
    }

    static PathGlob of(String pattern) {
        boolean literal = pattern.indexOf('/') < 0 && pattern.indexOf('*') < 0 && pattern.indexOf('?') < 0;
        return new PathGlob(pattern, literal ? null : CriticalZones.with(Map.of(ZONE, List.of(pattern))));
    }

    String pattern() {
        return pattern;
    }

    boolean matches(String path) {
        return zones == null ? path.equals(pattern) : zones.zonesOf(path).contains(ZONE);
    }
}
