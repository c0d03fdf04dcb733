package dev.wb.cli.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.wb.engine.json.CanonicalJson;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code wb replay}'s line for each judge event, read through its record: the wording the payloads
 * gave before they were typed, absent and null fields included, payload text escaped.
 */
class JudgeSummariesTest {

    static Stream<Arguments> events() {
        return Stream.of(
                Arguments.of(
                        "judge.snapshot.captured",
                        "{\"snapshot\":\"abc\",\"reused\":true,\"base\":\"0123456789abcdef\",\"baseRef\":\"main\",\"changedFiles\":[\"a\"],\"excludedPaths\":[],\"parent\":\"p\"}",
                        "reused abc · base main 0123456789ab · 1 changed, 0 excluded · catch-up of p"),
                Arguments.of(
                        "judge.snapshot.captured",
                        "{\"snapshot\":\"abc\",\"reused\":false,\"base\":null,\"changedFiles\":[],\"excludedPaths\":[\"x\",\"y\"],\"parent\":null}",
                        "captured abc · base none · 0 changed, 2 excluded"),
                Arguments.of(
                        "task.commands.approved",
                        "{\"commands\":[\"a\",\"b\"],\"listDigest\":\"sha256:0123456789abcdef\",\"how\":\"stored\"}",
                        "2 command(s) approved (stored) · list 0123456789ab"),
                Arguments.of(
                        "judge.run.started",
                        "{\"snapshot\":\"s\",\"mode\":\"in-place\",\"commands\":[{\"command\":\"a\",\"optional\":false}],\"approval\":\"flags\",\"listDigest\":\"sha256:1\"}",
                        "snapshot s · in-place · 1 command(s) · approved flags"),
                Arguments.of(
                        "judge.run.finished",
                        "{\"snapshot\":\"s\",\"mode\":\"isolated\",\"outcome\":\"failed\",\"results\":[{\"status\":\"passed\"},{\"status\":\"failed\"},{\"status\":\"passed\"}],\"changedPaths\":[\"a\"],\"receiptDigest\":\"sha256:abcdef0123456789\"}",
                        "failed · isolated · failed=1, passed=2 · 1 changed path · receipt abcdef012345"),
                Arguments.of(
                        "judge.run.finished",
                        "{\"snapshot\":\"s\",\"mode\":\"documentation\",\"outcome\":\"no-runtime-validation\",\"results\":[],\"changedPaths\":[\"a\",\"b\"],\"receiptDigest\":\"sha256:ab\"}",
                        "no-runtime-validation · documentation · no command · 2 changed paths · receipt ab"),
                Arguments.of(
                        "judge.run.refused",
                        "{\"snapshot\":\"s\",\"outcome\":\"lock-busy\",\"mode\":\"in-place\",\"reason\":\"r\",\"changedPaths\":[]}",
                        "refused lock-busy · snapshot s"),
                Arguments.of(
                        "judge.receipt.written",
                        "{\"snapshot\":\"s\",\"receiptDigest\":\"sha256:ab\",\"path\":\"p\",\"mode\":\"in-place\",\"passed\":true,\"outcome\":\"passed\"}",
                        "passed · passed · in-place · receipt ab"),
                Arguments.of(
                        "judge.record.read",
                        "{\"file\":\"f\\u001b[31m\",\"recordDigest\":\"sha256:ab\",\"verdict\":null,\"category\":\"unknown\"}",
                        "no verdict · unknown · f\\x1b[31m · record ab"),
                Arguments.of(
                        "judge.record.read",
                        "{\"file\":\"f\",\"recordDigest\":\"sha256:ab\",\"verdict\":\"APPROVED\",\"category\":\"ordinary\"}",
                        "APPROVED · ordinary · f · record ab"),
                Arguments.of(
                        "judge.record.verified",
                        "{\"file\":\"f\",\"recordDigest\":\"d\",\"mode\":\"plain\",\"valid\":true,\"approved\":false,\"legacy\":false,\"verdict\":\"NEEDS_CHANGES\",\"reasons\":[],\"notices\":[\"n\"],\"verifiedNow\":{}}",
                        "valid · NEEDS_CHANGES · plain · 0 reason(s), 1 notice(s) · f"),
                Arguments.of(
                        "judge.record.verified",
                        "{\"file\":\"f\",\"mode\":\"plain\",\"valid\":false,\"approved\":false,\"verdict\":null,\"reasons\":[\"x\"],\"notices\":[]}",
                        "invalid · no verdict · plain · 1 reason(s), 0 notice(s) · f"),
                Arguments.of(
                        "judge.current.classified",
                        "{\"recordDigest\":\"d\",\"snapshot\":\"s\",\"status\":\"CURRENT\",\"reviewBoundary\":\"CURRENT\",\"executionMetadata\":\"ABSENT\"}",
                        "CURRENT · boundary CURRENT · sidecar ABSENT · snapshot s"),
                Arguments.of(
                        "judge.reproduced",
                        "{\"snapshot\":\"s\",\"base\":\"b\",\"generatorCommit\":\"g\",\"passed\":false,\"mismatched\":[\"a\"],\"unchanged\":[],\"stray\":[\"x\",\"y\"]}",
                        "not reproduced · 1 mismatched, 0 unchanged, 2 stray · snapshot s"),
                Arguments.of(
                        "judge.snapshots.pruned",
                        "{\"keep\":3,\"deleted\":[\"a\"],\"kept\":[],\"broken\":[{\"dir\":\"d\",\"reason\":\"r\"}]}",
                        "1 deleted, 0 kept (keep 3) · 1 broken folder(s) left"),
                Arguments.of(
                        "judge.snapshots.pruned",
                        "{\"keep\":3,\"deleted\":[],\"kept\":[\"k\"],\"broken\":[]}",
                        "0 deleted, 1 kept (keep 3)"),
                Arguments.of(
                        "judge.agents.configured",
                        "{\"action\":\"enable\",\"files\":[\"a\"],\"hook\":\"installed\",\"models\":{\"claude\":null}}",
                        "enable · 1 agent file(s) · hook installed"));
    }

    @ParameterizedTest
    @MethodSource("events")
    void each_judge_event_has_its_one_line_summary(String type, String payload, String summary) {
        assertEquals(summary, JudgeSummaries.of(type, CanonicalJson.parseObject(payload)));
    }
}
