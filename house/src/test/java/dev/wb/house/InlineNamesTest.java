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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Types are imported, not written out inline: a {@code dev.wb.engine.TaskKey.parse(...)} or a {@code new
 * java.io.File(...)} in code is an offence with its file and line. Comments, Javadoc and string literals
 * do not count (a Javadoc link may stay qualified). The few files where a simple name is taken by a
 * type of their own are listed in {@link #CLASHES} with the name they must write out.
 */
class InlineNamesTest {

    /** A qualified type name: a known package root, lower-case segments, then a capitalised name. */
    private static final Pattern QUALIFIED =
            Pattern.compile("(?<![\\w.])(?:dev|java|javax|jdk|com|org|net|sun)\\.(?:[a-z_][a-z0-9_]*\\.)*[A-Z]\\w*");

    private static final Pattern IMPORT_OR_PACKAGE = Pattern.compile("^\\s*(?:import|package)\\b");

    /** Files whose own types take the simple name, and the qualified names they may therefore write. */
    static final Map<String, Set<String>> CLASHES = Map.of(
            "commands/src/main/java/dev/wb/commands/status/WorkspaceStats.java",
            Set.of("dev.wb.projections.status.Operations"), // its own record Operations
            "commands/src/main/java/dev/wb/commands/judge/reproduce/ReproduceTree.java",
            Set.of("java.io.File")); // its own record File

    /** Modules not held to it yet: cli's restructuring (issue 15) removes its inline names; then delete this. */
    static final Set<String> NOT_YET = Set.of("cli/");

    @Test
    void main_sources_import_the_types_they_use() throws IOException {
        Path root = Tree.projectRoot();
        List<String> offences = new ArrayList<>();
        List<Path> files = Tree.mainSources(root);
        for (Path file : files) {
            String relative = root.relativize(file).toString().replace('\\', '/');
            if (NOT_YET.stream().anyMatch(relative::startsWith)) {
                continue;
            }
            offences.addAll(check(relative, Files.readString(file, StandardCharsets.UTF_8)));
        }
        assertTrue(files.size() > 50, "the scan found only " + files.size() + " source files under " + root);
        assertEquals(
                List.of(),
                offences,
                () -> "import these types instead of writing them out:\n  " + String.join("\n  ", offences) + "\n");
    }

    @Test
    void a_qualified_name_in_code_is_an_offence_but_not_in_a_comment_an_import_or_a_literal() {
        String source = """
                package x;
                import java.util.List;
                /** See {@link dev.wb.engine.TaskKey}. */
                class C {
                  // dev.wb.engine.TaskKey in a comment
                  String s = "dev.wb.engine.TaskKey";
                  Object k = dev.wb.engine.TaskKey.parse("A-1");
                  Object f = new java.io.File("x");
                }
                """;
        assertEquals(
                List.of(
                        "cli/src/main/java/x/C.java:7: dev.wb.engine.TaskKey",
                        "cli/src/main/java/x/C.java:8: java.io.File"),
                check("cli/src/main/java/x/C.java", source));
    }

    @Test
    void a_listed_clash_may_write_its_name_out() {
        String file = "commands/src/main/java/dev/wb/commands/judge/reproduce/ReproduceTree.java";
        assertEquals(List.of(), check(file, "class T { char c = java.io.File.separatorChar; }"));
        assertEquals(
                1, check(file, "class T { Object o = java.util.List.of(); }").size());
    }

    /** The qualified names written in {@code text}'s code, as {@code file:line: name}. */
    static List<String> check(String file, String text) {
        JavaSource source = JavaSource.of(text);
        Set<String> allowed = CLASHES.getOrDefault(file, Set.of());
        List<String> found = new ArrayList<>();
        String[] lines = source.code().split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (IMPORT_OR_PACKAGE.matcher(lines[i]).find()) {
                continue;
            }
            Matcher m = QUALIFIED.matcher(lines[i]);
            while (m.find()) {
                if (!allowed.contains(m.group())) {
                    found.add(file + ":" + (i + 1) + ": " + m.group());
                }
            }
        }
        return found;
    }
}
