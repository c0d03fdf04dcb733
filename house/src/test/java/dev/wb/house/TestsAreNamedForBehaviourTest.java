package dev.wb.house;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A test class is named for the behaviour it guards, never for a tracker number: no file under any
 * module's {@code src/test/java} may be named, or declare a type named, with {@code Issue} and digits
 * anywhere in its simple name ({@code Issue7LogTest}, {@code LogIssue7Test}). A failure names each file
 * and the offending name; the issue a test came from may stay in a comment.
 */
class TestsAreNamedForBehaviourTest {

    /** {@code Issue} followed by digits, anywhere in a simple name. */
    private static final Pattern ISSUE_NUMBER = Pattern.compile("Issue\\d+");

    /** A type declaration at the start of a line: its simple name. */
    private static final Pattern DECLARATION =
            Pattern.compile("(?m)^\\s*(?:(?:public|protected|private|static|final|abstract|sealed|non-sealed)\\s+)*"
                    + "(?:class|interface|record|enum|@interface)\\s+(\\w+)");

    @Test
    void no_test_class_is_named_after_an_issue() throws IOException {
        Path root = Tree.projectRoot();
        List<Path> files = Tree.testSources(root);
        List<String> offences = new ArrayList<>();
        for (Path file : files) {
            String relative = root.relativize(file).toString().replace('\\', '/');
            offences.addAll(check(relative, Files.readString(file, StandardCharsets.UTF_8)));
        }
        assertTrue(files.size() > 100, "the scan found only " + files.size() + " test files under " + root);
        assertEquals(
                List.of(),
                offences,
                () -> "name these tests for the behaviour they guard (keep the issue in a comment if useful):\n  "
                        + String.join("\n  ", offences) + "\n");
    }

    @Test
    void an_issue_number_in_a_file_or_type_name_is_an_offence_but_not_in_a_comment_or_a_method() {
        String number = "13";
        String named = "package x;\n/** Hardened in Issue" + number + ". */\nclass Issue" + number + "LogTest {\n"
                + "  void item_from_Issue" + number + "() {}\n"
                + "  static final class HelperIssue" + number + " {}\n}\n";
        assertEquals(
                List.of(
                        "cli/src/test/java/x/Issue" + number + "LogTest.java: Issue" + number + "LogTest",
                        "cli/src/test/java/x/Issue" + number + "LogTest.java: HelperIssue" + number),
                check("cli/src/test/java/x/Issue" + number + "LogTest.java", named));
        assertEquals(
                List.of("cli/src/test/java/x/LogTest.java: LogIssue" + number + "Test"),
                check("cli/src/test/java/x/LogTest.java", "package x;\nclass LogIssue" + number + "Test {}\n"));
        assertEquals(
                List.of(),
                check("cli/src/test/java/x/IssueTrackerTest.java", "package x;\nclass IssueTrackerTest {}\n"));
    }

    /** The offences of one file: its own simple name, then every type it declares, each named once. */
    static List<String> check(String relative, String source) {
        List<String> names = new ArrayList<>();
        String fileName = relative.substring(relative.lastIndexOf('/') + 1);
        names.add(fileName.substring(0, fileName.length() - ".java".length()));
        Matcher declaration = DECLARATION.matcher(source);
        while (declaration.find()) {
            if (!names.contains(declaration.group(1))) {
                names.add(declaration.group(1));
            }
        }
        List<String> offences = new ArrayList<>();
        for (String name : names) {
            if (ISSUE_NUMBER.matcher(name).find()) {
                offences.add(relative + ": " + name);
            }
        }
        return offences;
    }
}
