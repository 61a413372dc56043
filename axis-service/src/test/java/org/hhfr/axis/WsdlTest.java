package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;

import javax.wsdl.Binding;
import javax.wsdl.BindingOperation;
import javax.wsdl.Definition;
import javax.wsdl.Port;
import javax.wsdl.Service;
import javax.wsdl.factory.WSDLFactory;
import javax.wsdl.xml.WSDLReader;
import javax.xml.namespace.QName;

import org.hhfr.axis.server.HhfrServer;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.schemas.XsdType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * The WSDL each service publishes at {@code ?wsdl} is WSDL 1.1 that standard tooling (wsdl4j) reads and that
 * HHFR's own schema parser reads into the structures the services stream with; the module's {@code negotiate}
 * operation stays out of it.
 */
class WsdlTest {
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static HhfrServer server;

    @BeforeAll
    static void start() throws IOException {
        server = HhfrServer.start(TestServers.loopback().build());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static String wsdl(String service) throws IOException {
        RawHttp.Response response = RawHttp.get(server.port(), "/axis2/services/" + service + "?wsdl");
        assertEquals(200, response.status, response::toString);
        return response.body;
    }

    @Test
    void everyServicePublishesWellFormedWsdl11WithItsPort() throws Exception {
        for (String service : server.serviceNames()) {
            Document document = Envelopes.parse(wsdl(service));
            assertEquals(WSDL, document.getDocumentElement().getNamespaceURI());
            assertEquals("definitions", document.getDocumentElement().getLocalName());
            assertEquals(1, document.getElementsByTagNameNS(WSDL, "types").getLength());
            assertTrue(document.getElementsByTagNameNS(WSDL, "binding").getLength() >= 2, "SOAP 1.1 and 1.2");
            assertTrue(wsdl(service).contains(":" + server.port() + "/axis2/services/" + service));
        }
    }

    @Test
    void wsdl4jReadsEveryServiceWithBothSoapBindingsAndItsOperations() throws Exception {
        WSDLReader reader = WSDLFactory.newInstance().newWSDLReader();
        reader.setFeature("javax.wsdl.verbose", false);
        reader.setFeature("javax.wsdl.importDocuments", false);
        String[][] operations = {{"StringConcat", "concat"}, {"FloatSum", "sum"}, {"PointsOfInterest", "list"}};
        for (String[] expected : operations) {
            Definition definition = reader.readWSDL(null, Envelopes.parse(wsdl(expected[0])));
            Service service = definition.getService(new QName(Envelopes.SERVICES_NS, expected[0]));
            assertNotNull(service, expected[0]);
            for (Object port : service.getPorts().values()) {
                Binding binding = ((Port) port).getBinding();
                assertFalse(binding.isUndefined(), binding.getQName().toString());
                BindingOperation operation = binding.getBindingOperation(expected[1], null, null);
                assertNotNull(operation, binding.getQName() + " lacks " + expected[1]);
                assertNotNull(operation.getOperation().getInput().getMessage().getPart("parameters")
                        .getElementName(), expected[0] + " input element");
            }
            assertEquals(1, definition.getPortTypes().size());
        }
    }

    @Test
    void floatSumStructuresComeFromTheWsdl() throws Exception {
        Schema schema = new SchemaParser().parse(wsdl("FloatSum"));
        ElementDecl values = only(schema.dataStructure(new QualifiedName(Envelopes.SERVICES_NS, "sum")));
        assertEquals("values", values.name().localName());
        assertEquals(XsdType.FLOAT, values.simpleType().base());
        assertEquals(ElementDecl.UNBOUNDED, values.maxOccurs());
        ElementDecl result = only(schema.dataStructure(new QualifiedName(Envelopes.SERVICES_NS, "sumResponse")));
        assertEquals(XsdType.FLOAT, result.simpleType().base());
    }

    @Test
    void stringConcatPartsAreNillableStrings() throws Exception {
        Schema schema = new SchemaParser().parse(wsdl("StringConcat"));
        ElementDecl parts = only(schema.dataStructure(new QualifiedName(Envelopes.SERVICES_NS, "concat")));
        assertEquals(XsdType.STRING, parts.simpleType().base());
        assertTrue(parts.nillable());
    }

    @Test
    void pointOfInterestRecordsHaveAnIdAndThirteenTextFields() throws Exception {
        Schema schema = new SchemaParser().parse(wsdl("PointsOfInterest"));
        ElementDecl records = only(schema.dataStructure(
                new QualifiedName(Envelopes.SERVICES_NS, "listResponse")));
        ComplexType record = records.complexType();
        List<ElementDecl> fields = record.elements();
        assertEquals(14, fields.size());
        long text = fields.stream().filter(f -> f.isSimple()
                && f.simpleType().base() == XsdType.STRING).count();
        assertEquals(13, text);
    }

    @Test
    void theNegotiateControlOperationIsNotPublished() throws Exception {
        for (String service : server.serviceNames()) {
            assertFalse(wsdl(service).contains("negotiate"), service);
        }
    }

    private static ElementDecl only(DataStructure structure) {
        List<ElementDecl> children = structure.root().complexType().elements();
        assertEquals(1, children.size(), structure::toString);
        return children.get(0);
    }
}
