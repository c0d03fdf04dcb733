package dev.wb.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * One route into the log: every append of wb's main code goes through {@link EventService} ({@code
 * decide}, {@code record}, {@code follow}), runs and imports included. The scan reads every module's main
 * sources, comments and strings left out, and fails on any other call of a log's {@code append} or
 * {@code appendStored}: on {@code log()} (a session's), or on a variable, field or parameter typed {@code
 * EventLog} or {@code EventAppender}. Left out, each for its reason: the {@code engine} module (the log
 * itself), {@code bench} (benchmarks that build workspaces and time the log itself, not wb), a class that
 * {@code implements EventLog} (a log in front of another, which passes an append on), and {@link
 * #ELSEWHERE}, logs that are not this clone's.
 */
class OneRouteIntoTheLogTest {

    /** Modules whose main code may call a log's append: the log's own, and the benchmarks'. */
    static final Set<String> LOG_MODULES = Set.of("engine", "bench");

    /**
     * Files whose appends go to a log that is not this clone's, with why: a fetch stores the verified copy
     * of another replica's chain byte for byte (docs/SYNC.md); wb makes no event there.
     */
    static final Map<String, String> ELSEWHERE = Map.of(
            "commands/src/main/java/dev/wb/commands/sync/Copies.java",
            "appendStored: a verified copy of another replica's chain, stored as fetched, not this clone's log");

    private static final Pattern TYPED =
            Pattern.compile("\\b(?:EventLog|EventAppender)(?:<[^>]*>)?\\s+(\\w+)\\s*[=;,)]");
    private static final Pattern IMPLEMENTS_LOG = Pattern.compile("\\bimplements\\b[^{]*\\bEventLog\\b");

    /** The appends in {@code code} that do not go through EventService: one line per call, with its line number. */
    static List<String> directAppends(String code) {
        Set<String> names = new TreeSet<>();
        Matcher typed = TYPED.matcher(code);
        while (typed.find()) {
            names.add(typed.group(1));
        }
        StringBuilder receivers = new StringBuilder("\\blog\\(\\)");
        for (String name : names) {
            receivers.append("|\\b").append(name).append("\\b");
        }
        Pattern call = Pattern.compile("(?:" + receivers + ")\\s*\\.\\s*(append|appendStored)\\s*\\(");
        List<String> found = new ArrayList<>();
        Matcher m = call.matcher(code);
        while (m.find()) {
            found.add("line " + line(code, m.start()) + ": " + m.group().replaceAll("\\s+", ""));
        }
        Matcher stored = Pattern.compile("\\.\\s*appendStored\\s*\\(").matcher(code);
        while (stored.find()) {
            String at = "line " + line(code, stored.start()) + ": ";
            if (found.stream().noneMatch(f -> f.startsWith(at) && f.contains("appendStored"))) {
                found.add(at + "appendStored(");
            }
        }
        return found;
    }

    private static int line(String code, int offset) {
        return 1
                + (int) code.substring(0, offset).chars().filter(c -> c == '\n').count();
    }

    /** The code with comments and string and character literals blanked (line breaks kept). */
    static String code(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (text.startsWith("\"\"\"", i)) {
                int end = text.indexOf("\"\"\"", i + 3);
                end = end < 0 ? text.length() : end + 3;
                blank(text, i, end, out);
                i = end;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < text.length() && text.charAt(j) != c && text.charAt(j) != '\n') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                int end = Math.min(text.length(), j + 1);
                blank(text, i, end, out);
                i = end;
            } else if (text.startsWith("//", i)) {
                int end = text.indexOf('\n', i);
                end = end < 0 ? text.length() : end;
                blank(text, i, end, out);
                i = end;
            } else if (text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                end = end < 0 ? text.length() : end + 2;
                blank(text, i, end, out);
                i = end;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    private static void blank(String text, int from, int to, StringBuilder out) {
        for (int k = from; k < to; k++) {
            out.append(text.charAt(k) == '\n' ? '\n' : ' ');
        }
    }

    static Path projectRoot() throws IOException {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path pom = dir.resolve("pom.xml");
            if (Files.isRegularFile(pom)
                    && Files.readString(pom).contains("<artifactId>wb-parent</artifactId>")
                    && Files.readString(pom).contains("<packaging>pom</packaging>")) {
                return dir;
            }
        }
        throw new IllegalStateException(
                "no wb-parent pom.xml above " + Path.of("").toAbsolutePath());
    }

    @Test
    void every_append_goes_through_event_service() throws IOException {
        Path root = projectRoot();
        List<String> offences = new ArrayList<>();
        List<String> service = List.of();
        int files = 0;
        try (Stream<Path> modules = Files.list(root)) {
            for (Path module : modules.sorted().toList()) {
                Path sources = module.resolve("src/main/java");
                if (!Files.isDirectory(sources)
                        || LOG_MODULES.contains(module.getFileName().toString())) {
                    continue;
                }
                List<Path> java;
                try (Stream<Path> walk = Files.walk(sources)) {
                    java = walk.filter(f -> f.toString().endsWith(".java"))
                            .sorted()
                            .toList();
                }
                for (Path file : java) {
                    files++;
                    String relative = root.relativize(file).toString().replace('\\', '/');
                    String code = code(Files.readString(file, StandardCharsets.UTF_8));
                    List<String> appends = directAppends(code);
                    if (relative.endsWith("/dev/wb/commands/EventService.java")) {
                        service = appends;
                    } else if (!appends.isEmpty()
                            && !IMPLEMENTS_LOG.matcher(code).find()
                            && !ELSEWHERE.containsKey(relative)) {
                        appends.forEach(a -> offences.add(relative + " " + a));
                    }
                }
            }
        }
        assertTrue(files > 300, "the scan found only " + files + " main source files");
        assertTrue(service.size() >= 2, "the scan no longer finds EventService's own appends: " + service);
        assertEquals(
                List.of(),
                offences,
                "appends to the log outside EventService: go through EventService (decide, record or follow)");
    }

    @Test
    void the_scan_finds_a_direct_append_however_it_is_written() {
        assertEquals(
                List.of("line 2: log().append("),
                directAppends(code("try {\n  var a = session.log()\n      .append(stream, after, batch, inv);\n}")));
        assertEquals(
                List.of("line 2: own.append("),
                directAppends(code("void f(EventLog own) {\n  own.append(s, e, b, i);\n}")));
        assertEquals(List.of("line 1: appendStored("), directAppends(code("copy().appendStored(s, h, events);")));
        assertEquals(
                List.of(),
                directAppends(code("// session.log().append(x)\nString s = \"log().append(\"; sb.append(x);")));
    }
}
