package org.hhfr.cli;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A POJO service with a one-way operation (no return value): it keeps what it was told. */
public class Notes {
    static final List<String> TAKEN = new CopyOnWriteArrayList<>();

    public void note(String text) {
        TAKEN.add(text);
    }
}
