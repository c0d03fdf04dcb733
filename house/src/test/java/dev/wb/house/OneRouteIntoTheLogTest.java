package dev.wb.house;

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
import org.junit.jupiter.api.Test;

/**
 * One route into the log: every append of wb's main code goes through {@code EventService} ({@code
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

    @Test
    void every_append_goes_through_event_service() throws IOException {
        Path root = Tree.projectRoot();
        List<String> offences = new ArrayList<>();
        List<String> service = List.of();
        int files = 0;
        for (Path file : Tree.mainSources(root)) {
            String relative = Tree.relative(root, file);
            if (LOG_MODULES.contains(relative.substring(0, relative.indexOf('/')))) {
                continue;
            }
            files++;
            String code = JavaSource.of(Files.readString(file, StandardCharsets.UTF_8))
                    .code();
            List<String> appends = directAppends(code);
            if (relative.endsWith("/dev/wb/commands/EventService.java")) {
                service = appends;
            } else if (!appends.isEmpty() && !IMPLEMENTS_LOG.matcher(code).find() && !ELSEWHERE.containsKey(relative)) {
                appends.forEach(a -> offences.add(relative + " " + a));
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
                directAppends(
                        JavaSource.of("try {\n  var a = session.log()\n      .append(stream, after, batch, inv);\n}")
                                .code()));
        assertEquals(
                List.of("line 2: own.append("),
                directAppends(JavaSource.of("void f(EventLog own) {\n  own.append(s, e, b, i);\n}")
                        .code()));
        assertEquals(
                List.of("line 1: appendStored("),
                directAppends(
                        JavaSource.of("copy().appendStored(s, h, events);").code()));
        assertEquals(
                List.of(),
                directAppends(JavaSource.of("// session.log().append(x)\nString s = \"log().append(\"; sb.append(x);")
                        .code()));
    }
}
