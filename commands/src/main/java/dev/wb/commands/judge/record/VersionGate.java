package dev.wb.commands.judge.record;

import dev.wb.engine.WbVersion;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The review judge's version gate (reason 2): a record's {@code scope.cliVersion} must be this wb's
 * version, because approval rules change between versions. wb's version carries the commit it was
 * built from as semver build metadata ({@code 0.1.0+4a4d908}); as semver says, build metadata does not
 * make another version: a record made by another build of the same version passes, with a notice
 * naming both builds. Anything else before the {@code +} differing is another version, refused.
 */
public final class VersionGate {

    private VersionGate() {}

    /** The version without its build metadata. */
    static String release(String version) {
        int plus = version.indexOf('+');
        return plus < 0 ? version : version.substring(0, plus);
    }

    /** Adds the reason or notice {@code recorded} (a record's {@code scope.cliVersion}) calls for. */
    static void check(String recorded, List<String> reasons, List<String> notices) {
        String current = WbVersion.current();
        if (recorded.equals(current)) {
            return;
        }
        if (release(recorded).equals(release(current))) {
            notices.add("Review was produced by another build of wb v" + release(current) + " (" + recorded
                    + "; this CLI is " + current + "); build metadata does not change the approval rules.");
            return;
        }
        reasons.add("Review was produced by wb v" + recorded + "; this CLI is v" + current
                + ". Approval rules differ between versions, so re-run the review.");
    }

    /** Whether a record of {@code recorded} passes the gate (a reason would be added otherwise). */
    static boolean passes(String recorded) {
        return release(recorded).equals(release(WbVersion.current()));
    }

    public static Optional<String> reason(String recorded) {
        List<String> reasons = new ArrayList<>();
        check(recorded, reasons, new ArrayList<>());
        return reasons.stream().findFirst();
    }
}
