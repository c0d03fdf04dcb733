package dev.wb.bench;

import java.util.List;

/**
 * The JVM flags every benchmark fork needs for Chronicle Queue on Java 17, analytics off.
 *
 * <p>Keep in step with {@code chronicle.jvm.flags} in the parent pom.xml and the flag list in
 * {@code bin/wb}: {@code BenchFlagsTest} compares this list with both (and with the {@code @Fork} of
 * {@link ChronicleFork}). Java annotations cannot take a list, so the constants are named one by one.
 */
public final class BenchFlags {

    static final String EXPORT_MISC = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
    static final String EXPORT_REF = "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED";
    static final String EXPORT_UTIL = "--add-exports=java.base/jdk.internal.util=ALL-UNNAMED";
    static final String EXPORT_NIO_CH = "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED";
    static final String EXPORT_SUN_MISC = "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED";
    static final String EXPORT_JAVAC_FILE = "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED";
    static final String OPEN_IO = "--add-opens=java.base/java.io=ALL-UNNAMED";
    static final String OPEN_LANG = "--add-opens=java.base/java.lang=ALL-UNNAMED";
    static final String OPEN_REFLECT = "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED";
    static final String OPEN_UTIL = "--add-opens=java.base/java.util=ALL-UNNAMED";
    static final String OPEN_JAVAC = "--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED";
    static final String ANALYTICS_OFF = "-Dchronicle.analytics.disable=true";

    /** The flags in the order the pom lists them. */
    public static final List<String> CHRONICLE = List.of(
            EXPORT_MISC,
            EXPORT_REF,
            EXPORT_UTIL,
            EXPORT_NIO_CH,
            EXPORT_SUN_MISC,
            EXPORT_JAVAC_FILE,
            OPEN_IO,
            OPEN_LANG,
            OPEN_REFLECT,
            OPEN_UTIL,
            OPEN_JAVAC,
            ANALYTICS_OFF);

    private BenchFlags() {}
}
