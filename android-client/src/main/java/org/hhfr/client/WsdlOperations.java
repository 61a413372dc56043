package org.hhfr.client;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaParser;
import org.kxml2.io.KXmlParser;
import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

/**
 * The operations a WSDL 1.1 document describes, as {@link Operation}s: the schemas in {@code wsdl:types}
 * (through the schemas module's parser, which refuses DTDs and bounds everything), the element of each
 * message's part, the input and output message of each port type operation, and the SOAPAction of its
 * SOAP 1.1 or 1.2 binding.
 */
final class WsdlOperations {
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String SOAP11_BINDING = "http://schemas.xmlsoap.org/wsdl/soap/";
    private static final String SOAP12_BINDING = "http://schemas.xmlsoap.org/wsdl/soap12/";

    private final Schema schema;
    private final Map<String, QualifiedName> partElements = new HashMap<>();
    private final Map<String, String> inputMessages = new HashMap<>();
    private final Map<String, String> outputMessages = new HashMap<>();
    private final Map<String, String> soapActions = new HashMap<>();

    private WsdlOperations(Schema schema) {
        this.schema = schema;
    }

    /** Reads the document; {@code source} names it in error messages. */
    static WsdlOperations read(String wsdl, String source) throws HhfrException {
        Schema schema;
        try {
            schema = new SchemaParser().parse(wsdl);
        } catch (SchemaException e) {
            throw new HhfrException("the WSDL at " + source + " is not usable: " + e.getMessage(), e);
        }
        WsdlOperations operations = new WsdlOperations(schema);
        try {
            operations.scan(wsdl);
        } catch (XmlPullParserException | IOException | RuntimeException e) {
            throw new HhfrException("the WSDL at " + source + " is not usable: " + e.getMessage(), e);
        }
        return operations;
    }

    /** The operation named {@code name} in a port type. */
    Operation operation(String name, String source) throws HhfrException {
        String input = inputMessages.get(name);
        if (input == null) {
            throw new HhfrException("the WSDL at " + source + " has no operation '" + name + "'; it has "
                    + inputMessages.keySet());
        }
        DataStructure request = structureOf(input, name, source);
        String output = outputMessages.get(name);
        String action = soapActions.get(name);
        if (action == null) {
            action = "";
        }
        return output == null ? Operation.oneWay(action, request)
                : Operation.of(action, request, structureOf(output, name, source));
    }

    private DataStructure structureOf(String message, String operation, String source) throws HhfrException {
        QualifiedName element = partElements.get(message);
        if (element == null) {
            throw new HhfrException("the WSDL at " + source + " describes message '" + message + "' of operation '"
                    + operation + "' without an element part (only document/literal is supported)");
        }
        DataStructure structure = schema.dataStructure(element);
        if (structure == null) {
            throw new HhfrException("the WSDL at " + source + " declares no element " + element
                    + " for operation '" + operation + "'");
        }
        return structure;
    }

    private void scan(String wsdl) throws XmlPullParserException, IOException {
        XmlPullParser parser = new KXmlParser();
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

    private static QualifiedName resolve(XmlPullParser parser, String prefixed) {
        int colon = prefixed.indexOf(':');
        String prefix = colon < 0 ? null : prefixed.substring(0, colon);
        String namespace = parser.getNamespace(prefix);
        return new QualifiedName(namespace == null ? "" : namespace, prefixed.substring(colon + 1));
    }
}
