package org.hhfr.streamer;

import java.util.Arrays;

/**
 * Where a decoder is in the element tree, for error messages: {@code /sum/values[3]} or
 * {@code /poi/@id}. Cheap to keep up to date; the text is built only when a message needs it.
 */
final class ElementPath {
    /** Marks an entry as an attribute, written {@code @name} (an element outside any array has -1). */
    private static final int ATTRIBUTE = -2;

    /** Deep enough for most messages; grows for deeper ones. Made once per decode, so kept small. */
    private String[] names = new String[4];
    private int[] indexes = new int[4];
    private int depth;

    void push(String name) {
        push(name, -1);
    }

    /** Enters attribute {@code name} of the innermost element. */
    void pushAttribute(String name) {
        push(name, ATTRIBUTE);
    }

    private void push(String name, int index) {
        if (depth == names.length) {
            names = Arrays.copyOf(names, depth * 2);
            indexes = Arrays.copyOf(indexes, depth * 2);
        }
        names[depth] = name;
        indexes[depth] = index;
        depth++;
    }

    /** Replaces the innermost name, e.g. moving to the next sibling. */
    void replace(String name) {
        names[depth - 1] = name;
        indexes[depth - 1] = -1;
    }

    /** Marks the innermost element as item {@code index} of an array. */
    void index(int index) {
        indexes[depth - 1] = index;
    }

    void pop() {
        depth--;
    }

    int depth() {
        return depth;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            out.append(indexes[i] == ATTRIBUTE ? "/@" : "/").append(names[i]);
            if (indexes[i] >= 0) {
                out.append('[').append(indexes[i]).append(']');
            }
        }
        return out.toString();
    }
}
