package dev.wb.bench;

import org.openjdk.jmh.annotations.Fork;

/**
 * The base of every benchmark class here: one fork, started with {@link BenchFlags#CHRONICLE}
 * appended to the JVM's arguments. JMH reads {@code @Fork} from a benchmark's superclasses, so the
 * list is written once.
 */
@Fork(
        value = 1,
        jvmArgsAppend = {
            BenchFlags.EXPORT_MISC, BenchFlags.EXPORT_REF, BenchFlags.EXPORT_UTIL, BenchFlags.EXPORT_NIO_CH,
            BenchFlags.EXPORT_SUN_MISC, BenchFlags.EXPORT_JAVAC_FILE, BenchFlags.OPEN_IO, BenchFlags.OPEN_LANG,
            BenchFlags.OPEN_REFLECT, BenchFlags.OPEN_UTIL, BenchFlags.OPEN_JAVAC, BenchFlags.ANALYTICS_OFF
        })
public abstract class ChronicleFork {}
