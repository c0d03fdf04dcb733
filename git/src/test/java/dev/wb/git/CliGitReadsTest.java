package dev.wb.git;

/** The conformance suite against the git binary. */
class CliGitReadsTest extends GitReadsConformanceTest {
    @Override
    Backend backend() {
        return Backend.CLI;
    }
}
