package org.hhfr.client;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.hhfr.negotiation.description.AdvertisedEndpoint;
import org.hhfr.negotiation.soap.SoapHttpClient;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.QualifiedName;

/**
 * One document/literal operation of a service, as the client needs it: its SOAPAction and the
 * {@link DataStructure}s of its request and response (none for a one-way operation). Take it from a compiled
 * service description ({@link CompiledOperations}), from the service's WSDL at run time
 * ({@code WsdlOperations.fetch(client)}, in {@code hhfr-android-client-wsdl}), or build it when the app
 * already holds the structures. One taken from a description also knows the stream endpoints its service
 * advertises, so that even a client's first session opens its stream while it negotiates. Immutable.
 */
public final class Operation {
    private final String soapAction;
    private final DataStructure request;
    private final DataStructure response;
    private final List<AdvertisedEndpoint> advertised;

    private Operation(String soapAction, DataStructure request, DataStructure response,
                      List<AdvertisedEndpoint> advertised) {
        this.soapAction = Objects.requireNonNull(soapAction, "soapAction");
        this.request = Objects.requireNonNull(request, "request");
        this.response = response;
        this.advertised = advertised;
        SoapHttpClient.requireSafeAction(soapAction);
    }

    /** A request-response operation. */
    public static Operation of(String soapAction, DataStructure request, DataStructure response) {
        return new Operation(soapAction, request, Objects.requireNonNull(response, "response"),
                Collections.<AdvertisedEndpoint>emptyList());
    }

    /** A one-way operation: {@link Session#send} only. */
    public static Operation oneWay(String soapAction, DataStructure request) {
        return new Operation(soapAction, request, null, Collections.<AdvertisedEndpoint>emptyList());
    }

    /** This operation of a service that advertises the stream endpoints {@code endpoints} (its description's). */
    Operation advertising(List<AdvertisedEndpoint> endpoints) {
        return new Operation(soapAction, request, response, Collections.unmodifiableList(new ArrayList<>(endpoints)));
    }

    /** The stream endpoints the operation's service advertises, from its description; often none. */
    List<AdvertisedEndpoint> advertisedEndpoints() {
        return advertised;
    }

    /** The request's root element, which names the operation in a SOAP Body. */
    public QualifiedName element() {
        return request.root().name();
    }

    public String soapAction() {
        return soapAction;
    }

    public DataStructure request() {
        return request;
    }

    /** The response structure; {@code null} for a one-way operation. */
    public DataStructure response() {
        return response;
    }

    public boolean isOneWay() {
        return response == null;
    }

    /** Fingerprints of both structures: what a resumption ticket must have been negotiated for. */
    String fingerprint() {
        return request.fingerprint() + (response == null ? "" : "/" + response.fingerprint());
    }

    @Override
    public String toString() {
        return element() + " (SOAPAction '" + soapAction + "'" + (response == null ? ", one-way" : "") + ")";
    }
}
