package org.hhfr.client;

import java.io.IOException;
import java.io.InputStream;

import org.hhfr.negotiation.description.DescribedOperation;
import org.hhfr.negotiation.description.ServiceDescription;
import org.hhfr.negotiation.description.ServiceDescriptionReader;

/**
 * The operations of a compiled service description: what {@code WsdlOperations} (the optional
 * {@code hhfr-android-client-wsdl}) derives from the service's WSDL at run time, compiled once at build time
 * ({@code hhfr schema --compile SERVICE?wsdl -o service.hhfr}) and shipped with the app (an Android asset,
 * say). Reading it needs no WSDL download and no XSD parser, which this artifact does not carry.
 * The structures are those the WSDL gives, so the schema digests offered in negotiation are the service's;
 * a service whose schemas changed since compiling declines them, and its sessions stay on plain SOAP.
 *
 * <pre>{@code
 * CompiledOperations operations = CompiledOperations.read(context.getAssets().open("floatsum.hhfr"));
 * Session sum = client.open(operations.operation("sum"));
 * }</pre>
 */
public final class CompiledOperations {
    private final ServiceDescription description;

    private CompiledOperations(ServiceDescription description) {
        this.description = description;
    }

    /**
     * Reads a compiled description (bounded, every byte checked; the stream is read to its end, not closed).
     *
     * @throws HhfrException it cannot be read, or is not a usable description (the message says where and why)
     */
    public static CompiledOperations read(InputStream in) throws HhfrException {
        try {
            return new CompiledOperations(ServiceDescriptionReader.read(in));
        } catch (IOException e) {
            throw new HhfrException("cannot read the compiled service description: " + e.getMessage(), e);
        }
    }

    /** As {@link #read(InputStream)}, from its bytes. */
    public static CompiledOperations read(byte[] description) throws HhfrException {
        try {
            return new CompiledOperations(ServiceDescriptionReader.read(description));
        } catch (IOException e) {
            throw new HhfrException("cannot read the compiled service description: " + e.getMessage(), e);
        }
    }

    /**
     * The operation named {@code name}.
     *
     * @throws HhfrException the description has no such operation
     */
    public Operation operation(String name) throws HhfrException {
        DescribedOperation operation = description.operation(name);
        if (operation == null) {
            throw new HhfrException("the compiled service description has no operation '" + name + "'; it has "
                    + description.operations());
        }
        return (operation.isOneWay() ? Operation.oneWay(operation.soapAction(), operation.request())
                : Operation.of(operation.soapAction(), operation.request(), operation.response()))
                .advertising(description.advertisedEndpoints());
    }

    /** The description as read. */
    public ServiceDescription description() {
        return description;
    }
}
