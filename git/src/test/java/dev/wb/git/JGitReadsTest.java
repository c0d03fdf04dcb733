package dev.wb.git;

/** The conformance suite against JGit. */
class JGitReadsTest extends GitReadsConformanceTest {
    @Override
    Backend backend() {
        return Backend.JGIT;
    }
}
