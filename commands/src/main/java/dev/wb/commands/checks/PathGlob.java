package dev.wb.commands.checks;

import dev.wb.commands.plan.CriticalZones;
import java.util.regex.Pattern;

/**
 * One of a command set's {@code paths}, matched against a whole repository-relative path: {@code **}
 * any number of segments ({@code web/**}, {@code **}{@code /*.py}), {@code *} any run of characters within
 * one segment, {@code ?} one character other than {@code /}; anything else stands for itself, so
 * {@code Makefile} matches the top-level Makefile only. The dialect is the critical zones' path patterns'
 * ({@link CriticalZones#globRegex}), so one glob means one thing everywhere in wb's configuration.
 */
final class PathGlob {

    private final String pattern;
    private final Pattern regex;

    private PathGlob(String pattern) {
        this.pattern = pattern;
        this.regex = Pattern.compile(CriticalZones.globRegex(pattern));
    }

    static PathGlob of(String pattern) {
        return new PathGlob(pattern);
    }

    String pattern() {
        return pattern;
    }

    boolean matches(String path) {
        return regex.matcher(path).matches();
    }
}
