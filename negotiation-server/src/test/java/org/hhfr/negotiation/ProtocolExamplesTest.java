package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;

import org.hhfr.contextstore.ContextStore;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.MonotonicClock;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.client.NegotiationOutcome;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.schemas.QualifiedName;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * Runs the exchanges docs/PROTOCOL.md shows and writes the exact envelopes to
 * {@code target/protocol-examples} (raw, and indented for reading), so the document quotes real messages.
 */
class ProtocolExamplesTest {
    private static final Path OUT = Paths.get("target", "protocol-examples");
    private static final QualifiedName WSA_TO = new QualifiedName("http://www.w3.org/2005/08/addressing", "To");
    private static final HeaderBlock TO = HeaderBlock.of(WSA_TO,
            "<wsa:To xmlns:wsa=\"http://www.w3.org/2005/08/addressing\">http://example.org/FloatSum</wsa:To>");

    @Test
    void optimisticSoap11ExchangeIsWrittenOut() throws Exception {
        ContextStore store = HhfrServer.store(10, 600_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Offer offer = Hhfr.offer().action(null).staticHeaders(Collections.singletonList(WSA_TO)).build();
            NegotiationOutcome outcome = HhfrServer.negotiator(server, SoapVersion.SOAP_11).callWithOffer(HhfrServer.key(server),
                    FloatSum.ACTION, offer, Collections.singletonList(TO),
                    BodyWriter.elements(FloatSum.requestBody(1.5f, 2.5f)), BodyReader.elements(4096, 8)).outcome();
            assertEquals(NegotiationOutcome.Kind.ACCEPTED, outcome.kind());
            write("optimistic-soap11", server);
        }
    }

    @Test
    void explicitSoap12ExchangeIsWrittenOut() throws Exception {
        ContextStore store = HhfrServer.store(10, 600_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Offer offer = Hhfr.offer().digests(SchemaDigests.of(FloatSum.request(),
                    FloatSum.response())).build();
            assertTrue(HhfrServer.negotiator(server, SoapVersion.SOAP_12).negotiate(HhfrServer.key(server), offer,
                    Collections.<HeaderBlock>emptyList()).streaming());
            write("explicit-soap12", server);
        }
    }

    @Test
    void declinedAndFaultedExchangesAreWrittenOut() throws Exception {
        ContextStore store = HhfrServer.store(10, 600_000, MonotonicClock.SYSTEM);
        try (TestSoapServer server = TestSoapServer.hhfr(HhfrServer.service(store))) {
            Offer offer = Hhfr.offer().transports(Arrays.asList("urn:example:transport:sctp")).build();
            assertEquals(NegotiationOutcome.Kind.DECLINED, HhfrServer.negotiator(server, SoapVersion.SOAP_11)
                    .negotiate(HhfrServer.key(server), offer, Collections.<HeaderBlock>emptyList()).kind());
            write("declined-soap11", server);
        }
        try (TestSoapServer plain = TestSoapServer.plain()) {
            assertEquals(NegotiationOutcome.Kind.NOT_SUPPORTED, HhfrServer.negotiator(plain, SoapVersion.SOAP_12)
                    .negotiate(HhfrServer.key(plain), Hhfr.offer().build(), Collections.<HeaderBlock>emptyList()).kind());
            write("explicit-against-plain-soap12", plain);
        }
    }

    private static void write(String name, TestSoapServer server) throws Exception {
        Files.createDirectories(OUT);
        List<TestSoapServer.Recorded> requests = server.requests;
        for (int i = 0; i < requests.size(); i++) {
            write(name + "-" + i + "-request", requests.get(i).body);
            write(name + "-" + i + "-response", server.responses.get(i));
        }
    }

    private static void write(String name, byte[] envelope) throws Exception {
        Files.write(OUT.resolve(name + ".xml"), envelope);
        Files.write(OUT.resolve(name + ".indented.xml"), indent(envelope).getBytes(StandardCharsets.UTF_8));
    }

    private static String indent(byte[] envelope) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(envelope));
        Transformer transformer = TransformerFactory.newInstance().newTransformer();
        transformer.setOutputProperty(OutputKeys.INDENT, "yes");
        transformer.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
        transformer.setOutputProperty("{http://xml.apache.org/xslt}indent-amount", "2");
        StringWriter out = new StringWriter();
        transformer.transform(new DOMSource(document), new StreamResult(out));
        return out.toString();
    }
}
