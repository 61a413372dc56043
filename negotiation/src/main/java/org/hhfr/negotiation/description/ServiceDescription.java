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
 * fingerprints (the schema digests a client offers in negotiation) are the server's. It also keeps the stream
 * endpoints the service advertises ({@link AdvertisedEndpoint}). Immutable.
 */
public final class ServiceDescription {
    /** Most advertised endpoints a description keeps. */
    public static final int MAX_ADVERTISED = 16;

    private final Map<String, DescribedOperation> operations;
    private final List<AdvertisedEndpoint> advertised;

    private ServiceDescription(Map<String, DescribedOperation> operations, List<AdvertisedEndpoint> advertised) {
        this.operations = operations;
        this.advertised = advertised;
    }

    /**
     * @throws IllegalArgumentException if two operations have the same name
     */
    public static ServiceDescription of(List<DescribedOperation> operations) {
        return of(operations, Collections.<AdvertisedEndpoint>emptyList());
    }

    /**
     * @throws IllegalArgumentException if two operations have the same name, or more than
     *                                  {@value #MAX_ADVERTISED} endpoints are advertised
     */
    public static ServiceDescription of(List<DescribedOperation> operations, List<AdvertisedEndpoint> advertised) {
        Map<String, DescribedOperation> byName = new LinkedHashMap<>();
        for (DescribedOperation operation : operations) {
            if (byName.put(operation.name(), operation) != null) {
                throw new IllegalArgumentException("two operations are named '" + operation.name() + "'");
            }
        }
        if (advertised.size() > MAX_ADVERTISED) {
            throw new IllegalArgumentException(advertised.size() + " advertised endpoints, more than "
                    + MAX_ADVERTISED);
        }
        return new ServiceDescription(Collections.unmodifiableMap(byName),
                Collections.unmodifiableList(new ArrayList<>(advertised)));
    }

    /** The operations in the order they were described. */
    public List<DescribedOperation> operations() {
        return Collections.unmodifiableList(new ArrayList<>(operations.values()));
    }

    /** The stream endpoints the service advertises, in the order it lists them. */
    public List<AdvertisedEndpoint> advertisedEndpoints() {
        return advertised;
    }

    /** The operation named {@code name}, or {@code null}. */
    public @Nullable DescribedOperation operation(String name) {
        return operations.get(name);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ServiceDescription
                && operations().equals(((ServiceDescription) o).operations())
                && advertised.equals(((ServiceDescription) o).advertised);
    }

    @Override
    public int hashCode() {
        return operations().hashCode() * 31 + advertised.hashCode();
    }

    @Override
    public String toString() {
        return "service description " + operations.keySet() + (advertised.isEmpty() ? "" : " streaming at " + advertised);
    }
}
