package org.hhfr.axis;

import org.apache.axis2.context.MessageContext;

/** A POJO service whose class nested in it reads Axis2's current message context. */
public class NestedContextReader {
    public String where(String prefix) {
        return Reader.where(prefix);
    }

    private static final class Reader {
        static String where(String prefix) {
            return prefix + CallerDescription.of(MessageContext.getCurrentMessageContext());
        }
    }
}
