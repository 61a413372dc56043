package org.hhfr.axis;

/** A POJO service deployed in application scope: one object counts every call, whichever road it came by. */
public class Counter {
    private int count;

    public synchronized int next(String caller) {
        return ++count;
    }
}
