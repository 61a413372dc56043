package org.hhfr.axis;

/** A POJO service that reads Axis2's current message context through a default method of its interface. */
public class InheritedContextReader implements ContextAware {
    public String where(String prefix) {
        return prefix + calledAs();
    }
}
