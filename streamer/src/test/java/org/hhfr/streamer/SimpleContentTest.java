package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;

/**
 * An element of a type with simple content ({@code <ID type="WID">42</ID>}, as Workday's references are) holds its
 * text as the type's one element: read from and written as text by the XML representation, and carried by the
 * binary one exactly as a type whose one element holds the same value.
 */
class SimpleContentTest {
    private static final String NS = "urn:t";
    private static final List<AttributeDecl> ID_ATTRIBUTES = List.of(
            AttributeDecl.of(new QualifiedName("", "type"), SimpleType.enumeration(null, List.of("WID", "Ref")), true));
    private static final ComplexType ID = ComplexType.withSimpleContent(new QualifiedName(NS, "Id"), ID_ATTRIBUTES,
            SimpleType.of(XsdType.LONG));
    private static final ComplexType NOTE = ComplexType.withSimpleContent(null,
            List.of(AttributeDecl.of(new QualifiedName("", "lang"), SimpleType.of(XsdType.STRING), false)),
            SimpleType.of(XsdType.STRING));
    private static final DataStructure REFERENCE = structure(ID);
    private final XmlRepresentation xml = new XmlRepresentation();
    private final BinaryRepresentation binary = new BinaryRepresentation();

    private static DataStructure structure(ComplexType id) {
        return new DataStructure(ElementDecl.complex(new QualifiedName(NS, "ref"), new ComplexType(null, List.of(),
                List.of(ElementDecl.complex(new QualifiedName("", "ID"), id, 0, ElementDecl.UNBOUNDED, false),
                        ElementDecl.complex(new QualifiedName("", "note"), NOTE, 1, 1, true))), 1, 1, false));
    }

    private static Record id(String type, long value) {
        return Record.builder(ID).attribute("type", type).set("value", value).build();
    }

    @Test
    void theTextIsReadAndWrittenAsTheElementsContent() throws Exception {
        String text = "<ns:ref xmlns:ns=\"urn:t\"><ID type=\"WID\">42</ID><ID type=\"Ref\">-7</ID>"
                + "<note lang=\"en\">a &lt; b</note></ns:ref>";
        Message message = xml.decode(REFERENCE, text);

        Record[] ids = (Record[]) message.record().get("ID");
        assertEquals(List.of(id("WID", 42), id("Ref", -7)), Arrays.asList(ids));
        assertEquals("a < b", message.record().record("note").string("value"));
        assertEquals(text, xml.encodeToString(message));
    }

    @Test
    void aNilElementOfSimpleContentKeepsItsAttributes() throws Exception {
        String text = "<ns:ref xmlns:ns=\"urn:t\"><note xsi:nil=\"true\" lang=\"en\""
                + " xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" /></ns:ref>";
        Message message = xml.decode(REFERENCE, text);

        Record note = (Record) message.record().get("note");
        assertTrue(note.isNil());
        assertEquals("en", note.attribute("lang"));
        assertEquals(message, binary.decode(REFERENCE, binary.encode(message), 0, binary.encode(message).length));
        assertEquals(text, xml.encodeToString(message));
    }

    @Test
    void theBinaryFormCarriesTheTextAsTheTypesOneElement() throws Exception {
        ComplexType asElement = new ComplexType(ID.name(), ID_ATTRIBUTES,
                List.of(ElementDecl.simple(ComplexType.SIMPLE_CONTENT, SimpleType.of(XsdType.LONG), 1, 1, false)));
        Message message = Message.of(REFERENCE).set("ID", new Record[] {id("WID", 42)})
                .set("note", Record.builder(NOTE).set("value", "hi").build()).build();
        Message same = Message.of(structure(asElement))
                .set("ID", new Record[] {Record.builder(asElement).attribute("type", "WID").set("value", 42L).build()})
                .set("note", Record.builder(NOTE).set("value", "hi").build()).build();

        byte[] bytes = binary.encode(message);
        assertArrayEquals(binary.encode(same), bytes);
        assertEquals(message, binary.decode(REFERENCE, bytes, 0, bytes.length));
    }

    @Test
    void anElementWhereTheTextBelongsIsRefused() {
        MalformedMessageException refused = assertThrows(MalformedMessageException.class, () -> xml.decode(REFERENCE,
                "<ns:ref xmlns:ns=\"urn:t\"><ID type=\"WID\"><value>42</value></ID><note/></ns:ref>"));
        assertTrue(refused.getMessage().contains("inside a simple value"), refused.getMessage());
    }

    @Test
    void aStructureOfSimpleContentIsNotOneOfElements() {
        ComplexType asElement = new ComplexType(ID.name(), ID_ATTRIBUTES,
                List.of(ElementDecl.simple(ComplexType.SIMPLE_CONTENT, SimpleType.of(XsdType.LONG), 1, 1, false)));
        assertTrue(!REFERENCE.fingerprint().equals(structure(asElement).fingerprint()));
    }
}
