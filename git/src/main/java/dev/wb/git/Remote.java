package dev.wb.git;

import java.util.Objects;

/**
 * A remote as git uses it: the URL {@code fetch} reads from and the one {@code push} writes to, both
 * after git's {@code insteadOf} rewriting (the push URL is the fetch URL unless {@code remote.<name>.pushurl} or
 * {@code pushInsteadOf} says otherwise), so a check of where work goes sees what git would contact.
 */
public record Remote(String name, String fetchUrl, String pushUrl) {
    public Remote {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(fetchUrl, "fetchUrl");
        Objects.requireNonNull(pushUrl, "pushUrl");
    }
}
