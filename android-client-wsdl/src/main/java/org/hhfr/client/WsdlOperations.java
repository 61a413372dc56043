package org.hhfr.client;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.description.AdvertisedEndpoint;
import org.hhfr.negotiation.description.DescribedOperation;
import org.hhfr.negotiation.description.ServiceDescription;
import org.hhfr.schemas.OperationStructures;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.schemas.XmlPull;
import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/**
 * The operations a WSDL 1.1 document describes: the schemas in {@code wsdl:types} (through the schemas
 * module's parser, which refuses DTDs and bounds everything), the element of each message's part, the input
 * and output message of each port type operation, and the SOAPAction of its SOAP 1.1 or 1.2 binding.
 *
 * <p>The schemas are parsed per component, so an operation whose messages use a construct HHFR cannot
 * represent does not take the others with it: {@link #structures()} gives every operation's verdict
 * (streamable, or why not), and {@link #operation(String)} gives every operation whose structures derive.
 * One whose structures do not derive cannot be called through this client in any mode: plain SOAP needs them
 * too, to write the request and read the response.
 *
 * <p>This is the client's optional run-time WSDL path ({@code hhfr-android-client-wsdl}): an app that ships a
 * compiled description ({@link CompiledOperations}) needs neither it nor the XML Schema reader it brings.
 *
 * <pre>{@code
 * WsdlOperations wsdl = WsdlOperations.fetch(client);   // serviceUrl?wsdl, once; keep it
 * Session sum = client.open(wsdl.operation("sum"));
 * }</pre>
 */
public final class WsdlOperations {
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String SOAP11_BINDING = "http://schemas.xmlsoap.org/wsdl/soap/";
    private static final String SOAP12_BINDING = "http://schemas.xmlsoap.org/wsdl/soap12/";

    private final Schema schema;
    /** Names the document in error messages. */
    private final String source;
    private final Map<String, QualifiedName> partElements = new HashMap<>();
    /** Port type operations in document order (the first port type describing a name wins). */
    private final Map<String, String> inputMessages = new LinkedHashMap<>();
    private final Map<String, String> outputMessages = new HashMap<>();
    private final Map<String, String> soapActions = new HashMap<>();
    /** The stream endpoints the service advertises (its {@code hhfr:StreamEndpoint} policy assertions). */
    private final List<AdvertisedEndpoint> advertised = new ArrayList<>();

    private WsdlOperations(Schema schema, String source) {
        this.schema = schema;
        this.source = source;
    }

    /**
     * Fetches the WSDL of the client's service ({@code serviceUrl?wsdl}, HTTP GET, at most
     * {@link WsdlDownload#MAX_WSDL_BYTES}) with the client's timeouts, TLS settings and HTTP headers, and reads
     * it. Blocking: call it off the main thread, once per service, and keep the result.
     *
     * @throws HhfrException the client is closed, or the WSDL cannot be fetched or is not usable
     */
    public static WsdlOperations fetch(HhfrClient client) throws HhfrException {
        String source = client.serviceUrl() + "?wsdl";
        return read(WsdlDownload.fetch(source, client.openSettings()), source);
    }

    /**
     * Reads the document; {@code source} names it in error messages.
     *
     * @throws HhfrException the document is not a usable WSDL at all (malformed, hostile, over a limit)
     */
    public static WsdlOperations read(String wsdl, String source) throws HhfrException {
        Schema schema;
        try {
            schema = new SchemaParser().perComponent().parse(wsdl);
        } catch (SchemaException e) {
            throw new HhfrException("the WSDL at " + source + " is not usable: " + e.getMessage(), e);
        }
        WsdlOperations operations = new WsdlOperations(schema, source);
        try {
            operations.scan(wsdl);
        } catch (XmlPullParserException | IOException | RuntimeException e) {
            throw new HhfrException("the WSDL at " + source + " is not usable: " + e.getMessage(), e);
        }
        return operations;
    }

    /** The schemas of {@code wsdl:types}, parsed per component (see {@link Schema#refusals()}). */
    public Schema schema() {
        return schema;
    }

    /** Every operation of the port types, in document order, with its structures or why it has none. */
    public List<OperationStructures> structures() {
        List<OperationStructures> all = new ArrayList<>();
        for (String name : inputMessages.keySet()) {
            all.add(structures(name));
        }
        return all;
    }

    /**
     * The operations whose structures derive, as a {@link ServiceDescription} (what {@code hhfr schema --compile}
     * writes for {@link CompiledOperations}); {@link #structures()} says why the others are left out.
     */
    public ServiceDescription description() {
        List<DescribedOperation> operations = new ArrayList<>();
        for (OperationStructures structures : structures()) {
            if (structures.isDerived()) {
                String action = soapActions.containsKey(structures.operation())
                        ? soapActions.get(structures.operation()) : "";
                operations.add(structures.isOneWay()
                        ? DescribedOperation.oneWay(structures.operation(), action, structures.request())
                        : DescribedOperation.of(structures.operation(), action, structures.request(),
                                structures.response()));
            }
        }
        return ServiceDescription.of(operations, advertised);
    }

    /**
     * The operation named {@code name} in a port type, to open sessions on.
     *
     * @throws HhfrException there is no such operation, or its structures do not derive (the message says why)
     */
    public Operation operation(String name) throws HhfrException {
        if (!inputMessages.containsKey(name)) {
            throw new HhfrException("the WSDL at " + source + " has no operation '" + name + "'; it has "
                    + inputMessages.keySet());
        }
        OperationStructures structures = structures(name);
        if (!structures.isDerived()) {
            throw new HhfrException("operation '" + name + "' of the WSDL at " + source + " cannot be called: "
                    + structures.reason() + " (its messages have no structure, and every mode, plain SOAP too,"
                    + " needs one; the WSDL's other operations are not affected)");
        }
        String action = soapActions.get(name);
        if (action == null) {
            action = "";
        }
        return (structures.isOneWay() ? Operation.oneWay(action, structures.request())
                : Operation.of(action, structures.request(), structures.response())).advertising(advertised);
    }

    private OperationStructures structures(String operation) {
        QualifiedName request = partElements.get(inputMessages.get(operation));
        String output = outputMessages.get(operation);
        QualifiedName response = output == null ? null : partElements.get(output);
        if (request == null || output != null && response == null) {
            return OperationStructures.withoutElements(operation, "message '"
                    + (request == null ? inputMessages.get(operation) : output)
                    + "' has no element part (only document/literal is supported)");
        }
        return OperationStructures.of(operation, schema, request, response);
    }

    private void scan(String wsdl) throws XmlPullParserException, IOException {
        XmlPullParser parser = XmlPull.newParser();
        parser.setFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES, true);
        parser.setInput(new StringReader(wsdl));
        Deque<String> path = new ArrayDeque<>();
        String message = null;
        String operation = null;
        for (int event = parser.next(); event != XmlPullParser.END_DOCUMENT; event = parser.next()) {
            if (event == XmlPullParser.END_TAG) {
                path.pop();
                continue;
            }
            if (event != XmlPullParser.START_TAG) {
                continue;
            }
            String parent = path.peek();
            String namespace = parser.getNamespace();
            String name = parser.getName();
            path.push(namespace + " " + name);
            if (HhfrUris.NAMESPACE.equals(namespace) && AdvertisedEndpoint.ELEMENT.equals(name)) {
                advertise(parser);
                continue;
            }
            if (!WSDL.equals(namespace) && !SOAP11_BINDING.equals(namespace) && !SOAP12_BINDING.equals(namespace)) {
                continue;
            }
            if (WSDL.equals(namespace) && "message".equals(name)) {
                message = parser.getAttributeValue(null, "name");
            } else if (WSDL.equals(namespace) && "part".equals(name) && (WSDL + " message").equals(parent)) {
                String element = parser.getAttributeValue(null, "element");
                if (element != null && message != null && !partElements.containsKey(message)) {
                    partElements.put(message, resolve(parser, element));
                }
            } else if (WSDL.equals(namespace) && "operation".equals(name)) {
                operation = parser.getAttributeValue(null, "name");
            } else if (operation != null && WSDL.equals(namespace) && ("input".equals(name) || "output".equals(name))
                    && (WSDL + " operation").equals(parent)) {
                String messageRef = parser.getAttributeValue(null, "message");
                if (messageRef != null) {
                    ("input".equals(name) ? inputMessages : outputMessages)
                            .put(operation, resolve(parser, messageRef).localName());
                }
            } else if (operation != null && "operation".equals(name) && !WSDL.equals(namespace)) {
                String action = parser.getAttributeValue(null, "soapAction");
                if (action != null && !soapActions.containsKey(operation)) {
                    soapActions.put(operation, action);
                }
            }
        }
    }

    /**
     * Keeps an advertised stream endpoint. It is only a hint, so one that is malformed, or beyond
     * {@link ServiceDescription#MAX_ADVERTISED}, is left out rather than making the WSDL unusable.
     */
    private void advertise(XmlPullParser parser) {
        String transport = parser.getAttributeValue(null, "transport");
        String port = parser.getAttributeValue(null, "port");
        if (transport == null || port == null || advertised.size() >= ServiceDescription.MAX_ADVERTISED
                || port.length() > 5) {
            return;
        }
        try {
            AdvertisedEndpoint endpoint = AdvertisedEndpoint.of(transport, Integer.parseInt(port),
                    parser.getAttributeValue(null, "host"));
            if (!advertised.contains(endpoint)) {
                advertised.add(endpoint);
            }
        } catch (IllegalArgumentException e) {
            // not an endpoint: no hint
        }
    }

    private static QualifiedName resolve(XmlPullParser parser, String prefixed) {
        int colon = prefixed.indexOf(':');
        String prefix = colon < 0 ? null : prefixed.substring(0, colon);
        String namespace = parser.getNamespace(prefix);
        return new QualifiedName(namespace == null ? "" : namespace, prefixed.substring(colon + 1));
    }
}
