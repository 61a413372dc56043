package org.hhfr.client;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.description.AdvertisedEndpoint;
import org.hhfr.negotiation.description.ServiceDescription;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.XmlPull;
import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/**
 * What a WSDL 1.1 document says of its operations, as written: its messages and their parts, its port types, its
 * SOAP 1.1 and 1.2 bindings (style, SOAPAction, the body's use and parts, the parts bound to headers) and the
 * stream endpoints it advertises; for a WSDL split over documents ({@code wsdl:import}), what all of them say.
 * Names are local: a service's messages, port types and bindings share its target namespace. {@link WsdlOperations} decides from this which element each operation sends.
 */
final class WsdlDefinitions {
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String SOAP11_BINDING = "http://schemas.xmlsoap.org/wsdl/soap/";
    private static final String SOAP12_BINDING = "http://schemas.xmlsoap.org/wsdl/soap12/";

    /** A port type's operation: its input and output message names ({@code null} output: one-way). */
    static final class Exchange {
        String input;
        String output;
    }

    /** The input or output of a binding's operation: the body's use and parts, and its header parts. */
    static final class BoundMessage {
        /** {@code literal} unless the document says otherwise. */
        String use = "literal";
        /** The parts {@code soap:body parts} names, or {@code null} when it names none (every part but headers). */
        List<String> bodyParts;
        /** {@code message part} of each {@code soap:header}. */
        final List<String[]> headers = new ArrayList<>();
    }

    /** An operation of a SOAP binding. */
    static final class BoundOperation {
        String soapAction;
        /** The operation's own {@code soap:operation style}, or {@code null}: the binding's. */
        String style;
        final BoundMessage input = new BoundMessage();
        final BoundMessage output = new BoundMessage();
    }

    /** A binding of a port type; a SOAP one has a {@code soap:binding} (1.1 or 1.2). */
    static final class Binding {
        final String name;
        final String portType;
        boolean soap;
        /** {@code soap:binding style}: {@code document} unless the document says otherwise. */
        String style = "document";
        final Map<String, BoundOperation> operations = new LinkedHashMap<>();

        Binding(String name, String portType) {
            this.name = name;
            this.portType = portType;
        }
    }

    /** Each message's parts in document order: the element of each, or {@code null} where it names a type. */
    final Map<String, Map<String, QualifiedName>> messages = new HashMap<>();
    /** Port types in document order, each with its operations in document order. */
    final Map<String, Map<String, Exchange>> portTypes = new LinkedHashMap<>();
    /** Bindings in document order. */
    final List<Binding> bindings = new ArrayList<>();
    /** The stream endpoints the service advertises (its {@code hhfr:StreamEndpoint} policy assertions). */
    final List<AdvertisedEndpoint> advertised = new ArrayList<>();

    private WsdlDefinitions() {
    }

    static WsdlDefinitions read(String wsdl) throws XmlPullParserException, IOException {
        XmlPullParser parser = namespaceAware();
        parser.setInput(new StringReader(wsdl));
        return read(parser);
    }

    /** Reads an encoded document: in the encoding its byte order mark or XML declaration names, else UTF-8. */
    static WsdlDefinitions read(byte[] wsdl) throws XmlPullParserException, IOException {
        XmlPullParser parser = namespaceAware();
        XmlPull.setInput(parser, new ByteArrayInputStream(wsdl));
        return read(parser);
    }

    /**
     * Reads encoded documents (a WSDL, first, and those it imports, by their URLs) as one. Only documents of the
     * WSDL's own origin advertise stream endpoints: one from elsewhere names no endpoint of the service.
     */
    static WsdlDefinitions read(Map<String, byte[]> documents) throws XmlPullParserException, IOException {
        WsdlDefinitions definitions = new WsdlDefinitions();
        String wsdl = documents.keySet().iterator().next();
        for (Map.Entry<String, byte[]> document : documents.entrySet()) {
            XmlPullParser parser = namespaceAware();
            XmlPull.setInput(parser, new ByteArrayInputStream(document.getValue()));
            definitions.scan(parser, WsdlImports.sameOrigin(document.getKey(), wsdl));
        }
        return definitions;
    }

    private static XmlPullParser namespaceAware() throws XmlPullParserException {
        XmlPullParser parser = XmlPull.newParser();
        parser.setFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES, true);
        return parser;
    }

    private static WsdlDefinitions read(XmlPullParser parser) throws XmlPullParserException, IOException {
        WsdlDefinitions definitions = new WsdlDefinitions();
        definitions.scan(parser, true);
        return definitions;
    }

    /** @param endpoints whether the document's advertised stream endpoints are the service's */
    private void scan(XmlPullParser parser, boolean endpoints) throws XmlPullParserException, IOException {
        Deque<String> path = new ArrayDeque<>();
        Map<String, QualifiedName> message = null;
        Map<String, Exchange> portType = null;
        Exchange exchange = null;
        Binding binding = null;
        BoundOperation bound = null;
        BoundMessage boundMessage = null;
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
            boolean inDefinitions = (WSDL + " definitions").equals(parent);
            boolean soapElement = SOAP11_BINDING.equals(namespace) || SOAP12_BINDING.equals(namespace);
            if (HhfrUris.NAMESPACE.equals(namespace) && AdvertisedEndpoint.ELEMENT.equals(name)) {
                if (endpoints) {
                    advertise(parser);
                }
            } else if (inDefinitions && WSDL.equals(namespace)) {
                message = null;
                portType = null;
                exchange = null;
                binding = null;
                bound = null;
                boundMessage = null;
                String named = parser.getAttributeValue(null, "name");
                if ("message".equals(name) && named != null) {
                    message = new LinkedHashMap<>();
                    messages.putIfAbsent(named, message);
                } else if ("portType".equals(name) && named != null) {
                    portType = new LinkedHashMap<>();
                    portTypes.putIfAbsent(named, portType);
                } else if ("binding".equals(name) && named != null) {
                    String type = parser.getAttributeValue(null, "type");
                    binding = new Binding(named, type == null ? null : localName(type));
                    bindings.add(binding);
                }
            } else if (message != null && (WSDL + " message").equals(parent) && WSDL.equals(namespace)
                    && "part".equals(name)) {
                String element = parser.getAttributeValue(null, "element");
                String part = parser.getAttributeValue(null, "name");
                if (part != null) {
                    message.putIfAbsent(part, element == null ? null : resolve(parser, element));
                }
            } else if (portType != null && (WSDL + " portType").equals(parent) && WSDL.equals(namespace)
                    && "operation".equals(name)) {
                exchange = new Exchange();
                String named = parser.getAttributeValue(null, "name");
                if (named != null) {
                    portType.putIfAbsent(named, exchange);
                }
            } else if (exchange != null && (WSDL + " operation").equals(parent) && WSDL.equals(namespace)
                    && ("input".equals(name) || "output".equals(name)) && portType != null) {
                String messageRef = parser.getAttributeValue(null, "message");
                String local = messageRef == null ? null : localName(messageRef);
                if ("input".equals(name)) {
                    exchange.input = local;
                } else {
                    exchange.output = local;
                }
            } else if (binding != null && (WSDL + " binding").equals(parent)) {
                if (soapElement && "binding".equals(name)) {
                    binding.soap = true;
                    String style = parser.getAttributeValue(null, "style");
                    if (style != null) {
                        binding.style = style.trim();
                    }
                } else if (WSDL.equals(namespace) && "operation".equals(name)) {
                    bound = new BoundOperation();
                    String named = parser.getAttributeValue(null, "name");
                    if (named != null) {
                        binding.operations.putIfAbsent(named, bound);
                    }
                }
            } else if (bound != null && binding != null && (WSDL + " operation").equals(parent)) {
                if (soapElement && "operation".equals(name)) {
                    bound.soapAction = parser.getAttributeValue(null, "soapAction");
                    bound.style = parser.getAttributeValue(null, "style");
                } else if (WSDL.equals(namespace) && ("input".equals(name) || "output".equals(name))) {
                    boundMessage = "input".equals(name) ? bound.input : bound.output;
                }
            } else if (boundMessage != null && soapElement && parent != null
                    && (parent.equals(WSDL + " input") || parent.equals(WSDL + " output"))) {
                if ("body".equals(name)) {
                    String use = parser.getAttributeValue(null, "use");
                    if (use != null) {
                        boundMessage.use = use.trim();
                    }
                    String parts = parser.getAttributeValue(null, "parts");
                    if (parts != null) {
                        boundMessage.bodyParts = parts.trim().isEmpty() ? Collections.<String>emptyList()
                                : Arrays.asList(parts.trim().split("\\s+"));
                    }
                } else if ("header".equals(name)) {
                    String headerMessage = parser.getAttributeValue(null, "message");
                    String part = parser.getAttributeValue(null, "part");
                    if (headerMessage != null && part != null) {
                        boundMessage.headers.add(new String[] {localName(headerMessage), part});
                    }
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

    private static String localName(String prefixed) {
        return prefixed.substring(prefixed.indexOf(':') + 1).trim();
    }

    private static QualifiedName resolve(XmlPullParser parser, String prefixed) {
        int colon = prefixed.indexOf(':');
        String prefix = colon < 0 ? null : prefixed.substring(0, colon);
        String namespace = parser.getNamespace(prefix);
        return new QualifiedName(namespace == null ? "" : namespace, prefixed.substring(colon + 1));
    }
}
