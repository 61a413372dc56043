package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import org.hhfr.schemas.DataStructure;
import org.hhfr.streamer.testing.Messages;
import org.hhfr.streamer.testing.Samples;

/** The XML reader refuses what does not match the structure, saying what, where and in which element. */
class XmlHostileInputTest {
    private static final String SUM = "<ns:sum xmlns:ns=\"http://floatsum.hhfr.org\">";
    private final XmlRepresentation xml = new XmlRepresentation();

    private String refused(DataStructure structure, String text) {
        return assertThrows(MalformedMessageException.class, () -> xml.decode(structure, text)).getMessage();
    }

    @Test
    void unknownElementIsNamedWithItsPosition() {
        String message = refused(Samples.floatSumRequest(), SUM + "<values>1</values>\n<value>2</value></ns:sum>");
        assertEquals("unexpected element value (the sequence is [values]) at line 2:8 in /sum/value", message);
    }

    @Test
    void missingRequiredElementAndAttributeAreRefused() {
        assertTrue(refused(Samples.floatSumResponse(), "<ns:sumResponse xmlns:ns=\"http://floatsum.hhfr.org\"/>")
                .startsWith("missing required element return"));
        String poi = "<p:pointsOfInterest xmlns:p=\"http://poi.hhfr.org/xsd\"><poi><name>x</name></poi>"
                + "</p:pointsOfInterest>";
        assertTrue(refused(Samples.pointsOfInterest(), poi).contains("missing required attribute id"));
    }

    @Test
    void elementsOutOfSequenceOrderAreRefused() {
        String message = refused(Samples.pointsOfInterest(), xml.encodeToString(Samples.pointsOfInterest(1))
                .replaceFirst("<name>([^<]*)</name>(<description>[^<]*</description>)", "$2<name>$1</name>"));
        assertTrue(message.startsWith("missing required element name before description"), message);
    }

    @Test
    void wrongNamespaceOfTheRootIsRefused() {
        assertTrue(refused(Samples.floatSumRequest(), "<sum><values>1</values></sum>")
                .startsWith("expected the element {http://floatsum.hhfr.org}sum, found sum"));
    }

    @Test
    void doctypeIsRefused() {
        String laughs = "<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;\">]>"
                + SUM + "<values>&lol2;</values></ns:sum>";
        assertTrue(refused(Samples.floatSumRequest(), laughs).startsWith("DOCTYPE is not allowed"));
    }

    @Test
    void badValuesAreRefusedNamingTheElement() {
        assertEquals("'1,5' is not a valid xs:float at line 1:82 in /sum/values[1]",
                refused(Samples.floatSumRequest(), SUM + "<values>1</values><values>1,5</values></ns:sum>"));
        assertTrue(refused(Samples.floatSumRequest(), SUM + "<values>Infinity</values></ns:sum>")
                .contains("not a valid xs:float"));
        assertTrue(refused(Samples.floatSumRequest(), SUM + "<values>0x1p3</values></ns:sum>")
                .contains("not a valid xs:float"));
        assertTrue(refused(Samples.floatSumRequest(), SUM + "<values xmlns:i=\"http://www.w3.org/2001/"
                + "XMLSchema-instance\" i:nil=\"true\"/></ns:sum>").contains("not nillable"));
    }

    @Test
    void aBadAttributeValueIsNamedByItsPath() {
        String poi = "<p:pointsOfInterest xmlns:p=\"http://poi.hhfr.org/xsd\"><poi id=\"x\"><name>x</name></poi>"
                + "</p:pointsOfInterest>";
        assertEquals("'x' is not a valid xs:int at line 1:66 in /pointsOfInterest/poi[0]/@id",
                refused(Samples.pointsOfInterest(), poi));
    }

    @Test
    void aDateTimeFinerThanTheNanosecondIsRefusedNamingItsElementAndOneWithZerosThereIsRead() throws Exception {
        String text = xml.encodeToString(Samples.purchaseOrder(1));
        String finer = text.replaceFirst("<shipped>([^<.]*)", "<shipped>$1.0000000001");
        assertTrue(finer.contains("<shipped>2024-03-01T08:15:00.0000000001"), text);
        String message = refused(Samples.purchaseOrder(), finer);
        assertTrue(message.startsWith("'2024-03-01T08:15:00.0000000001' is finer than the nanosecond: an"
                + " xs:dateTime is carried to the nanosecond"), message);
        assertTrue(message.endsWith(" in /order/shipped"), message);
        assertEquals(Samples.purchaseOrder(1), xml.decode(Samples.purchaseOrder(),
                text.replaceFirst("<shipped>([^<.]*)", "<shipped>$1.000000000000")));
    }

    @Test
    void textAndChildrenWhereTheyDoNotBelongAreRefused() {
        assertTrue(refused(Samples.floatSumRequest(), SUM + "stray<values>1</values></ns:sum>")
                .startsWith("text where only elements may appear"));
        assertTrue(refused(Samples.floatSumRequest(), SUM + "<values><b>1</b></values></ns:sum>")
                .startsWith("element b inside a simple value"));
        assertTrue(refused(Samples.floatSumRequest(), SUM + "<values x=\"1\">1</values></ns:sum>")
                .startsWith("undeclared attribute x"));
    }

    @Test
    void aNilElementOfASimpleTypeRefusesAnUndeclaredAttributeAsItsValueDoes() {
        String text = xml.encodeToString(Samples.purchaseOrder(1));
        String nil = text.replaceFirst("<shipped>[^<]*</shipped>", "<shipped xsi:nil=\"true\" zone=\"UTC\" "
                + "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"/>");
        assertTrue(nil.contains("zone=\"UTC\""), text);
        String message = refused(Samples.purchaseOrder(), nil);
        assertTrue(message.startsWith("undeclared attribute zone"), message);
    }

    @Test
    void wrongNestingTrailingContentAndDeepNestingAreRefused() {
        assertTrue(refused(Samples.floatSumRequest(), SUM + "<values>1</ns:sum></values>")
                .startsWith("not well-formed XML"));
        assertTrue(refused(Samples.floatSumRequest(), SUM + "</ns:sum><more/>")
                .startsWith("content after the root element"));
        StringBuilder deep = new StringBuilder(SUM);
        for (int i = 0; i < 100_000; i++) {
            deep.append("<values>");
        }
        assertTrue(refused(Samples.floatSumRequest(), deep.toString()).startsWith("element values inside a simple"));
    }

    @Test
    void charactersXmlCannotCarryAreRefused() {
        assertTrue(refused(Samples.concatRequest(), "<c:concat xmlns:c=\"http://concat.hhfr.org\"><values>&#0;"
                + "</values></c:concat>").contains("U+0"));
    }

    @Test
    void oversizedInputIsRefusedBeforeParsing() {
        XmlRepresentation small = new XmlRepresentation(StreamerLimits.defaults()
                .toBuilder().maxMessageBytes(10).build());
        MalformedMessageException e = assertThrows(MalformedMessageException.class,
                () -> small.decode(Samples.floatSumRequest(), xml.encode(Samples.floatSum(1f))));
        assertTrue(e.getMessage().contains("maxMessageBytes 10"));
    }

    @Test
    void everyTruncationIsRefused() {
        byte[] bytes = xml.encode(Samples.purchaseOrder(5));
        for (int length = 0; length < bytes.length; length++) {
            byte[] prefix = Arrays.copyOf(bytes, length);
            assertThrows(MalformedMessageException.class, () -> xml.decode(Samples.purchaseOrder(), prefix),
                    () -> new String(prefix, StandardCharsets.UTF_8));
        }
    }

    @Property(tries = 300)
    void corruptedBytesGiveAValidMessageOrTheCheckedException(@ForAll("anyMessage") Message message,
                                                              @ForAll @IntRange(min = 0, max = 1 << 20) int where,
                                                              @ForAll byte value) {
        byte[] bytes = xml.encode(message);
        bytes[where % bytes.length] = value;
        try {
            Message decoded = xml.decode(message.structure(), bytes);
            assertEquals(decoded, xml.decode(message.structure(), xml.encode(decoded)));
        } catch (MalformedMessageException expected) {
            assertTrue(expected.getMessage().contains(" at line "), expected.getMessage());
        }
    }

    @Provide
    Arbitrary<Message> anyMessage() {
        return Messages.messages();
    }
}
