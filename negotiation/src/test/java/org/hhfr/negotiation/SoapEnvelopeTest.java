package org.hhfr.negotiation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.soap.BodyReader;
import org.hhfr.negotiation.soap.BodyWriter;
import org.hhfr.negotiation.soap.FaultCode;
import org.hhfr.negotiation.soap.MalformedEnvelopeException;
import org.hhfr.negotiation.soap.SoapEnvelopeReader;
import org.hhfr.negotiation.soap.SoapEnvelopeWriter;
import org.hhfr.negotiation.soap.SoapFault;
import org.hhfr.negotiation.soap.SoapFaultException;
import org.hhfr.negotiation.soap.SoapLimits;
import org.hhfr.negotiation.soap.SoapMessage;
import org.hhfr.schemas.QualifiedName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SoapEnvelopeTest {
    private static final SoapEnvelopeReader READER = new SoapEnvelopeReader(SoapLimits.defaults());
    private static final BodyReader<List<String>> BODY = BodyReader.elements(1 << 16, 32);
    private static final QualifiedName TOKEN = new QualifiedName("urn:example:security", "Token");
    private static final HeaderBlock TOKEN_HEADER = HeaderBlock.of(TOKEN,
            "<s:Token xmlns:s=\"urn:example:security\" kind=\"a&amp;b\"><s:v>x &lt; y</s:v></s:Token>");

    private static SoapMessage<List<String>> read(String envelope) throws Exception {
        return READER.read(new ByteArrayInputStream(envelope.getBytes(StandardCharsets.UTF_8)), BODY);
    }

    private static String envelope(SoapVersion version, String header, String body) {
        return "<e:Envelope xmlns:e=\"" + version.envelopeNamespace() + "\">" + header + "<e:Body>" + body
                + "</e:Body></e:Envelope>";
    }

    @ParameterizedTest
    @EnumSource(SoapVersion.class)
    void headersAndBodySurviveWritingAndReading(SoapVersion version) throws Exception {
        byte[] bytes = SoapEnvelopeWriter.toBytes(version, Collections.singletonList(TOKEN_HEADER),
                BodyWriter.elements(FloatSum.requestBody(1f, 2f)));
        SoapMessage<List<String>> message = READER.read(new ByteArrayInputStream(bytes), BODY);
        assertEquals(version, message.version());
        assertEquals(XmlCanonicalForm.of(TOKEN_HEADER.xml().getBytes(StandardCharsets.UTF_8)),
                XmlCanonicalForm.of(message.header(TOKEN).xml().getBytes(StandardCharsets.UTF_8)),
                "header preserved (it may gain declarations of the namespaces in scope)");
        assertEquals(1, message.body().size());
        assertEquals(XmlCanonicalForm.of(FloatSum.requestBody(1f, 2f).get(0).getBytes(StandardCharsets.UTF_8)),
                XmlCanonicalForm.of(message.body().get(0).getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void aCapturedHeaderDeclaresTheNamespacesInScopeWhereItWasRead() throws Exception {
        SoapMessage<List<String>> message = read("<e:Envelope xmlns:e=\"" + SoapVersion.SOAP_11.envelopeNamespace()
                + "\" xmlns:t=\"urn:types\"><e:Header><h:Id xmlns:h=\"urn:h\" type=\"t:guid\">7</h:Id></e:Header>"
                + "<e:Body/></e:Envelope>");
        String xml = message.headers().get(0).xml();
        assertTrue(xml.contains("xmlns:t=\"urn:types\""), xml);
        assertTrue(message.body().isEmpty());
    }

    @ParameterizedTest
    @EnumSource(SoapVersion.class)
    void faultsAreWrittenAndReadAsTypedExceptionsWithTheirReason(SoapVersion version) throws Exception {
        byte[] bytes = SoapEnvelopeWriter.faultBytes(version, SoapFault.of(FaultCode.SENDER, version,
                "the offer names no operation"));
        String text = new String(bytes, StandardCharsets.UTF_8);
        assertTrue(version == SoapVersion.SOAP_11 ? text.contains("<faultstring>") : text.contains(":Reason>"), text);
        SoapFaultException e = assertThrows(SoapFaultException.class,
                () -> READER.read(new ByteArrayInputStream(bytes), BODY));
        assertEquals(FaultCode.SENDER, e.standardCode());
        assertEquals("the offer names no operation", e.reason());
    }

    @Test
    void aSoap11RefinedFaultCodeCountsAsItsBaseCode() throws Exception {
        SoapFaultException e = assertThrows(SoapFaultException.class, () -> read(envelope(SoapVersion.SOAP_11, "",
                "<e:Fault><faultcode>e:Server.Database</faultcode><faultstring>down</faultstring></e:Fault>")));
        assertEquals(FaultCode.RECEIVER, e.standardCode());
    }

    @Test
    void mustUnderstandHeadersAreReported() throws Exception {
        SoapMessage<List<String>> message = read(envelope(SoapVersion.SOAP_12, "<e:Header>"
                + "<a:One xmlns:a=\"urn:a\" e:mustUnderstand=\"true\"/><a:Two xmlns:a=\"urn:a\" e:mustUnderstand=\"0\"/>"
                + "</e:Header>", ""));
        assertEquals(new QualifiedName("urn:a", "One"),
                message.firstNotUnderstood(Collections.<QualifiedName>emptyList()));
        assertNull(message.firstNotUnderstood(Arrays.asList(new QualifiedName("urn:a", "One"))));
    }

    @Test
    void aDocumentTypeDeclarationIsRefused() {
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> read(
                "<!DOCTYPE e:Envelope [<!ENTITY x \"xxxxxxxx\">]>" + envelope(SoapVersion.SOAP_11, "", "")));
        assertTrue(e.getMessage().contains("document type declaration"), e.getMessage());
    }

    @Test
    void anUnknownDeclaredEncodingIsRefusedWithoutThePlatformsLookup() {
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> read(
                "<?xml version=\"1.0\" encoding=\"X-NO-SUCH-CHARSET\"?>" + envelope(SoapVersion.SOAP_11, "", "")));
        // the platform's own lookup would have said UnsupportedEncodingException
        assertTrue(e.getMessage().contains("names an encoding this platform does not support: X-NO-SUCH-CHARSET"),
                e.getMessage());
    }

    @Test
    void aHeaderBlockRebindingTheXmlPrefixIsRefused() {
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> read(
                envelope(SoapVersion.SOAP_11,
                        "<e:Header><h:A xmlns:h=\"urn:h\"><B xmlns:xml=\"urn:other\" xml:lang=\"x\"/></h:A></e:Header>",
                        "<a/>")));
        assertTrue(e.getMessage().contains("binds the reserved prefix xml to a namespace of its own"),
                e.getMessage());
    }

    @Test
    void aDeclaredEncodingThePlatformSupportsIsReadByAnyOfItsNames() throws Exception {
        for (String name : new String[] {"ISO-8859-1", "latin1"}) {
            byte[] bytes = ("<?xml version=\"1.0\" encoding=\"" + name + "\"?>"
                    + envelope(SoapVersion.SOAP_11, "", "<a>caf\u00e9</a>")).getBytes(StandardCharsets.ISO_8859_1);
            SoapMessage<List<String>> message = READER.read(new ByteArrayInputStream(bytes), BODY);
            // e acute, read as one character and written back as a reference
            assertTrue(message.body().get(0).contains("caf&#233;"), message.body().get(0));
        }
    }

    @Test
    void anUnknownEnvelopeNamespaceIsRefusedByName() {
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class,
                () -> read("<Envelope xmlns=\"urn:not-soap\"><Body/></Envelope>"));
        assertTrue(e.getMessage().contains("expected a SOAP 1.1 or 1.2 Envelope, found {urn:not-soap}Envelope"),
                e.getMessage());
    }

    @Test
    void envelopesOverTheByteLimitAreRefused() {
        SoapEnvelopeReader small = new SoapEnvelopeReader(SoapLimits.defaults()
                .toBuilder().maxEnvelopeBytes(64).build());
        MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> small.read(
                new ByteArrayInputStream(envelope(SoapVersion.SOAP_11, "", FloatSum.requestBody(1f, 2f, 3f).get(0))
                        .getBytes(StandardCharsets.UTF_8)), BODY));
        assertTrue(e.getMessage().contains("limit of 64 bytes"), e.getMessage());
    }

    @Test
    void tooManyOrTooLargeOrTooDeepHeadersAreRefused() {
        StringBuilder many = new StringBuilder("<e:Header>");
        for (int i = 0; i < 3; i++) {
            many.append("<a:H xmlns:a=\"urn:a\"/>");
        }
        SoapEnvelopeReader twoBlocks = new SoapEnvelopeReader(SoapLimits.defaults()
                .toBuilder().maxHeaderBlocks(2).build());
        assertThrows(MalformedEnvelopeException.class, () -> twoBlocks.read(new ByteArrayInputStream(
                envelope(SoapVersion.SOAP_11, many + "</e:Header>", "").getBytes(StandardCharsets.UTF_8)), BODY));

        SoapEnvelopeReader fewChars = new SoapEnvelopeReader(SoapLimits.defaults()
                .toBuilder().maxHeaderChars(20).build());
        MalformedEnvelopeException large = assertThrows(MalformedEnvelopeException.class, () -> fewChars.read(
                new ByteArrayInputStream(envelope(SoapVersion.SOAP_11, "<e:Header>" + TOKEN_HEADER.xml()
                        + "</e:Header>", "").getBytes(StandardCharsets.UTF_8)), BODY));
        assertTrue(large.getMessage().contains("header block {urn:example:security}Token refused"), large.getMessage());

        StringBuilder deep = new StringBuilder("<e:Header><a:H xmlns:a=\"urn:a\">");
        for (int i = 0; i < 70; i++) {
            deep.append("<d>");
        }
        for (int i = 0; i < 70; i++) {
            deep.append("</d>");
        }
        MalformedEnvelopeException nested = assertThrows(MalformedEnvelopeException.class, () -> read(
                envelope(SoapVersion.SOAP_11, deep + "</a:H></e:Header>", "")));
        assertTrue(nested.getMessage().contains("nesting deeper than 64"), nested.getMessage());
    }

    @Test
    void brokenXmlIsAMalformedMessageWithItsPosition() {
        for (String broken : Arrays.asList("", "hello", envelope(SoapVersion.SOAP_11, "", "<a>"),
                envelope(SoapVersion.SOAP_11, "", "").replace("</e:Body>", ""),
                "<e:Envelope xmlns:e=\"" + SoapVersion.SOAP_11.envelopeNamespace() + "\"><e:Header/></e:Envelope>")) {
            MalformedEnvelopeException e = assertThrows(MalformedEnvelopeException.class, () -> read(broken), broken);
            assertFalse(e.getMessage().isEmpty());
        }
    }
}
