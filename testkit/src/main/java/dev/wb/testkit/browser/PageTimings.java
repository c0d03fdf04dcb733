package dev.wb.testkit.browser;

/**
 * When the page got where, in milliseconds since its navigation started (the page's {@code
 * performance.timeOrigin}), as the browser measured them: the response's last byte, {@code
 * DOMContentLoaded}'s end, the load event's end, the moment {@code data-wb-ready="1"} was set on {@code
 * <html>} (THE PAGE CONTRACT), and the moment the browser had produced the first frame after that
 * (painted: the page on screen), both recorded in the page by an observer the harness adds before any
 * of the page's scripts run; {@code NaN} for what has not happened (yet).
 */
public record PageTimings(
        double responseEnd, double domContentLoaded, double loadEventEnd, double ready, double painted) {

    /** Whether the page has set {@code data-wb-ready="1"}. */
    public boolean isReady() {
        return !Double.isNaN(ready);
    }
}
