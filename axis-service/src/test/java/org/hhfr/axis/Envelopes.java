package org.hhfr.axis;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Hand-written request envelopes for the sample services, and a namespace-aware look at responses. */
final class Envelopes {
    static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    /** Axis2 names a POJO's namespace after its package, reversed. */
    static final String SERVICES_NS = "http://services.axis.hhfr.org";
    static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";

    private Envelopes() {
    }

    static String envelope(String soapNamespace, String body) {
        return "<s:Envelope xmlns:s=\"" + soapNamespace + "\"><s:Body>" + body + "</s:Body></s:Envelope>";
    }

    static String sum(String... values) {
        StringBuilder body = new StringBuilder("<ns:sum xmlns:ns=\"" + SERVICES_NS + "\">");
        for (String value : values) {
            body.append("<values>").append(value).append("</values>");
        }
        return body.append("</ns:sum>").toString();
    }

    /** A {@code null} part is sent as {@code xsi:nil}. */
    static String concat(String... parts) {
        StringBuilder body = new StringBuilder("<ns:concat xmlns:ns=\"" + SERVICES_NS + "\" xmlns:xsi=\"" + XSI + "\">");
        for (String part : parts) {
            body.append(part == null ? "<parts xsi:nil=\"true\"/>" : "<parts>" + escape(part) + "</parts>");
        }
        return body.append("</ns:concat>").toString();
    }

    static String list(int count) {
        return "<ns:list xmlns:ns=\"" + SERVICES_NS + "\"><count>" + count + "</count></ns:list>";
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }

    /** The text of every {@code return} element of the response body, in order. */
    static List<String> returns(String responseEnvelope) throws Exception {
        NodeList nodes = parse(responseEnvelope).getElementsByTagNameNS("*", "return");
        List<String> values = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            values.add(nodes.item(i).getTextContent());
        }
        return values;
    }

    static String singleReturn(String responseEnvelope) throws Exception {
        List<String> values = returns(responseEnvelope);
        if (values.size() != 1) {
            throw new AssertionError("expected one return element in " + responseEnvelope);
        }
        return values.get(0);
    }

    /** The fault's code and reason text, whatever the SOAP version. */
    static String[] fault(String responseEnvelope) throws Exception {
        Document document = parse(responseEnvelope);
        Element fault = (Element) document.getElementsByTagNameNS("*", "Fault").item(0);
        if (fault == null) {
            throw new AssertionError("not a fault: " + responseEnvelope);
        }
        if (SOAP11.equals(fault.getNamespaceURI())) {
            return new String[] {text(fault, "faultcode"), text(fault, "faultstring")};
        }
        return new String[] {text(fault, "Value"), text(fault, "Text")};
    }

    private static String text(Element parent, String localName) {
        NodeList nodes = parent.getElementsByTagNameNS("*", localName);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent();
    }
}
