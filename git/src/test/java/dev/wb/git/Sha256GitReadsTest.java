package dev.wb.git;

/**
 * The conformance suite on SHA-256 repositories, under AUTO: JGit cannot read them, so AUTO must
 * notice the object format and answer every read with the git binary.
 */
class Sha256GitReadsTest extends GitReadsConformanceTest {
    @Override
    Backend backend() {
        return Backend.AUTO;
    }

    @Override
    String[] initOptions() {
        return new String[] {"--object-format=sha256"};
    }
}
