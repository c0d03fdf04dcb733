package dev.wb.commands.run;

/** A publish step that cannot go on: the node ends {@code manual} with this reason, saying what was done before. */
final class PublishStop extends RuntimeException {

    private static final long serialVersionUID = 1L;

    PublishStop(String reason) {
        super(reason, null, false, false);
    }
}
