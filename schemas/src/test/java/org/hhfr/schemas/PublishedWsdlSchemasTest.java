package org.hhfr.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.stream.Collectors;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The types of published WSDLs (trimmed, each resource names its source), read per component: a named model group
 * and a choice take their elements' places; a global declaration of a kind HHFR cannot use (an attribute group, a
 * global attribute) is the concern of the components that refer to it, which are refused for their reference; the
 * other operations of the service keep their structures.
 */
class PublishedWsdlSchemasTest {
    private static final SchemaParser PER_COMPONENT = new SchemaParser().perComponent();
    private static final String EC2 = "http://ec2.amazonaws.com/doc/2013-10-15/";
    private static final String WORKDAY = "urn:com.workday/bsvc";
    private static final String WSA = "http://www.w3.org/2005/08/addressing";

    private static String resource(String name) throws IOException {
        try (InputStream in = PublishedWsdlSchemasTest.class.getResourceAsStream("/published/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aGlobalGroupAndAChoiceTakeTheirElementsPlacesInTheEc2Wsdl() throws Exception {
        Schema schema = PER_COMPONENT.parse(resource("ec2-2013-10-15.wsdl"));

        assertEquals(List.of(new QualifiedName(EC2, "DeleteVpc"), new QualifiedName(EC2, "DeleteVpcResponse"),
                new QualifiedName(EC2, "DescribeVpcAttribute"), new QualifiedName(EC2, "DescribeVpcAttributeResponse")),
                List.copyOf(schema.elements().keySet()));
        assertEquals("<{" + EC2 + "}DeleteVpc 1..1 {<{" + EC2 + "}vpcId 1..1 string>}>",
                schema.dataStructure("DeleteVpc").canonicalForm());
        for (String element : new String[] {"DescribeVpcAttribute", "DescribeVpcAttributeResponse"}) {
            List<ElementDecl> elements = schema.elements().get(new QualifiedName(EC2, element)).complexType()
                    .elements();
            assertEquals(List.of("enableDnsSupport 0", "enableDnsHostnames 0"), elements
                    .subList(elements.size() - 2, elements.size()).stream()
                    .map(e -> e.name().localName() + " " + e.minOccurs()).collect(Collectors.toList()),
                    element + ": the choice's alternatives");
        }
        assertEquals(List.of(), schema.refusals());
    }

    @Test
    void aGlobalAttributeAndIdsWithSimpleContentStreamInTheWorkdayWsdl() throws Exception {
        Schema schema = new SchemaParser().parse(resource("workday-revenue-management-v39.2.wsdl"));

        assertEquals(List.of(new QualifiedName(WORKDAY, "Validation_Fault"),
                new QualifiedName(WORKDAY, "Put_Opportunity_Response")), List.copyOf(schema.elements().keySet()));
        assertEquals("<{" + WORKDAY + "}Put_Opportunity_Response 1..1 {@{" + WORKDAY + "}version? string;"
                + "<{" + WORKDAY + "}Opportunity_Reference 0..1 {@{" + WORKDAY + "}Descriptor? string;"
                + "<{" + WORKDAY + "}ID 0..* {@{" + WORKDAY + "}type! string;=string}>}>}>",
                schema.dataStructure("Put_Opportunity_Response").canonicalForm());
    }

    @Test
    void theStrictParserReadsTheEc2Wsdl() throws Exception {
        assertEquals(4, new SchemaParser().parse(resource("ec2-2013-10-15.wsdl")).elements().size());
    }

    @Test
    void theW3cWsAddressingSchemasBlockDefaultFailsNoComponentPerComponent() throws Exception {
        // blockDefault="#all" only forbids substituting derived types and elements, which no structure has
        Schema schema = PER_COMPONENT.parse(resource("ws-addr.xsd"));

        SchemaRefusal to = schema.refusal(new QualifiedName(WSA, "To"));
        assertEquals("xs:anyAttribute", to.construct(), to::reason);
        SchemaRefusal endpoint = schema.refusal(new QualifiedName(WSA, "EndpointReference"));
        assertEquals("xs:any", endpoint.construct(), endpoint::reason);
    }

    @Test
    void theStrictParserStillRefusesBlockDefault() {
        SchemaException e = assertThrows(SchemaException.class,
                () -> new SchemaParser().parse(resource("ws-addr.xsd")));
        assertTrue(e.reason().contains("blockDefault"), e::getMessage);
    }

    @Test
    void anOperationsElementInAnImportedDocumentNotReadSaysSoRatherThanThatItIsNotDeclared() throws Exception {
        String data = "urn:schemas-cybersource-com:transaction-data-1.26";
        Schema schema = PER_COMPONENT.parse(resource("CyberSourceTransaction_1.26.wsdl"));

        OperationStructures run = OperationStructures.of("runTransaction", schema,
                new QualifiedName(data, "requestMessage"), new QualifiedName(data, "replyMessage"));

        assertEquals("the request element {" + data + "}requestMessage is not declared in the schema (its namespace is"
                + " imported from schemaLocation=\"CyberSourceTransaction_1.26.xsd\", another document, which is never"
                + " fetched); the response element {" + data + "}replyMessage is not declared in the schema (its"
                + " namespace is imported from schemaLocation=\"CyberSourceTransaction_1.26.xsd\", another document,"
                + " which is never fetched)", run.reason());
    }

    @Test
    void aWcfSingleWsdlWhoseSerializationSchemaDeclaresGlobalAttributesStreamsItsOperations() throws Exception {
        // every WCF service using the DataContract serializer publishes this schema, with FactoryType, Id and Ref
        String tempuri = "http://tempuri.org/";
        Schema schema = PER_COMPONENT.parse(resource("wcf-WAMMessage.wsdl"));

        OperationStructures getMessages = OperationStructures.of("GetMessages", schema,
                new QualifiedName(tempuri, "GetMessages"), new QualifiedName(tempuri, "GetMessagesResponse"));
        assertTrue(getMessages.isStreamable(), getMessages::reason);
        OperationStructures setRead = OperationStructures.of("SetRead", schema,
                new QualifiedName(tempuri, "SetRead"), new QualifiedName(tempuri, "SetReadResponse"));
        assertTrue(setRead.isStreamable(), setRead::reason);
    }

    @Test
    void aSchemaOfAnOlderXmlSchemaDraftIsRefusedNamingItsNamespaceNotItsPrefix() {
        SchemaException e = assertThrows(SchemaException.class, () -> PER_COMPONENT.parse(resource("stockquote.wsdl")));

        assertEquals("13:8", e.line() + ":" + e.column(), e::getMessage);
        assertEquals("<xsd:schema> in namespace http://www.w3.org/2000/10/XMLSchema inside wsdl:types is not supported;"
                + " only XML Schema 1.0's (http://www.w3.org/2001/XMLSchema) is", e.reason());
    }

    @Test
    void aRefusalInAnImportedDocumentNamesThatDocumentWithItsLineAndColumn() throws Exception {
        // GS1's EPCIS query WSDL declares no type: poll's request, refused for xs:anyType, is in the schema it imports
        String query = "urn:epcglobal:epcis-query:xsd:1";
        String xsd = "http://example.com/epcis/EPCglobal-epcis-query-1_2.xsd";
        Map<String, byte[]> documents = new LinkedHashMap<>();
        documents.put("http://example.com/epcis/EPCglobal-epcis-query-1_2.wsdl",
                resource("epcis/EPCglobal-epcis-query-1_2.wsdl").getBytes(StandardCharsets.UTF_8));
        documents.put(xsd, resource("epcis/EPCglobal-epcis-query-1_2.xsd").getBytes(StandardCharsets.UTF_8));

        Schema schema = PER_COMPONENT.parse(documents);

        SchemaRefusal poll = schema.refusal(new QualifiedName(query, "Poll"));
        assertEquals(xsd, poll.document());
        assertEquals("45:7", poll.position());
        assertEquals(xsd + ":45:7: type {" + query + "}QueryParam: element 'value' has the built-in type xs:anyType,"
                + " which is not supported", poll.toString());
        OperationStructures operation = OperationStructures.of("poll", schema, new QualifiedName(query, "Poll"),
                new QualifiedName(query, "GetStandardVersionResult"));
        assertTrue(operation.reason().startsWith("the request element {" + query + "}Poll: " + xsd + ":45:7: "),
                operation::reason);
    }
}
