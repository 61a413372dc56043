package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.hhfr.negotiation.HhfrUris;
import org.hhfr.negotiation.description.AdvertisedEndpoint;
import org.hhfr.schemas.OperationStructures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A WSDL split over documents, as WCF and JAX-WS publish one: the WSDL imports another WSDL with the messages and
 * port type ({@code wsdl:import}), whose types import the schema from a third document ({@code xs:import
 * schemaLocation}, a relative reference), or includes part of its schema ({@code xs:include}). The client fetches
 * them all and its operations are those of the whole; an import cycle ends, a chain beyond the document limit is
 * refused, an import that cannot be fetched is a hint left out, and no import leaves http(s) or weakens an https
 * WSDL to http.
 */
class SplitWsdlTest {
    private static final String NAMESPACES = "xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\" "
            + "xmlns:soap=\"http://schemas.xmlsoap.org/wsdl/soap/\" xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" "
            + "xmlns:ns=\"http://floatsum.hhfr.org\" targetNamespace=\"http://floatsum.hhfr.org\"";
    private TestService service;

    @BeforeEach
    void start() throws Exception {
        service = TestService.plain();
    }

    @AfterEach
    void stop() {
        service.close();
    }

    @Test
    void aWsdlSplitOverThreeDocumentsIsFetchedWholeAndItsOperationCalled() throws Exception {
        service.publish("wsdl", "<wsdl:definitions " + NAMESPACES + ">"
                + "<wsdl:import namespace=\"http://floatsum.hhfr.org\" location=\"" + service.url()
                + "?wsdl=wsdl0\"/>"
                + "<wsdl:binding name=\"FloatSumSoap\" type=\"ns:FloatSumPortType\">"
                + "<soap:binding transport=\"http://schemas.xmlsoap.org/soap/http\" style=\"document\"/>"
                + "<wsdl:operation name=\"sum\"><soap:operation soapAction=\"urn:sum\" style=\"document\"/>"
                + "<wsdl:input><soap:body use=\"literal\"/></wsdl:input>"
                + "<wsdl:output><soap:body use=\"literal\"/></wsdl:output></wsdl:operation></wsdl:binding>"
                + "</wsdl:definitions>");
        service.publish("wsdl=wsdl0", "<wsdl:definitions " + NAMESPACES + ">"
                + "<wsdl:import namespace=\"http://floatsum.hhfr.org\" location=\"?wsdl\"/>" // a cycle
                + "<wsdl:types><xs:schema targetNamespace=\"http://tempuri.org/Imports\">"
                + "<xs:import schemaLocation=\"?xsd=xsd0\" namespace=\"http://floatsum.hhfr.org\"/>"
                + "</xs:schema></wsdl:types>"
                + "<wsdl:message name=\"sumRequest\"><wsdl:part name=\"parameters\" element=\"ns:sum\"/>"
                + "</wsdl:message>"
                + "<wsdl:message name=\"sumResponse\"><wsdl:part name=\"parameters\" element=\"ns:sumResponse\"/>"
                + "</wsdl:message>"
                + "<wsdl:portType name=\"FloatSumPortType\"><wsdl:operation name=\"sum\">"
                + "<wsdl:input message=\"ns:sumRequest\"/><wsdl:output message=\"ns:sumResponse\"/>"
                + "</wsdl:operation></wsdl:portType></wsdl:definitions>");
        service.publish("xsd=xsd0", FloatSum.XSD);

        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            Operation sum = WsdlOperations.fetch(client).operation("sum");
            assertEquals(FloatSum.ACTION, sum.soapAction());
            assertEquals(FloatSum.REQUEST_STRUCTURE, sum.request());
            assertEquals(FloatSum.RESPONSE_STRUCTURE, sum.response());
            assertEquals(4f, client.open(sum).call(Float.class, new float[] {1.5f, 2.5f}));
        }
    }

    @Test
    void aSchemaThatIncludesAnotherOfItsNamespaceIsReadWithIt() throws Exception {
        String schema = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" "
                + "targetNamespace=\"http://floatsum.hhfr.org\">";
        String sum = FloatSum.XSD.substring(FloatSum.XSD.indexOf("<xs:element name=\"sum\">"),
                FloatSum.XSD.indexOf("<xs:element name=\"sumResponse\">"));
        String sumResponse = FloatSum.XSD.substring(FloatSum.XSD.indexOf("<xs:element name=\"sumResponse\">"),
                FloatSum.XSD.indexOf("</xs:schema>"));
        service.publish("wsdl", FloatSum.WSDL.replaceFirst("(?s)<xs:schema.*</xs:schema>", schema
                + "<xs:include schemaLocation=\"?xsd=requests\"/>" + sumResponse + "</xs:schema>"));
        service.publish("xsd=requests", schema + sum + "</xs:schema>");

        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            Operation read = WsdlOperations.fetch(client).operation("sum");
            assertEquals(FloatSum.REQUEST_STRUCTURE, read.request());
            assertEquals(FloatSum.RESPONSE_STRUCTURE, read.response());
        }
    }

    @Test
    void anIncludedSchemaWithoutANamespaceTakesTheIncludingOnesWithItsReferences() throws Exception {
        String sumResponse = FloatSum.XSD.substring(FloatSum.XSD.indexOf("<xs:element name=\"sumResponse\">"),
                FloatSum.XSD.indexOf("</xs:schema>"));
        service.publish("wsdl", FloatSum.WSDL.replaceFirst("(?s)<xs:schema.*</xs:schema>",
                "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" targetNamespace=\"http://floatsum.hhfr.org\">"
                        + "<xs:include schemaLocation=\"?xsd=requests\"/>" + sumResponse + "</xs:schema>"));
        service.publish("xsd=requests", "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">"
                + "<xs:element name=\"sum\" type=\"SumRequest\"/>"
                + "<xs:complexType name=\"SumRequest\"><xs:sequence>"
                + "<xs:element maxOccurs=\"unbounded\" name=\"values\" type=\"xs:float\"/>"
                + "</xs:sequence></xs:complexType></xs:schema>");

        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            Operation sum = WsdlOperations.fetch(client).operation("sum");
            assertEquals(FloatSum.REQUEST, sum.request().root().name());
            assertEquals(4f, client.open(sum).call(Float.class, new float[] {1.5f, 2.5f}));
        }
    }

    @Test
    void aChainOfImportsBeyondTheDocumentLimitIsRefused() throws Exception {
        service.publish("wsdl", "<wsdl:definitions " + NAMESPACES + "><wsdl:types>"
                + "<xs:schema targetNamespace=\"urn:chain\"><xs:import schemaLocation=\"?xsd=0\" namespace=\"urn:0\"/>"
                + "</xs:schema></wsdl:types></wsdl:definitions>");
        for (int i = 0; i < WsdlDownload.MAX_DOCUMENTS; i++) {
            service.publish("xsd=" + i, "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" "
                    + "targetNamespace=\"urn:" + i + "\"><xs:import schemaLocation=\"?xsd=" + (i + 1)
                    + "\" namespace=\"urn:" + (i + 1) + "\"/></xs:schema>");
        }
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            HhfrException refused = assertThrows(HhfrException.class, () -> WsdlOperations.fetch(client));
            assertEquals("the WSDL at " + service.url() + "?wsdl imports more than " + WsdlDownload.MAX_DOCUMENTS
                    + " documents", refused.getMessage());
        }
    }

    @Test
    void importsStayOnHttpAndAnHttpsWsdlImportsOverHttpsOnlyAndOneDocumentIsNamedOnce() {
        Map<String, String> leftOut = new LinkedHashMap<>();
        assertEquals(List.of(), WsdlImports.of(schemaImporting("http://example.org/types.xsd"),
                "https://example.org/Service.svc?wsdl", leftOut), "no plain http import for an https WSDL");
        assertEquals(List.of(), WsdlImports.of(schemaImporting("file:/etc/passwd"),
                "http://example.org/Service.svc?wsdl", leftOut));
        assertEquals(List.of(), WsdlImports.of(schemaImporting("C:\\schemas\\types.xsd"),
                "http://example.org/Service.svc?wsdl", leftOut));
        assertEquals(List.of("http://example.org/Service.svc?xsd=xsd0"), WsdlImports.of(schemaImporting(
                "http://example.org/sub/../Service.svc?xsd=xsd0#types"), "http://example.org/Service.svc?wsdl",
                leftOut));
        assertEquals(Map.of("http://example.org/types.xsd",
                "http://example.org/types.xsd is plain http, imported by an https document",
                "file:/etc/passwd", "file:/etc/passwd is neither http nor https",
                "C:\\schemas\\types.xsd", "C:\\schemas\\types.xsd is not a URL"), leftOut);
    }

    @Test
    void anImportThatCannotBeFetchedRefusesOnlyTheComponentsThatUseIt() throws Exception {
        service.publish("wsdl", withImports(FloatSum.WSDL));
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            assertEquals(FloatSum.REQUEST_STRUCTURE, WsdlOperations.fetch(client).operation("sum").request());
        }
    }

    @Test
    void anOperationThatUsesTheNamesOfAnImportNotFetchedSaysWhichAndWhy() throws Exception {
        service.publish("wsdl", withImports(FloatSum.WSDL.replaceFirst("name=\"return\" type=\"xs:float\"",
                "name=\"return\" xmlns:m=\"urn:missing\" type=\"m:Tally\"")));
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            WsdlOperations wsdl = WsdlOperations.fetch(client);
            String missing = service.url() + "?xsd=missing";
            assertEquals(List.of("http://127.0.0.1:1/unused.xsd", missing),
                    List.copyOf(wsdl.unfetchedImports().keySet()));
            assertEquals("fetching " + missing + " answered HTTP 500", wsdl.unfetchedImports().get(missing));
            String reason = wsdl.structures().get(0).reason();
            assertTrue(reason.contains("schemaLocation=\"?xsd=missing\", another document, which could not be"
                    + " fetched)"), reason);
            assertTrue(reason.endsWith("; not fetched: fetching " + missing + " answered HTTP 500"),
                    "the one import the refusal names, not the unreachable one it does not use: " + reason);
            HhfrException refused = assertThrows(HhfrException.class, () -> wsdl.operation("sum"));
            assertTrue(refused.getMessage().contains("answered HTTP 500"), refused.getMessage());
        }
    }

    @Test
    void onlyDocumentsOfTheWsdlsOwnOriginAdvertiseStreamEndpoints() throws Exception {
        String port = "<wsdl:definitions " + NAMESPACES + ">"
                + "<wsp:Policy xmlns:wsp='http://www.w3.org/ns/ws-policy' xmlns:hhfr='" + HhfrUris.NAMESPACE + "'>"
                + "<hhfr:StreamEndpoint transport='urn:hhfr:transport:tcp' port='%d'/></wsp:Policy>"
                + "</wsdl:definitions>";
        Map<String, byte[]> documents = new LinkedHashMap<>();
        documents.put("https://service.example/Sum.svc?wsdl", FloatSum.WSDL.getBytes(StandardCharsets.UTF_8));
        documents.put("https://service.example/Sum.svc?wsdl=wsdl1", utf8(String.format(port, 9000)));
        documents.put("https://service.example:8443/policy.wsdl", utf8(String.format(port, 9001)));
        documents.put("https://elsewhere.example/policy.wsdl", utf8(String.format(port, 9002)));
        assertEquals(List.of(AdvertisedEndpoint.of(HhfrUris.TRANSPORT_TCP, 9000, null)),
                WsdlOperations.read(documents, "https://service.example/Sum.svc?wsdl").operation("sum")
                        .advertisedEndpoints());
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void anOperationRefusedForAnImportNotFetchedStillNamesItsElements() throws Exception {
        service.publish("wsdl", withImports(FloatSum.WSDL.replaceFirst("name=\"return\" type=\"xs:float\"",
                "name=\"return\" xmlns:m=\"urn:missing\" type=\"m:Tally\"")));
        try (HhfrClient client = HhfrClient.builder(service.url()).build()) {
            OperationStructures sum = WsdlOperations.fetch(client).structures().get(0);
            assertEquals(false, sum.isDerived());
            assertEquals(FloatSum.REQUEST, sum.requestElement(), sum.reason());
            assertEquals(FloatSum.RESPONSE, sum.responseElement(), sum.reason());
        }
    }

    /** The WSDL, its schema importing a namespace from an unreachable server and one from a missing document. */
    private static String withImports(String wsdl) {
        return wsdl.replaceFirst("<xs:element name=\"sum\">",
                "<xs:import namespace=\"urn:elsewhere\" schemaLocation=\"http://127.0.0.1:1/unused.xsd\"/>"
                        + "<xs:import namespace=\"urn:missing\" schemaLocation=\"?xsd=missing\"/>"
                        + "<xs:element name=\"sum\">");
    }

    private static byte[] schemaImporting(String location) {
        return ("<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" targetNamespace=\"urn:a\">"
                + "<xs:import schemaLocation=\"" + location + "\" namespace=\"urn:b\"/></xs:schema>")
                .getBytes(StandardCharsets.UTF_8);
    }
}
