package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import javax.xml.namespace.QName;

import org.apache.axiom.om.OMAbstractFactory;
import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMFactory;
import org.apache.axiom.om.OMNamespace;
import org.apache.axiom.soap.SOAP11Constants;
import org.apache.axiom.soap.SOAP12Constants;
import org.apache.axis2.AxisFault;
import org.apache.axis2.addressing.EndpointReference;
import org.apache.axis2.client.Options;
import org.apache.axis2.client.ServiceClient;
import org.apache.axis2.context.ConfigurationContext;
import org.apache.axis2.context.ConfigurationContextFactory;
import org.apache.axis2.kernel.http.HTTPConstants;
import org.hhfr.axis.server.HhfrServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Axis2's own client, with hand-built payloads, against the HHFR-enabled server, in both SOAP versions. */
class Axis2ClientInteropTest {
    private static final OMFactory OM = OMAbstractFactory.getOMFactory();
    private static final OMNamespace NS = OM.createOMNamespace(Envelopes.SERVICES_NS, "ns");

    private static HhfrServer server;
    private static ConfigurationContext clientContext;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().build());
        clientContext = ConfigurationContextFactory.createConfigurationContextFromFileSystem(null, null);
    }

    @AfterAll
    static void stop() throws AxisFault {
        clientContext.terminate();
        server.close();
    }

    private static OMElement call(String service, String action, String soapVersion, OMElement payload)
            throws AxisFault {
        ServiceClient client = new ServiceClient(clientContext, null);
        try {
            Options options = client.getOptions();
            options.setTo(new EndpointReference(server.serviceUrl("127.0.0.1", service)));
            options.setAction(action);
            options.setSoapVersionURI(soapVersion);
            options.setTimeOutInMilliSeconds(5_000);
            options.setProperty(HTTPConstants.CHUNKED, Boolean.FALSE);
            OMElement result = client.sendReceive(payload);
            result.build();
            return result;
        } finally {
            client.cleanupTransport();
        }
    }

    private static OMElement element(String name, String... childValues) {
        OMElement element = OM.createOMElement(name, NS);
        for (String value : childValues) {
            String[] pair = value.split("=", 2);
            OM.createOMElement(pair[0], null, element).setText(pair[1]);
        }
        return element;
    }

    private static List<String> returns(OMElement response) {
        List<String> values = new ArrayList<>();
        for (Iterator<OMElement> it = response.getChildrenWithLocalName("return"); it.hasNext();) {
            values.add(it.next().getText());
        }
        return values;
    }

    @Test
    void sumsOverSoap11AndSoap12() throws AxisFault {
        OMElement payload = element("sum", "values=1.5", "values=2.25", "values=-0.75");
        for (String version : new String[] {SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI,
                SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI}) {
            OMElement response = call("FloatSum", "urn:sum", version, payload.cloneOMElement());
            assertEquals(new QName(Envelopes.SERVICES_NS, "sumResponse"), response.getQName());
            assertEquals(List.of("3.0"), returns(response));
        }
    }

    @Test
    void concatenatesNonAsciiParts() throws AxisFault {
        OMElement response = call("StringConcat", "urn:concat", SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI,
                element("concat", "parts=São ", "parts=Bento ✓"));
        assertEquals(List.of("São Bento ✓"), returns(response));
    }

    @Test
    void listsPointsOfInterestWithTheirThirteenFields() throws AxisFault {
        OMElement response = call("PointsOfInterest", "urn:list", SOAP12Constants.SOAP_ENVELOPE_NAMESPACE_URI,
                element("list", "count=2"));
        Iterator<OMElement> records = response.getChildrenWithLocalName("return");
        OMElement first = records.next();
        int fields = 0;
        for (Iterator<OMElement> it = first.getChildElements(); it.hasNext(); it.next()) {
            fields++;
        }
        assertEquals(14, fields, "id and the 13 fields");
        assertTrue(records.hasNext());
    }

    @Test
    void aServiceExceptionArrivesAsAnAxisFaultWithItsMessage() {
        AxisFault fault = assertThrows(AxisFault.class, () -> call("PointsOfInterest", "urn:list",
                SOAP11Constants.SOAP_ENVELOPE_NAMESPACE_URI, element("list", "count=-5")));
        assertTrue(fault.getReason().contains("count must be between 0 and"), fault.getReason());
    }
}
