package dev.wb.commands.capsule;

/**
 * Something wrong in a capsule document, at a line a user can go to: {@code acceptance-criteria.md
 * line 7: duplicate identifier AC-3 (first on line 2)}. Line 0 stands for the whole file.
 */
public record CapsuleProblem(String file, int line, String message) {

    public CapsuleProblem {
        if (file == null || file.isBlank() || message == null || message.isBlank() || line < 0) {
            throw new IllegalArgumentException("a capsule problem names a file, a line from 0 and a message");
        }
    }

    /** {@code <file> line <n>: <message>}, or {@code <file>: <message>} for the whole file. */
    public String render() {
        return file + (line > 0 ? " line " + line : "") + ": " + message;
    }

    @Override
    public String toString() {
        return render();
    }
}
