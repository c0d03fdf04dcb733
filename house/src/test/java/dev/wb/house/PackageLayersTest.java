package dev.wb.house;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.graph.GraphBuilder;
import com.google.common.graph.Graphs;
import com.google.common.graph.MutableGraph;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The packages of every module's main sources, as a graph of who imports whom: no package cycle, no
 * import from a lower layer to a higher one, and no class or package past its size. The layers, low
 * to high: engine, git, gitrun, projections, the commands base (Failure, Workspace), the merged view of
 * shared histories (commands.merged), the commands root (Session, EventService…), the services (process,
 * plan, config), the features (sdd, impl, verify, judge.*…), cli, then bench and testkit. A package may import its own layer and the ones below; a failure names the packages and
 * one importing file per edge.
 */
class PackageLayersTest {

    /** The services below the features: shared by several of them, importing none. */
    static final Set<String> SERVICES =
            Set.of("dev.wb.commands.process", "dev.wb.commands.plan", "dev.wb.commands.config");

    static final int MAX_CLASS_LINES = 400;
    static final int MAX_PACKAGE_LINES = 3_000;

    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    private static final Pattern IMPORT =
            Pattern.compile("(?m)^import\\s+(?:static\\s+)?(dev\\.wb\\.[\\w.]+?)(?:\\.\\*)?\\s*;");

    /** A name of wb's written out in code (not in a comment or a string): its package is the part before a capital. */
    private static final Pattern QUALIFIED = Pattern.compile("(?<![\\w.])(dev\\.wb(?:\\.[a-z_][\\w]*)*)\\.[A-Z]");

    /** Layer of a package, low to high. */
    static int layer(String pkg) {
        if (within(pkg, "dev.wb.engine")) {
            return 0;
        }
        if (within(pkg, "dev.wb.git")) {
            return 1;
        }
        if (within(pkg, "dev.wb.gitrun")) {
            return 2;
        }
        if (within(pkg, "dev.wb.projections")) {
            return 3;
        }
        if (pkg.equals("dev.wb.commands.base")) {
            return 4;
        }
        if (pkg.equals("dev.wb.commands.merged")) {
            return 5;
        }
        if (pkg.equals("dev.wb.commands")) {
            return 6;
        }
        if (SERVICES.stream().anyMatch(service -> within(pkg, service))) {
            return 7;
        }
        if (within(pkg, "dev.wb.commands")) {
            return 8;
        }
        if (within(pkg, "dev.wb.cli")) {
            return 9;
        }
        if (within(pkg, "dev.wb.bench") || within(pkg, "dev.wb.testkit")) {
            return 10;
        }
        throw new IllegalStateException("no layer for package " + pkg + ": add it to PackageLayersTest.layer");
    }

    private static final List<String> LAYER_NAMES = List.of(
            "engine",
            "git",
            "gitrun",
            "projections",
            "commands base",
            "merged view",
            "commands root",
            "services",
            "features",
            "cli",
            "bench");

    private static boolean within(String pkg, String root) {
        return pkg.equals(root) || pkg.startsWith(root + ".");
    }

    /** One source file: its package, the packages it names, and its length as wc -l counts it. */
    record Source(String file, String pkg, Set<String> uses, long lines) {}

    static List<Source> sources() throws IOException {
        Path root = Tree.projectRoot();
        List<Source> sources = new ArrayList<>();
        for (Path file : Tree.mainSources(root)) {
            String text = Files.readString(file, StandardCharsets.UTF_8);
            String relative = root.relativize(file).toString().replace('\\', '/');
            Matcher pkg = PACKAGE.matcher(text);
            assertTrue(pkg.find(), relative + " has no package line");
            Set<String> uses = new TreeSet<>();
            Matcher imports = IMPORT.matcher(text);
            while (imports.find()) {
                uses.add(packageOf(imports.group(1)));
            }
            Matcher qualified = QUALIFIED.matcher(JavaSource.of(text).code());
            while (qualified.find()) {
                uses.add(qualified.group(1));
            }
            uses.remove(pkg.group(1));
            long lines = text.chars().filter(c -> c == '\n').count();
            sources.add(new Source(relative, pkg.group(1), uses, lines));
        }
        assertTrue(sources.size() > 300, "the scan found only " + sources.size() + " main source files");
        return sources;
    }

    /** The package of an imported name: the segments before the first one that starts with a capital. */
    static String packageOf(String name) {
        List<String> parts = new ArrayList<>();
        for (String part : name.split("\\.", 0)) {
            if (Character.isUpperCase(part.charAt(0))) {
                break;
            }
            parts.add(part);
        }
        return String.join(".", parts);
    }

    /** Each edge between packages, with the first file (in path order) that makes it. */
    static Map<String, String> edges(List<Source> sources) {
        Map<String, String> edges = new TreeMap<>();
        for (Source source : sources) {
            for (String used : source.uses()) {
                edges.putIfAbsent(source.pkg() + " -> " + used, source.file());
            }
        }
        return edges;
    }

    @Test
    void no_package_imports_a_higher_layer() throws IOException {
        List<String> offences = new ArrayList<>();
        edges(sources()).forEach((edge, file) -> {
            String[] ends = edge.split(" -> ", 0);
            int from = layer(ends[0]);
            int to = layer(ends[1]);
            if (to > from) {
                offences.add(edge + " (" + LAYER_NAMES.get(from) + " imports " + LAYER_NAMES.get(to) + "), in " + file);
            }
        });
        assertEquals(
                List.of(),
                offences,
                () -> "a lower layer imports a higher one:\n  " + String.join("\n  ", offences) + "\n");
    }

    @Test
    void no_package_cycle() throws IOException {
        Map<String, String> edges = edges(sources());
        MutableGraph<String> graph =
                GraphBuilder.directed().allowsSelfLoops(false).build();
        edges.keySet().forEach(edge -> {
            String[] ends = edge.split(" -> ", 0);
            graph.putEdge(ends[0], ends[1]);
        });
        if (!Graphs.hasCycle(graph)) {
            return;
        }
        List<String> inCycles = new ArrayList<>();
        for (String edge : edges.keySet()) {
            String[] ends = edge.split(" -> ", 0);
            if (Graphs.reachableNodes(graph, ends[1]).contains(ends[0])) {
                inCycles.add(edge + ", in " + edges.get(edge));
            }
        }
        assertEquals(
                List.of(),
                inCycles,
                () -> "packages in a cycle (each edge below lies on one):\n  " + String.join("\n  ", inCycles) + "\n");
    }

    @Test
    void no_class_over_400_lines_and_no_package_over_3000() throws IOException {
        List<String> offences = new ArrayList<>();
        Map<String, Long> packages = new TreeMap<>();
        for (Source source : sources()) {
            if (source.lines() > MAX_CLASS_LINES) {
                offences.add(source.file() + ": " + source.lines() + " lines (at most " + MAX_CLASS_LINES + ")");
            }
            packages.merge(source.pkg(), source.lines(), Long::sum);
        }
        packages.forEach((pkg, lines) -> {
            if (lines > MAX_PACKAGE_LINES) {
                offences.add("package " + pkg + ": " + lines + " lines (at most " + MAX_PACKAGE_LINES + ")");
            }
        });
        assertEquals(List.of(), offences, () -> "too large:\n  " + String.join("\n  ", offences) + "\n");
    }

    @Test
    void the_layers_and_the_package_of_a_name_are_read_as_meant() {
        assertEquals("dev.wb.commands.plan", packageOf("dev.wb.commands.plan.Plan.Citation"));
        assertEquals("dev.wb.engine.json", packageOf("dev.wb.engine.json.CanonicalJson"));
        assertTrue(layer("dev.wb.git") < layer("dev.wb.gitrun"));
        assertTrue(layer("dev.wb.commands.base") < layer("dev.wb.commands.merged"));
        assertTrue(layer("dev.wb.commands.merged") < layer("dev.wb.commands"));
        assertTrue(layer("dev.wb.commands") < layer("dev.wb.commands.process"));
        assertTrue(layer("dev.wb.commands.config") < layer("dev.wb.commands.judge.run"));
        assertTrue(layer("dev.wb.commands.sdd") < layer("dev.wb.cli.sdd"));
    }
}
