package org.hhfr.axis;

import java.util.function.Supplier;

import org.apache.axis2.AxisFault;

/** Uses Axis2's API, whose own classes name its contexts, but never reads a context. */
public final class FaultRaiser {
    public int checked(int value) throws AxisFault {
        if (value < 0) {
            throw new AxisFault("negative");
        }
        return value;
    }

    public String description() {
        Supplier<String> text = () -> String.valueOf(checkedTwice());
        return text.get();
    }

    private long checkedTwice() {
        return 2L * Long.MAX_VALUE / 3 + (long) Math.pow(2.5d, 3);
    }
}
