package org.hhfr.axis;

/** A POJO service whose method returns null for a name it does not know: Axis2 answers with a nil element. */
public class Directory {
    public String lookup(String name) {
        return "ann".equals(name) ? "Ann Smith" : null;
    }
}
