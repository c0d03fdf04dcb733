package dev.wb.commands.judge.record;

import java.util.Optional;

/** Level-two sections of a Markdown document ({@code ## Name}), with their subsections; fences respected. */
final class MarkdownSections {

    private MarkdownSections() {}

    /** The body of {@code ## name} up to the next level-one or level-two heading, or empty if absent. */
    static Optional<String> section(String text, String name) {
        StringBuilder body = null;
        boolean code = false;
        for (String line : text.replace("\r\n", "\n").split("\n", -1)) {
            String stripped = line.stripLeading();
            boolean fence = stripped.startsWith("```") || stripped.startsWith("~~~");
            boolean heading =
                    !code && (line.startsWith("# ") || line.startsWith("## ") || line.equals("#") || line.equals("##"));
            if (heading) {
                if (body != null) {
                    break;
                }
                if (line.startsWith("## ") && line.substring(3).strip().equalsIgnoreCase(name)) {
                    body = new StringBuilder();
                    continue;
                }
            }
            if (fence) {
                code = !code;
            }
            if (body != null) {
                body.append(line).append('\n');
            }
        }
        return Optional.ofNullable(body).map(StringBuilder::toString);
    }
}
