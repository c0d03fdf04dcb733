package dev.wb.commands.capsule;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One pass over a capsule's lines that finds its fenced blocks (CommonMark fences, at most three
 * spaces in) and hands every line outside them to the caller: how a section reader tells a heading
 * from a line of code. {@code ## Validation} and {@code ## Migration} are both read with it.
 */
public final class FencedBlocks {

    /**
     * A fenced block: the 0-based lines of its opening fence and of its closing one, which is
     * {@code -1} for a fence never closed.
     */
    public record Block(int open, int close) {

        public boolean closed() {
            return close >= 0;
        }

        /** Whether the block opens after line {@code start} and before line {@code end}. */
        public boolean opensWithin(int start, int end) {
            return open > start && open < end;
        }
    }

    /** Told of each line outside every fence, with its 0-based index. */
    public interface Outside {
        void line(int index, String line);
    }

    private FencedBlocks() {}

    /** Every fenced block of {@code lines}, in order; each line outside them is handed to {@code outside}. */
    public static List<Block> scan(List<String> lines, Outside outside) {
        List<Block> blocks = new ArrayList<>();
        Fence open = null;
        int openedOn = -1;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (open != null) {
                if (open.closes(line)) {
                    blocks.add(new Block(openedOn, i));
                    open = null;
                }
                continue;
            }
            Optional<Fence> opened = Fence.opening(line, 3);
            if (opened.isPresent()) {
                open = opened.get();
                openedOn = i;
            } else {
                outside.line(i, line);
            }
        }
        if (open != null) {
            blocks.add(new Block(openedOn, -1));
        }
        return blocks;
    }
}
