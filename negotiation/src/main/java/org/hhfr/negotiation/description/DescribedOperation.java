package org.hhfr.negotiation.description;

import java.util.Objects;

import org.hhfr.schemas.DataStructure;
import org.jspecify.annotations.Nullable;

/**
 * One operation of a {@link ServiceDescription}: its name, its SOAPAction and the {@link DataStructure}s of
 * its request and response (no response for a one-way operation). Immutable.
 */
public final class DescribedOperation {
    private final String name;
    private final String soapAction;
    private final DataStructure request;
    private final @Nullable DataStructure response;

    private DescribedOperation(String name, String soapAction, DataStructure request,
                               @Nullable DataStructure response) {
        this.name = Objects.requireNonNull(name, "name");
        this.soapAction = Objects.requireNonNull(soapAction, "soapAction");
        this.request = Objects.requireNonNull(request, "request");
        this.response = response;
    }

    /** A request-response operation. */
    public static DescribedOperation of(String name, String soapAction, DataStructure request,
                                        DataStructure response) {
        return new DescribedOperation(name, soapAction, request, Objects.requireNonNull(response, "response"));
    }

    /** A one-way operation. */
    public static DescribedOperation oneWay(String name, String soapAction, DataStructure request) {
        return new DescribedOperation(name, soapAction, request, null);
    }

    /** The operation's name, as the service's WSDL gives it. */
    public String name() {
        return name;
    }

    public String soapAction() {
        return soapAction;
    }

    public DataStructure request() {
        return request;
    }

    /** The response structure; {@code null} for a one-way operation. */
    public @Nullable DataStructure response() {
        return response;
    }

    public boolean isOneWay() {
        return response == null;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DescribedOperation)) {
            return false;
        }
        DescribedOperation other = (DescribedOperation) o;
        return name.equals(other.name) && soapAction.equals(other.soapAction) && request.equals(other.request)
                && Objects.equals(response, other.response);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, soapAction, request, response);
    }

    @Override
    public String toString() {
        return name + " (SOAPAction '" + soapAction + "'" + (response == null ? ", one-way" : "") + ")";
    }
}
