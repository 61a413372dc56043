package org.hhfr.streamer;

/**
 * The value of a nillable element sent as {@code xsi:nil="true"}. It is distinct from {@code null}
 * (element absent), so an optional nillable element has three states: absent, nil, or a value.
 */
public final class Nil {
    /** The only instance. */
    public static final Nil NIL = new Nil();

    private Nil() {
    }

    @Override
    public String toString() {
        return "nil";
    }
}
