package dev.wb.commands.review;

import dev.wb.projections.events.judge.FindingKind;

/**
 * One gate a script settled against the diff.
 *
 * @param kind which gate
 * @param rule the name of the pattern that matched ({@code github-token}, {@code empty-catch}, …)
 * @param path the file ({@code diff} for a finding about the whole diff)
 * @param line the line in the new file; 0 for a finding about the whole diff
 * @param quote the line, stripped and cut to 120 characters; a secret's value replaced by
 *     {@code [redacted]}
 * @param detail what the rule says is wrong
 */
public record Finding(FindingKind kind, String rule, String path, int line, String quote, String detail) {}
