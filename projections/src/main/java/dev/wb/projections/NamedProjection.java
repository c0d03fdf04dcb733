package dev.wb.projections;

/**
 * A {@link Projection} whose name, version and initial state are fixed values given once, so that each
 * projection states only its fold and its JSON.
 *
 * @param <S> the state, an immutable value
 */
public abstract class NamedProjection<S> implements Projection<S> {

    private final String name;
    private final int version;
    private final S initialState;

    protected NamedProjection(String name, int version, S initialState) {
        this.name = name;
        this.version = version;
        this.initialState = initialState;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int version() {
        return version;
    }

    @Override
    public final S initialState() {
        return initialState;
    }
}
