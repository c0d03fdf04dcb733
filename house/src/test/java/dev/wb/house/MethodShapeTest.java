package dev.wb.house;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.wb.house.MethodShape.Offence;
import dev.wb.house.MethodShape.Source;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * No method of main code is longer than 60 lines or takes more than 6 parameters (a record's canonical
 * constructor excepted): a longer one is split by what it does, a longer list becomes a small type that
 * names what travels together.
 */
class MethodShapeTest {

    @Test
    void no_method_of_main_code_is_past_sixty_lines_or_six_parameters() throws IOException {
        Path root = Tree.projectRoot();
        List<Source> sources = new ArrayList<>();
        for (Path file : Tree.mainSources(root)) {
            sources.add(new Source(Tree.relative(root, file), Files.readString(file, StandardCharsets.UTF_8)));
        }
        assertTrue(sources.size() > 300, "the scan found only " + sources.size() + " main source files");
        assertEquals(
                List.of(),
                MethodShape.check(sources).stream().map(Offence::toString).toList(),
                "methods past the limits: split them by what they do");
    }

    @Test
    void a_sixty_one_line_method_offends_and_a_sixty_line_one_does_not() throws IOException {
        List<Offence> offences = MethodShape.check(
                List.of(new Source("A.java", "class A {\n" + method("fits", 60) + method("tooLong", 61) + "}\n")));
        assertEquals(1, offences.size(), offences.toString());
        assertEquals("A.tooLong", offences.get(0).method());
        assertEquals("lines 61 > 60", offences.get(0).what());
    }

    @Test
    void annotations_and_javadoc_do_not_count_and_comments_and_lambdas_inside_do() throws IOException {
        String annotated = "  /** doc\n   * more */\n  @Deprecated\n  @SuppressWarnings(\"x\")\n" + method("m", 60);
        assertEquals(List.of(), MethodShape.check(List.of(new Source("A.java", "class A {\n" + annotated + "}\n"))));
        String lambda =
                "  void m() {\n    Runnable r = () -> {\n" + "      // a comment line\n".repeat(57) + "    };\n  }\n";
        assertEquals(
                List.of("A.m"),
                MethodShape.check(List.of(new Source("A.java", "class A {\n" + lambda + "}\n"))).stream()
                        .map(Offence::method)
                        .toList());
    }

    @Test
    void seven_parameters_offend_except_a_record_s_canonical_constructor() throws IOException {
        String source = "class A {\n"
                + "  void six(int a, int b, int c, int d, int e, int f) {}\n"
                + "  void seven(int a, int b, int c, int d, int e, int f, int g) {}\n"
                + "  record R(int a, int b, int c, int d, int e, int f, int g) {\n"
                + "    R(int a, int b, int c, int d, int e, int f, int g) { this.a = a; this.b = b; this.c = c;"
                + " this.d = d; this.e = e; this.f = f; this.g = g; }\n"
                + "    static R of(int a, int b, int c, int d, int e, int f, int g) { return null; }\n"
                + "  }\n"
                + "}\n";
        List<String> offending = MethodShape.check(List.of(new Source("A.java", source))).stream()
                .map(o -> o.method() + " " + o.what())
                .toList();
        assertEquals(List.of("A.seven parameters 7 > 6", "R.of parameters 7 > 6"), offending);
    }

    /** A method named {@code name} of exactly {@code lines} lines, its signature and closing brace included. */
    private static String method(String name, int lines) {
        return "  void " + name + "() {\n" + "    int x = 0;\n".repeat(lines - 2) + "  }\n";
    }
}
