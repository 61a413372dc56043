package org.hhfr.streamer;

/**
 * The value of a nillable element sent as {@code xsi:nil="true"}. It is distinct from {@code null}
 * (element absent), so an optional nillable element has three states: absent, nil, or a value. A nil
 * element of a complex type may still carry attributes ({@code <price xsi:nil="true" currency="EUR"/>}):
 * its value is then a {@link Record#isNil() nil record} instead.
 */
public final class Nil {
    /** The only instance. */
    public static final Nil NIL = new Nil();

    private Nil() {
    }

    /** Whether a value is nil: {@link #NIL}, or a nil record carrying the attributes of a nil element. */
    public static boolean isNil(Object value) {
        return value == NIL || value instanceof Record && ((Record) value).isNil();
    }

    @Override
    public String toString() {
        return "nil";
    }
}
