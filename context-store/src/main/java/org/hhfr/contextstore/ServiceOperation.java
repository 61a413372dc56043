package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;

/**
 * The one service operation a stream carries, with what is needed to rebuild a plain SOAP call to it: the
 * SOAP version and the SOAPAction (empty when the binding declares none).
 */
@AutoValue
public abstract class ServiceOperation {
    /** @throws IllegalArgumentException if the service or the operation name is empty */
    public static ServiceOperation of(String service, String operation, SoapVersion soapVersion, String soapAction) {
        ServiceOperation created = new AutoValue_ServiceOperation(service, operation, soapVersion, soapAction);
        if (service.isEmpty()) {
            throw new IllegalArgumentException("service is empty");
        }
        if (operation.isEmpty()) {
            throw new IllegalArgumentException("operation is empty");
        }
        return created;
    }

    /** The service's name, as the server publishes it. */
    public abstract String service();

    /** The operation's name within the service. */
    public abstract String operation();

    public abstract SoapVersion soapVersion();

    /** The SOAPAction of the operation's binding, or {@code ""}. */
    public abstract String soapAction();

    @Override
    public final String toString() {
        return service() + "#" + operation() + " (" + soapVersion()
                + (soapAction().isEmpty() ? "" : ", " + soapAction()) + ")";
    }
}
