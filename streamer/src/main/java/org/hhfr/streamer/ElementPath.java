package org.hhfr.streamer;

import java.util.Arrays;

/**
 * Where a decoder is in the element tree, for error messages: {@code /sum/values[3]} or
 * {@code /poi/@id}. Cheap to keep up to date; the text is built only when a message needs it.
 */
final class ElementPath {
    private String[] names = new String[16];
    private int[] indexes = new int[16];
    private int depth;

    void push(String name) {
        if (depth == names.length) {
            names = Arrays.copyOf(names, depth * 2);
            indexes = Arrays.copyOf(indexes, depth * 2);
        }
        names[depth] = name;
        indexes[depth] = -1;
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
            out.append('/').append(names[i]);
            if (indexes[i] >= 0) {
                out.append('[').append(indexes[i]).append(']');
            }
        }
        return out.toString();
    }
}
