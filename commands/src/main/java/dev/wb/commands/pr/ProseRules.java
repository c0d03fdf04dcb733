package dev.wb.commands.pr;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The original workbench's rules for a written description: no heading without content under it, no
 * filler phrase, no unticked checklist box, no placeholder left in, and no headings at all in a
 * trivial change's description. wb adds one: an empty description is not a description.
 */
public final class ProseRules {

    /** Phrases that add length without information: a claim the diff makes, an apology, an artefact of how it was written. */
    static final List<Pattern> FILLER = List.of(
            Pattern.compile("(?i)\\bgenerated (with|by) \\[?claude"),
            Pattern.compile("(?i)\\bco-authored-by:\\s*claude"),
            Pattern.compile("(?i)\\bas (requested|discussed|per your request)\\b"),
            Pattern.compile("(?i)\\bthis (pr|change|commit) (simply|just|basically)\\b"),
            Pattern.compile("(?i)\\bi (have )?(made|added|created|implemented) (the|these) (changes|updates)\\b"),
            Pattern.compile("(?i)\\b(hope this helps|let me know if|feel free to)\\b"),
            Pattern.compile("(?i)\\bno (other )?changes (were )?(made|needed)\\b"));

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");
    private static final Pattern UNCHECKED_BOX = Pattern.compile("^\\s*[-*]\\s*\\[ \\]");

    /**
     * An unfilled slot: an UPPER-CASE angle-bracket word ({@code <TICKET>}, never {@code List<String>} or
     * {@code <br>}), or a marker standing where content should be, not the word inside a sentence.
     */
    private static final Pattern PLACEHOLDER = Pattern.compile(
            "<[A-Z][A-Z0-9_ -]{1,30}>|^[ \\t]*[-*+]?[ \\t]*(?i:" + placeholderWords() + ")\\b", Pattern.MULTILINE);

    /** The one slot a description may keep: the original's templates write the task's key as {@code <KEY>}. */
    private static final String KEY_SLOT = "<KEY>";

    private ProseRules() {}

    /** The marker words (pr/placeholder-words.txt, data beside the class), quoted and joined as alternatives. */
    private static String placeholderWords() {
        try (InputStream in = ProseRules.class.getResourceAsStream("placeholder-words.txt")) {
            if (in == null) {
                throw new IllegalStateException("this wb was built without pr/placeholder-words.txt");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .map(Pattern::quote)
                    .collect(Collectors.joining("|"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every rule {@code text} breaks, in order; empty when it may be used. */
    public static List<String> check(String text, Optional<Shape> expected) {
        if (text.isBlank()) {
            return List.of("the description is empty: write a title and at least one sentence");
        }
        List<String> problems = new ArrayList<>();
        emptySections(text)
                .forEach(h -> problems.add("section '" + h + "' has no content: delete the heading or fill it"));
        for (Pattern filler : FILLER) {
            Matcher found = filler.matcher(text);
            if (found.find()) {
                problems.add("remove filler: '" + found.group() + "'");
            }
        }
        text.lines()
                .filter(line -> UNCHECKED_BOX.matcher(line).find())
                .findFirst()
                .ifPresent(line ->
                        problems.add("unticked checklist item: '" + line.strip() + "' -- fill it in or remove it"));
        placeholder(text).ifPresent(p -> problems.add("placeholder left in the text: '" + p + "'"));
        if (expected.equals(Optional.of(Shape.TRIVIAL))
                && text.lines().anyMatch(l -> HEADING.matcher(l).matches())) {
            problems.add("this change is trivial; a title and one sentence is the whole description");
        }
        return problems;
    }

    /** The headings with nothing but blank lines before the next heading or the end. */
    static List<String> emptySections(String text) {
        List<String> lines = text.lines().toList();
        List<String> empty = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher heading = HEADING.matcher(lines.get(i));
            if (heading.matches() && !hasContent(lines, i + 1)) {
                empty.add(heading.group(2).strip());
            }
        }
        return empty;
    }

    private static boolean hasContent(List<String> lines, int from) {
        for (int i = from; i < lines.size(); i++) {
            if (HEADING.matcher(lines.get(i)).matches()) {
                return false;
            }
            if (!lines.get(i).isBlank()) {
                return true;
            }
        }
        return false;
    }

    /** The first placeholder other than {@code <KEY>}. */
    private static Optional<String> placeholder(String text) {
        Matcher found = PLACEHOLDER.matcher(text);
        while (found.find()) {
            if (!found.group().equals(KEY_SLOT)) {
                return Optional.of(found.group());
            }
        }
        return Optional.empty();
    }
}
