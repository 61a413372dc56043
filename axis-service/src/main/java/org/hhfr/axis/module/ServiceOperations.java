package org.hhfr.axis.module;

import org.apache.axis2.context.MessageContext;
import org.apache.axis2.description.AxisOperation;
import org.apache.axis2.description.AxisService;
import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;

/** Names Axis2 operations the way the negotiation and the context store do. */
final class ServiceOperations {
    private ServiceOperations() {
    }

    /** The operation a call was dispatched to, in the SOAP version it arrived in. */
    static ServiceOperation of(MessageContext message) {
        return of(message.getAxisService(), message.getAxisOperation(), versionOf(message));
    }

    /** The service's operation with this SOAPAction (or WS-Addressing action), or {@code null}. */
    static ServiceOperation forAction(AxisService service, String action, SoapVersion version) {
        AxisOperation operation = service.getOperationBySOAPAction(action);
        if (operation == null) {
            operation = service.getOperationByAction(action);
        }
        if (operation == null || !isServiceOperation(operation)) {
            return null;
        }
        return of(service, operation, version);
    }

    /** Whether the operation is one of the service's own, not the negotiation the HHFR module adds. */
    static boolean isServiceOperation(AxisOperation operation) {
        return !NegotiateReceiver.OPERATION.equals(operation.getName());
    }

    static SoapVersion versionOf(MessageContext message) {
        return message.isSOAP11() ? SoapVersion.SOAP_11 : SoapVersion.SOAP_12;
    }

    private static ServiceOperation of(AxisService service, AxisOperation operation, SoapVersion version) {
        String action = operation.getSoapAction();
        return ServiceOperation.of(service.getName(), operation.getName().getLocalPart(), version,
                action == null ? "" : action);
    }
}
