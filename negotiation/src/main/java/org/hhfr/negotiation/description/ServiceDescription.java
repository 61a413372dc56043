package org.hhfr.negotiation.description;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * What a client needs of a service to call it: its operations, each with its SOAPAction and message
 * structures. It is what a client otherwise derives at run time from the service's WSDL and XML Schemas,
 * compiled once (at build time, {@code hhfr schema --compile}) into the compact binary form that
 * {@code ServiceDescriptionWriter} (negotiation-server) writes and {@link ServiceDescriptionReader} reads, so
 * an app needs no WSDL download and no XSD parser. The structures are exactly those the WSDL gives, so their
 * fingerprints (the schema digests a client offers in negotiation) are the server's. Immutable.
 */
public final class ServiceDescription {
    private final Map<String, DescribedOperation> operations;

    private ServiceDescription(Map<String, DescribedOperation> operations) {
        this.operations = operations;
    }

    /**
     * @throws IllegalArgumentException if two operations have the same name
     */
    public static ServiceDescription of(List<DescribedOperation> operations) {
        Map<String, DescribedOperation> byName = new LinkedHashMap<>();
        for (DescribedOperation operation : operations) {
            if (byName.put(operation.name(), operation) != null) {
                throw new IllegalArgumentException("two operations are named '" + operation.name() + "'");
            }
        }
        return new ServiceDescription(Collections.unmodifiableMap(byName));
    }

    /** The operations in the order they were described. */
    public List<DescribedOperation> operations() {
        return Collections.unmodifiableList(new ArrayList<>(operations.values()));
    }

    /** The operation named {@code name}, or {@code null}. */
    public @Nullable DescribedOperation operation(String name) {
        return operations.get(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ServiceDescription
                && operations().equals(((ServiceDescription) o).operations());
    }

    @Override
    public int hashCode() {
        return operations().hashCode();
    }

    @Override
    public String toString() {
        return "service description " + operations.keySet();
    }
}
