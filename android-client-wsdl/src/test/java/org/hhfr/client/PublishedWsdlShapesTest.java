package org.hhfr.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.hhfr.schemas.OperationStructures;
import org.hhfr.schemas.QualifiedName;
import org.junit.jupiter.api.Test;

/**
 * Shapes that published WSDLs take and that a reader keyed on names alone gets wrong: the HTTP GET and POST port
 * types of an ASP.NET service beside its SOAP one, a header part listed before the body part, rpc style or
 * encoded use, imports of other documents, and a document longer than a schema.
 */
class PublishedWsdlShapesTest {
    private static final String NS = "urn:shapes";

    private static final String SCHEMA = "<wsdl:types><xs:schema targetNamespace='urn:shapes'"
            + " elementFormDefault='qualified'>"
            + "<xs:element name='convert'><xs:complexType><xs:sequence><xs:element name='celsius' type='xs:string'/>"
            + "</xs:sequence></xs:complexType></xs:element>"
            + "<xs:element name='convertResponse'><xs:complexType><xs:sequence>"
            + "<xs:element name='fahrenheit' type='xs:string'/></xs:sequence></xs:complexType></xs:element>"
            + "<xs:element name='credentials'><xs:complexType><xs:sequence><xs:element name='user'"
            + " type='xs:string'/></xs:sequence></xs:complexType></xs:element>"
            + "</xs:schema></wsdl:types>";

    private static String wsdl(String types, String rest) {
        return "<wsdl:definitions xmlns:wsdl='http://schemas.xmlsoap.org/wsdl/'"
                + " xmlns:soap='http://schemas.xmlsoap.org/wsdl/soap/' xmlns:http='http://schemas.xmlsoap.org/wsdl/http/'"
                + " xmlns:xs='http://www.w3.org/2001/XMLSchema' xmlns:tns='urn:shapes' targetNamespace='urn:shapes'>"
                + types + rest + "</wsdl:definitions>";
    }

    private static final String MESSAGES = "<wsdl:message name='convertIn'><wsdl:part name='parameters'"
            + " element='tns:convert'/></wsdl:message>"
            + "<wsdl:message name='convertOut'><wsdl:part name='parameters' element='tns:convertResponse'/>"
            + "</wsdl:message>";

    private static String soapBinding(String style, String use) {
        return "<wsdl:portType name='ConvertSoap'><wsdl:operation name='convert'>"
                + "<wsdl:input message='tns:convertIn'/><wsdl:output message='tns:convertOut'/></wsdl:operation>"
                + "</wsdl:portType>"
                + "<wsdl:binding name='ConvertSoap' type='tns:ConvertSoap'><soap:binding style='" + style + "'"
                + " transport='http://schemas.xmlsoap.org/soap/http'/><wsdl:operation name='convert'>"
                + "<soap:operation soapAction='urn:shapes/convert'/><wsdl:input><soap:body use='" + use + "'/>"
                + "</wsdl:input><wsdl:output><soap:body use='" + use + "'/></wsdl:output></wsdl:operation>"
                + "</wsdl:binding>";
    }

    /** As an ASP.NET service publishes: its HTTP POST port type has the same operation, with type= parts. */
    private static final String HTTP_POST = "<wsdl:message name='convertHttpPostIn'><wsdl:part name='celsius'"
            + " type='xs:string'/></wsdl:message><wsdl:message name='convertHttpPostOut'><wsdl:part name='Body'"
            + " element='tns:convertResponse'/></wsdl:message>"
            + "<wsdl:portType name='ConvertHttpPost'><wsdl:operation name='convert'>"
            + "<wsdl:input message='tns:convertHttpPostIn'/><wsdl:output message='tns:convertHttpPostOut'/>"
            + "</wsdl:operation></wsdl:portType>"
            + "<wsdl:binding name='ConvertHttpPost' type='tns:ConvertHttpPost'><http:binding verb='POST'/>"
            + "<wsdl:operation name='convert'><http:operation location='/convert'/></wsdl:operation>"
            + "</wsdl:binding>";

    @Test
    void anAspNetHttpPostPortTypeAfterTheSoapOneLeavesTheSoapOperation() throws Exception {
        WsdlOperations operations = WsdlOperations.read(wsdl(SCHEMA, MESSAGES + soapBinding("document", "literal")
                + HTTP_POST), "asmx.wsdl");

        Operation convert = operations.operation("convert");
        assertEquals(new QualifiedName(NS, "convert"), convert.element());
        assertEquals("urn:shapes/convert", convert.soapAction());
        assertEquals(1, operations.structures().size());
    }

    @Test
    void anAspNetHttpPostPortTypeBeforeTheSoapOneIsNoSoapOperation() throws Exception {
        WsdlOperations operations = WsdlOperations.read(wsdl(SCHEMA, MESSAGES + HTTP_POST
                + soapBinding("document", "literal")), "asmx.wsdl");

        assertEquals(new QualifiedName(NS, "convert"), operations.operation("convert").element());
    }

    @Test
    void theRequestIsTheBodyPartNotAPartBoundToAHeader() throws Exception {
        String messages = "<wsdl:message name='convertIn'><wsdl:part name='auth' element='tns:credentials'/>"
                + "<wsdl:part name='parameters' element='tns:convert'/></wsdl:message>"
                + "<wsdl:message name='convertOut'><wsdl:part name='parameters' element='tns:convertResponse'/>"
                + "</wsdl:message>";
        String byHeader = soapBinding("document", "literal").replace("<soap:body use='literal'/></wsdl:input>",
                "<soap:body use='literal'/><soap:header message='tns:convertIn' part='auth' use='literal'/>"
                + "</wsdl:input>");
        String byParts = soapBinding("document", "literal").replace("<soap:body use='literal'/></wsdl:input>",
                "<soap:body use='literal' parts='parameters'/></wsdl:input>");

        for (String binding : List.of(byHeader, byParts)) {
            Operation convert = WsdlOperations.read(wsdl(SCHEMA, messages + binding), "headers.wsdl")
                    .operation("convert");
            assertEquals(new QualifiedName(NS, "convert"), convert.element());
        }
        OperationStructures twoBodyParts = WsdlOperations.read(wsdl(SCHEMA, messages
                + soapBinding("document", "literal")), "headers.wsdl").structures().get(0);
        assertFalse(twoBodyParts.isDerived());
        assertEquals("message 'convertIn' has 2 parts in the SOAP Body (document/literal has one)",
                twoBodyParts.reason());
    }

    @Test
    void rpcStyleAndEncodedUseAreRefusedWithTheReason() throws Exception {
        OperationStructures rpc = WsdlOperations.read(wsdl(SCHEMA, MESSAGES + soapBinding("rpc", "literal")),
                "rpc.wsdl").structures().get(0);
        OperationStructures encoded = WsdlOperations.read(wsdl(SCHEMA, MESSAGES
                + soapBinding("document", "encoded")), "encoded.wsdl").structures().get(0);

        assertEquals("binding 'ConvertSoap' is rpc style (only document/literal is supported)", rpc.reason());
        assertEquals("binding 'ConvertSoap' has encoded use (only document/literal is supported)",
                encoded.reason());
    }

    @Test
    void importsOfOtherDocumentsRefuseOnlyTheOperationsThatUseTheirNames() throws Exception {
        String types = SCHEMA.replace("elementFormDefault='qualified'>", "elementFormDefault='qualified'"
                + " xmlns:other='urn:other'><xs:import namespace='urn:other' schemaLocation='other.xsd'/>"
                + "<xs:import namespace='http://www.w3.org/2001/XMLSchema'/>"
                + "<xs:element name='lookUp' type='other:Query'/>");
        String messages = MESSAGES + "<wsdl:message name='lookUpIn'><wsdl:part name='parameters'"
                + " element='tns:lookUp'/></wsdl:message>";
        String binding = soapBinding("document", "literal")
                .replace("</wsdl:operation></wsdl:portType>", "</wsdl:operation><wsdl:operation name='lookUp'>"
                        + "<wsdl:input message='tns:lookUpIn'/></wsdl:operation></wsdl:portType>");

        WsdlOperations operations = WsdlOperations.read(wsdl(types, messages + binding), "imports.wsdl");

        assertTrue(operations.structures().get(0).isStreamable());
        OperationStructures lookUp = operations.structures().get(1);
        assertFalse(lookUp.isDerived());
        assertTrue(lookUp.reason().contains("has the unknown type {urn:other}Query (its namespace is imported from"
                + " schemaLocation=\"other.xsd\", another document, which is never fetched)"), lookUp.reason());
    }

    @Test
    void anEncodedDocumentIsReadInTheEncodingItsByteOrderMarkOrDeclarationNames() throws Exception {
        String document = wsdl(SCHEMA, MESSAGES + soapBinding("document", "literal")).replace("convert", "umrechnen");
        byte[] utf8 = document.getBytes(StandardCharsets.UTF_8);
        byte[] withMark = new byte[utf8.length + 3];
        withMark[0] = (byte) 0xEF;
        withMark[1] = (byte) 0xBB;
        withMark[2] = (byte) 0xBF;
        System.arraycopy(utf8, 0, withMark, 3, utf8.length);
        byte[] latin1 = ("<?xml version='1.0' encoding='ISO-8859-1'?>" + document.replace("umrechnen", "grüßen"))
                .getBytes(StandardCharsets.ISO_8859_1);

        assertEquals(new QualifiedName(NS, "umrechnen"),
                WsdlOperations.read(withMark, "mark.wsdl").operation("umrechnen").element());
        assertEquals(new QualifiedName(NS, "grüßen"),
                WsdlOperations.read(latin1, "latin1.wsdl").operation("grüßen").element());
    }

    @Test
    void aDocumentLongerThanASchemaWithinTheDownloadLimitIsRead() throws Exception {
        String documentation = "<wsdl:documentation>" + "a service of many words. ".repeat(80_000)
                + "</wsdl:documentation>";

        WsdlOperations operations = WsdlOperations.read(wsdl(documentation + SCHEMA, MESSAGES
                + soapBinding("document", "literal")), "long.wsdl");

        assertTrue(operations.structures().get(0).isStreamable());
    }

    @Test
    void aWsdlDeclaringMoreThanASchemaWithinTheDownloadLimitIsRead() throws Exception {
        // as e-conomic's ASP.NET WSDL (3 MB, 1,511 operations) declares 10,219 elements and types
        StringBuilder declarations = new StringBuilder();
        for (int i = 0; i < 3_500; i++) {
            declarations.append("<xs:element name='get").append(i).append("'><xs:complexType><xs:sequence>")
                    .append("<xs:element name='id' type='xs:int'/><xs:element name='name' type='xs:string'/>")
                    .append("</xs:sequence></xs:complexType></xs:element>");
        }

        WsdlOperations operations = WsdlOperations.read(wsdl(SCHEMA.replace("</xs:schema>", declarations
                + "</xs:schema>"), MESSAGES + soapBinding("document", "literal")), "declarations.wsdl");

        assertTrue(operations.structures().get(0).isStreamable());
    }

    @Test
    void anOperationWithoutInputSaysSoRatherThanNamingANullMessage() throws Exception {
        byte[] wsdl;
        try (java.io.InputStream in = PublishedWsdlShapesTest.class.getResourceAsStream(
                "/published/fault-only-operation.wsdl")) {
            wsdl = in.readAllBytes();
        }

        OperationStructures faultOnly = WsdlOperations.read(wsdl, "fault-only.wsdl").structures().get(0);

        assertEquals("WsServerException", faultOnly.operation());
        assertFalse(faultOnly.isDerived());
        assertEquals("port type operation 'WsServerException' has no wsdl:input: only request-response and one-way"
                + " operations are called", faultOnly.reason());
    }
}
