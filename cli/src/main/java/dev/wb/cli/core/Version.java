package dev.wb.cli.core;

import dev.wb.engine.WbVersion;

/**
 * {@code wb --version}: the one line it prints, and whether a run asks only for it. A run that does
 * is answered before picocli or any command loads (docs/adr/0008); the root's spec prints the same
 * line when {@code --version} comes with other words.
 */
public final class Version {

    private Version() {}

    /** Whether the words are exactly {@code --version} or {@code -V}. */
    public static boolean asked(String[] args) {
        return args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"));
    }

    /** {@code wb 0.1.0-SNAPSHOT+4a4d908 (built 2026-12-01T18:22:33Z, Java 17.0.15+6)}. */
    public static String line() {
        return "wb " + WbVersion.current() + " ("
                + (WbVersion.built().isEmpty() ? "" : "built " + WbVersion.built() + ", ") + "Java "
                + java() + ")";
    }

    /**
     * The JDK's version, as {@code Runtime.version()} prints it: the property it is parsed from, which
     * it prints back unchanged; its own {@code toString} joins the parts through a stream, a cold
     * JVM's lambda bootstrap for one line.
     */
    private static String java() {
        String version = System.getProperty("java.runtime.version");
        return version == null ? Runtime.version().toString() : version;
    }
}
