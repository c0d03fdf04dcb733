package dev.wb.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Plans written by the original workbench (0.7.0), kept byte for byte as it wrote them: a test reads
 * them unchanged. {@link #ABC_1} is its own example, the {@code _doc()} fixture of its audit tests,
 * which passes against a {@code src/checkout.py} whose line 2 is {@link #CHECKOUT_LINE_2}.
 */
public final class OriginalPlans {

    /** The original's example plan, ABC-1 (schema 1). */
    public static final String ABC_1 = "workbench-ABC-1-sdd.json";

    /** Line 2 of the {@code src/checkout.py} the example plan cites. */
    public static final String CHECKOUT_LINE_2 = "    charge = create_charge(total)";

    /** A {@code src/checkout.py} the example plan's citation holds for. */
    public static final String CHECKOUT =
            "def checkout(total, coupon):\n" + CHECKOUT_LINE_2 + "\n" + "    validate(coupon)\n    return charge\n";

    private OriginalPlans() {}

    public static byte[] bytes(String name) {
        try (InputStream in = OriginalPlans.class.getResourceAsStream("originals/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no original plan named " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
