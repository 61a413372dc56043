package org.hhfr.axis.stream;

import javax.xml.namespace.QName;

import org.apache.axis2.AxisFault;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.hhfr.contextstore.StreamContext;

/** Finds the Axis2 service and operation a session was negotiated for. */
final class ServiceLookup {
    private ServiceLookup() {
    }

    static AxisService service(ConfigurationContext context, StreamContext session) throws StreamedCallException {
        try {
            AxisService service = context.getAxisConfiguration().getService(session.operation().service());
            if (service != null) {
                return service;
            }
        } catch (AxisFault inactive) {
            // reported below like a missing service
        }
        throw new StreamedCallException("service " + session.operation().service() + " is not deployed", true, null);
    }

    static AxisOperation operation(AxisService service, StreamContext session) throws StreamedCallException {
        AxisOperation operation = service.getOperation(new QName(session.operation().operation()));
        if (operation == null) {
            throw new StreamedCallException("service " + service.getName() + " has no operation "
                    + session.operation().operation(), true, null);
        }
        return operation;
    }
}
