package dev.wb.commands.review;

/**
 * One line the diff adds.
 *
 * @param path the file, relative to the repository root, with {@code /}
 * @param line the line's number in the new file, from 1
 * @param text the line without its newline (and without a trailing carriage return)
 */
public record AddedLine(String path, int line, String text) {}
