package dev.wb.cli.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The outcomes one command can end with, in the order its help lists them, and the help's line
 * generated from them: {@code Exit codes: 0 passed, 7 failed, 6 no sdd.json, 2 malformed key.} A
 * usage error (2) ends every command, so it is listed last when a command names no 2 of its own.
 */
public record Exits(List<Exit.Use> uses, String separator) {

    /** Every command refuses a command line it cannot read with 2; one that names no 2 of its own says so. */
    public Exits {
        if (uses.stream().noneMatch(u -> u.exit().code() == Exit.USAGE.code())) {
            List<Exit.Use> all = new ArrayList<>(uses);
            all.add(Exit.USAGE.as("usage error"));
            uses = all;
        }
        uses = List.copyOf(uses);
    }

    /** The outcomes, listed with commas. */
    public static Exits of(Exit.Use... uses) {
        return new Exits(List.of(uses), ", ");
    }

    /** The outcomes, listed with semicolons (for words that hold commas of their own). */
    public static Exits bySemicolons(Exit.Use... uses) {
        return new Exits(List.of(uses), "; ");
    }

    /** The general table, for wb's own help. */
    public static Exits general() {
        return new Exits(Exit.GENERAL.stream().map(e -> e.as(e.meaning())).toList(), ", ");
    }

    /** The help's line. */
    public String line() {
        StringBuilder line = new StringBuilder("Exit codes: ");
        for (int i = 0; i < uses.size(); i++) {
            line.append(i == 0 ? "" : separator).append(uses.get(i).text());
        }
        return line.append('.').toString();
    }
}
