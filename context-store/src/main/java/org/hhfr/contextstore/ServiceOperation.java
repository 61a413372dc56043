package org.hhfr.contextstore;

import java.util.Objects;

/**
 * The one service operation a stream carries, with what is needed to rebuild a plain SOAP call to it: the
 * SOAP version and the SOAPAction (empty when the binding declares none).
 */
public final class ServiceOperation {
    private final String service;
    private final String operation;
    private final SoapVersion soapVersion;
    private final String soapAction;

    public ServiceOperation(String service, String operation, SoapVersion soapVersion, String soapAction) {
        this.service = nonEmpty(service, "service");
        this.operation = nonEmpty(operation, "operation");
        this.soapVersion = Objects.requireNonNull(soapVersion, "soapVersion");
        this.soapAction = Objects.requireNonNull(soapAction, "soapAction");
    }

    private static String nonEmpty(String value, String name) {
        if (Objects.requireNonNull(value, name).isEmpty()) {
            throw new IllegalArgumentException(name + " is empty");
        }
        return value;
    }

    /** The service's name, as the server publishes it. */
    public String service() {
        return service;
    }

    /** The operation's name within the service. */
    public String operation() {
        return operation;
    }

    public SoapVersion soapVersion() {
        return soapVersion;
    }

    /** The SOAPAction of the operation's binding, or {@code ""}. */
    public String soapAction() {
        return soapAction;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ServiceOperation)) {
            return false;
        }
        ServiceOperation other = (ServiceOperation) o;
        return service.equals(other.service) && operation.equals(other.operation)
                && soapVersion == other.soapVersion && soapAction.equals(other.soapAction);
    }

    @Override
    public int hashCode() {
        return Objects.hash(service, operation, soapVersion, soapAction);
    }

    @Override
    public String toString() {
        return service + "#" + operation + " (" + soapVersion + (soapAction.isEmpty() ? "" : ", " + soapAction) + ")";
    }
}
