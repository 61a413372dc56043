package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.kxml2.io.KXmlParser;
import org.kxml2.io.KXmlSerializer;
import org.xmlpull.v1.XmlPullParser;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;
import org.hhfr.streamer.testing.Samples;

/** The XML is what a document/literal SOAP peer writes, and reading accepts what such peers send. */
class XmlFormTest {
    private static final String SOAP = "http://schemas.xmlsoap.org/soap/envelope/";
    private final XmlRepresentation xml = new XmlRepresentation();

    @Test
    void floatSumIsWrittenAsAnAxis2PeerWritesIt() {
        assertEquals("<ns:sum xmlns:ns=\"http://floatsum.hhfr.org\"><values>1.5</values><values>-2.0</values>"
                + "<values>INF</values><values>-INF</values><values>NaN</values><values>1.0E-10</values></ns:sum>",
                xml.encodeToString(Samples.floatSum(1.5f, -2f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
                        Float.NaN, 1e-10f)));
        assertEquals("<ns:sumResponse xmlns:ns=\"http://floatsum.hhfr.org\"><return>0.1</return></ns:sumResponse>",
                xml.encodeToString(Message.of(Samples.floatSumResponse()).set("return", 0.1f).build()));
    }

    @Test
    void nilAttributesEscapesAndBase64AreWrittenInXsdForm() {
        String text = xml.encodeToString(Samples.purchaseOrder(7));
        assertTrue(text.startsWith("<ns:order id=\"7\" xmlns:ns=\"urn:hhfr:test:orders\"><ns:status>shipped"
                + "</ns:status><placed>2024-02-29T12:00:00.5+05:30</placed>"), text);
        assertTrue(text.contains("<line sku='A-1 &lt;&amp;&gt; \"caf\u00e9\"' ns:gift=\"true\">"), text);
        assertTrue(text.contains("<note xsi:nil=\"true\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" />"),
                text);
        assertTrue(text.contains("<street>Rua An\u00edbal Cunha, n\u00ba 84&#13;\n4050-048 Porto \ud83c\udfac</street>"),
                text);
        assertTrue(text.contains("<unitPrice>19.90</unitPrice><weights>0.25</weights><weights>-0.0</weights>"
                + "<weights>NaN</weights><weights>1.0E300</weights>"), text);
        assertTrue(text.contains("<signature>AQID/w==</signature>"), text);
    }

    @Test
    void bodyContentInsideAnEnvelopeWithADefaultNamespaceDoesNotLeakIt() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        KXmlSerializer out = new KXmlSerializer();
        out.setOutput(bytes, "UTF-8");
        out.setPrefix("", SOAP);
        out.startTag(SOAP, "Envelope");
        out.startTag(SOAP, "Body");
        xml.write(Samples.floatSum(1.5f), out);
        out.endTag(SOAP, "Body");
        out.endTag(SOAP, "Envelope");
        out.flush();
        String envelope = new String(bytes.toByteArray(), StandardCharsets.UTF_8);
        assertEquals("<Envelope xmlns=\"" + SOAP + "\"><Body><ns:sum xmlns:ns=\"http://floatsum.hhfr.org\">"
                + "<values xmlns=\"\">1.5</values></ns:sum></Body></Envelope>", envelope);

        KXmlParser in = new KXmlParser();
        in.setFeature(XmlPullParser.FEATURE_PROCESS_NAMESPACES, true);
        in.setInput(new StringReader(envelope));
        in.nextTag();
        in.nextTag();
        in.nextTag();
        assertEquals(Samples.floatSum(1.5f), xml.read(Samples.floatSumRequest(), in));
        assertEquals(XmlPullParser.END_TAG, in.getEventType());
        assertEquals("sum", in.getName());
        assertEquals(XmlPullParser.END_TAG, in.nextTag());
        assertEquals("Body", in.getName());
    }

    @Test
    void anyPrefixCommentsAndWhitespaceAreAccepted() throws Exception {
        String text = "<?xml version='1.0' encoding='UTF-8'?>\n<!-- a peer -->\n"
                + "<f:sum xmlns:f=\"http://floatsum.hhfr.org\">\n  <values> 1.5 </values><!-- x -->\n"
                + "  <values>\n\t+2E0</values><values>-INF</values>\n</f:sum>\n";
        assertEquals(Samples.floatSum(1.5f, 2f, Float.NEGATIVE_INFINITY), xml.decode(Samples.floatSumRequest(), text));
        String defaultNamespace = "<sum xmlns=\"http://floatsum.hhfr.org\"><values xmlns=\"\">3</values></sum>";
        assertEquals(Samples.floatSum(3f), xml.decode(Samples.floatSumRequest(), defaultNamespace));
    }

    @Test
    void booleansAcceptOneAndZeroAndStringsKeepTheirWhitespace() throws Exception {
        DataStructure flags = new DataStructure(ElementDecl.simple(new QualifiedName("", "b"),
                SimpleType.of(XsdType.BOOLEAN), 1, 1, false));
        assertEquals(Message.of(flags, true), xml.decode(flags, "<b> 1 </b>"));
        assertEquals(Message.of(flags, false), xml.decode(flags, "<b>0</b>"));
        assertEquals(Samples.concat(" a ", "", "\n"),
                xml.decode(Samples.concatRequest(), "<c:concat xmlns:c=\"http://concat.hhfr.org\">"
                        + "<values> a </values><values/><values>\n</values></c:concat>"));
    }

    @Test
    void decimalsAreWrittenWithoutExponent() throws Exception {
        DataStructure decimal = new DataStructure(ElementDecl.simple(new QualifiedName("", "d"),
                SimpleType.of(XsdType.DECIMAL), 1, 1, false));
        assertEquals("<d>1000</d>", xml.encodeToString(Message.of(decimal, new BigDecimal("1E+3"))));
        assertEquals("<d>0.000001</d>", xml.encodeToString(Message.of(decimal, new BigDecimal("1E-6"))));
        assertEquals(Message.of(decimal, new BigDecimal("-0.5")), xml.decode(decimal, "<d>-.5</d>"));
    }

    @Test
    void aNilElementKeepsItsAttributesFromXmlThroughBinaryBackToXml() throws Exception {
        String text = "<prices xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">"
                + "<price xsi:nil=\"true\" currency=\"EUR\"/><history xsi:nil=\"1\" currency=\"USD\"></history>"
                + "<history xsi:nil=\"true\"/></prices>";
        Message read = xml.decode(Samples.prices(), text);
        assertEquals(Samples.nilPrices("EUR", "USD"), read);
        assertTrue(read.record().isNil("price"));
        assertEquals("EUR", ((Record) read.record().get("price")).attribute("currency"));

        BinaryRepresentation binary = new BinaryRepresentation();
        Message viaBinary = binary.decode(Samples.prices(), binary.encode(read));
        assertEquals(read, viaBinary);
        String written = xml.encodeToString(viaBinary);
        assertTrue(written.contains("<price xsi:nil=\"true\" currency=\"EUR\""), written);
        assertTrue(written.contains("<history xsi:nil=\"true\" currency=\"USD\""), written);
        assertEquals(read, xml.decode(Samples.prices(), written));
    }

    @Test
    void aNilElementNeedsNoneOfItsRequiredAttributesButRefusesUndeclaredOnes() throws Exception {
        Message order = Samples.purchaseOrder(3);
        String nilLine = "<line xsi:nil=\"true\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" />";
        String text = xml.encodeToString(order);
        assertTrue(text.contains(nilLine), text);
        assertEquals(order, xml.decode(order.structure(), text));
        MalformedMessageException e = assertThrows(MalformedMessageException.class, () -> xml.decode(
                order.structure(), text.replace(nilLine, nilLine.replace("xsi:nil", "colour=\"red\" xsi:nil"))));
        assertTrue(e.getMessage().startsWith("undeclared attribute colour"), e.getMessage());
    }

    @Test
    void xsiNilIsReadWithAnyPrefix() throws Exception {
        DataStructure structure = Samples.purchaseOrder();
        Message order = Samples.purchaseOrder(3);
        String text = xml.encodeToString(order).replace("xsi", "i");
        assertEquals(order, xml.decode(structure, text));
    }
}
