package org.hhfr.axis;

/**
 * A POJO service that reads Axis2's current message context by reflection, as one compiled without Axis2 on
 * its class path does.
 */
public class ReflectiveContextReader {
    public String where(String prefix) throws ReflectiveOperationException {
        Class<?> contexts = Class.forName("org.apache.axis2.context.MessageContext");
        Object current = contexts.getMethod("getCurrentMessageContext").invoke(null);
        Object transport = contexts.getMethod("getIncomingTransportName").invoke(current);
        return prefix + "ReflectiveContextReader.where over " + transport;
    }
}
