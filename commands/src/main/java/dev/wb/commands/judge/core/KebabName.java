package dev.wb.commands.judge.core;

import java.util.Locale;

/**
 * A constant's name as the judge's JSON and messages spell it: lower case, words joined by hyphens
 * ({@code NOT_REPRODUCED} is {@code not-reproduced}). A renamed constant changes its spelling, so the
 * constants named this way keep their names.
 */
public final class KebabName {

    private KebabName() {}

    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
