package dev.wb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Fork;

/** The benchmarks' fork flags stay in step with the pom and the launcher. */
class BenchFlagsTest {

    /** Surefire runs in the module's folder. */
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void sameAsThePomsChronicleJvmFlags() throws IOException {
        String pom = Files.readString(ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("<chronicle\\.jvm\\.flags>(.*?)</chronicle\\.jvm\\.flags>", Pattern.DOTALL)
                .matcher(pom);
        assertTrue(m.find(), "pom.xml defines chronicle.jvm.flags");
        assertEquals(split(m.group(1)), BenchFlags.CHRONICLE);

        // The parent's surefire configuration passes the interpolated property too.
        String fromSurefire = System.getProperty("wb.jvm.flags");
        if (fromSurefire != null) {
            assertEquals(split(fromSurefire), BenchFlags.CHRONICLE);
        }
    }

    /** bin/wb runs java -jar: the module flags travel in wb.jar's manifest, analytics off on its command line. */
    @Test
    void sameAsTheFlagsOfWbJarsManifestAndBinWb() throws IOException {
        String cliPom = Files.readString(ROOT.resolve("cli/pom.xml"), StandardCharsets.UTF_8);
        List<String> launcher = new ArrayList<>();
        for (String attribute : List.of("Add-Exports", "Add-Opens")) {
            Matcher m = Pattern.compile("<" + attribute + ">(.*?)</" + attribute + ">")
                    .matcher(cliPom);
            assertTrue(m.find(), "cli/pom.xml puts " + attribute + " in the manifest");
            for (String target : split(m.group(1))) {
                launcher.add("--" + attribute.toLowerCase(Locale.ROOT) + "=" + target + "=ALL-UNNAMED");
            }
        }
        String binWb = Files.readString(ROOT.resolve("bin/wb"), StandardCharsets.UTF_8);
        assertTrue(binWb.contains("-Dchronicle.analytics.disable=true"), "bin/wb turns analytics off");
        launcher.add("-Dchronicle.analytics.disable=true");
        assertEquals(BenchFlags.CHRONICLE, launcher);
    }

    @Test
    void everyForkGetsThem() {
        Fork fork = ChronicleFork.class.getAnnotation(Fork.class);
        assertEquals(BenchFlags.CHRONICLE, List.of(fork.jvmArgsAppend()));
        for (Class<?> benchmark : List.of(
                AppendBenchmark.class,
                SyncedAppendLatency.class,
                RebuildBenchmark.class,
                ReplayIsolationBenchmark.class)) {
            assertEquals(ChronicleFork.class, benchmark.getSuperclass(), benchmark.getSimpleName());
            assertEquals(
                    null,
                    benchmark.getDeclaredAnnotation(Fork.class),
                    benchmark.getSimpleName() + " must not override the fork's flags");
        }
    }

    private static List<String> split(String flags) {
        return Arrays.stream(flags.trim().split("\\s+")).toList();
    }
}
