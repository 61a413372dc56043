package org.hhfr.axis.services;

/**
 * The paper's string benchmark service: joins the parts in order. A nil part contributes nothing, and no
 * parts (or a nil array) give the empty string.
 */
public class StringConcat {

    public String concat(String[] parts) {
        if (parts == null) {
            return "";
        }
        StringBuilder joined = new StringBuilder();
        for (String part : parts) {
            if (part != null) {
                joined.append(part);
            }
        }
        return joined.toString();
    }
}
