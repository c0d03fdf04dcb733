package dev.wb.git;

/** The conformance suite against AUTO's mix of the two, as wb runs it. */
class AutoGitReadsTest extends GitReadsConformanceTest {
    @Override
    Backend backend() {
        return Backend.AUTO;
    }
}
