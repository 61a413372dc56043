package org.hhfr.schemas;

import static org.hhfr.schemas.Schemas.schema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Input from the network: entity tricks, absurd sizes and broken documents all end in a SchemaException. */
class HostileSchemaTest {
    private static final String VALID = schema("<xs:element name=\"a\"><xs:complexType><xs:sequence>\n"
            + "  <xs:element name=\"b\" type=\"xs:string\" maxOccurs=\"unbounded\"/>\n"
            + "</xs:sequence><xs:attribute name=\"id\" type=\"xs:int\"/></xs:complexType></xs:element>");

    private static SchemaException refused(String document) {
        return refused(() -> new SchemaParser().parse(document));
    }

    private static SchemaException refused(Executable parse) {
        return assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertThrows(SchemaException.class, parse));
    }

    private static String repeat(String text, int times) {
        StringBuilder out = new StringBuilder(text.length() * times);
        for (int i = 0; i < times; i++) {
            out.append(text);
        }
        return out.toString();
    }

    @Test
    void billionLaughsIsRefusedAtItsDoctype() {
        StringBuilder doctype = new StringBuilder("<!DOCTYPE lolz [\n<!ENTITY lol0 \"lol\">\n");
        for (int i = 1; i < 10; i++) {
            doctype.append("<!ENTITY lol").append(i).append(" \"").append(repeat("&lol" + (i - 1) + ";", 10))
                    .append("\">\n");
        }
        doctype.append("]>\n");
        SchemaException e = refused(doctype + schema("<xs:element name=\"a\" type=\"xs:string\">&lol9;</xs:element>"));
        assertTrue(e.reason().contains("DOCTYPE"), e.reason());
        assertEquals(1, e.line());
        assertEquals(1, e.column());
    }

    @Test
    void externalEntityIsRefusedWithoutBeingFetched() {
        SchemaException e = refused("<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>"
                + schema("<xs:element name=\"a\" type=\"xs:string\">&xxe;</xs:element>"));
        assertTrue(e.reason().contains("DOCTYPE"), e.reason());
        assertEquals(2, e.line());
    }

    static Stream<Arguments> malformedMarkup() {
        return Stream.of(
                arguments("a DOCTYPE without entities",
                        "<!DOCTYPE xs:schema SYSTEM \"http://example.com/XMLSchema.dtd\">\n" + VALID, "DOCTYPE", 1),
                arguments("a DOCTYPE inside the document", schema("<!DOCTYPE x [<!ENTITY e \"y\">]>"), "DOCTYPE", 2),
                arguments("an undefined entity in text", schema("<xs:annotation><xs:documentation>&undefined;"
                        + "</xs:documentation></xs:annotation>"), "undefined entity reference &undefined;", 2),
                arguments("an undefined entity in an attribute",
                        schema("<xs:element name=\"a\" type=\"xs:string\" id=\"&undefined;\"/>"), "&undefined;", 2),
                arguments("a character reference to a forbidden character", schema("<xs:simpleType name=\"S\">"
                        + "<xs:restriction base=\"xs:string\"><xs:enumeration value=\"a&#0;b\"/></xs:restriction>"
                        + "</xs:simpleType>"), "U+0000", 2),
                arguments("a character reference beyond Unicode",
                        schema("<xs:element name=\"a&#xFFFFFFFFF;\" type=\"xs:string\"/>"), "", 2),
                arguments("a huge tag name", schema("<" + repeat("t", 5_000) + "/>"), "element name longer than", 2),
                arguments("duplicate XML attributes", schema("<xs:element name=\"a\" name=\"b\" type=\"xs:int\"/>"),
                        "duplicate attribute name", 2));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedMarkup")
    void malformedMarkupIsRefusedNamingWhatAndWhere(String what, String document, String reason, int line) {
        SchemaException e = refused(document);
        assertTrue(e.reason().contains(reason), e.reason());
        assertEquals(line, e.line(), e.reason());
    }

    @Test
    void hundredThousandNestedElementsAreRefusedAtTheDepthLimit() {
        String open = "<xs:annotation><xs:appinfo>";
        String document = "<xs:schema xmlns:xs=\"" + Schemas.XSD + "\">\n" + open + repeat("<a>", 100_000)
                + repeat("</a>", 100_000) + "</xs:appinfo></xs:annotation></xs:schema>";
        SchemaException e = refused(document);
        assertTrue(e.reason().contains("nesting deeper than 64"), e.reason());
        assertEquals(2, e.line());
        assertEquals(open.length() + 3 * 61 + 1, e.column(), "the 62nd <a> is the 65th level");
    }

    @Test
    void deepNestingInsideSkippedContentIsRefusedToo() {
        String wsdl = "<definitions xmlns=\"http://schemas.xmlsoap.org/wsdl/\"><documentation>"
                + repeat("<p>", 100_000) + repeat("</p>", 100_000) + "</documentation></definitions>";
        SchemaException e = refused(wsdl);
        assertTrue(e.reason().contains("nesting deeper than"), e.reason());
    }

    @Test
    void documentOverTheSizeLimitIsRefused() {
        String document = schema("<xs:annotation><xs:documentation>" + repeat("x", SchemaLimits.defaults()
                .maxDocumentChars()) + "</xs:documentation></xs:annotation>");
        SchemaException e = refused(document);
        assertTrue(e.reason().contains("longer than 1048576 characters"), e.reason());
    }

    @Test
    void endlessCharacterStreamIsRefusedAfterReadingJustOverTheLimit() {
        EndlessReader endless = new EndlessReader();
        SchemaException e = refused(() -> new SchemaParser().parse(endless));
        assertTrue(e.reason().contains("longer than"), e.reason());
        assertTrue(endless.read <= SchemaLimits.defaults().maxDocumentChars() + 1, "read " + endless.read);
    }

    @Test
    void endlessByteStreamIsRefusedAfterReadingJustOverTheLimit() {
        EndlessStream endless = new EndlessStream();
        SchemaParser parser = new SchemaParser(SchemaLimits.defaults().toBuilder().maxDocumentChars(10_000).build());
        SchemaException e = refused(() -> parser.parse(endless));
        assertTrue(e.reason().contains("longer than 10000 bytes"), e.reason());
        assertTrue(endless.read <= 10_001, "read " + endless.read);
    }

    @Test
    void failingReaderIsASchemaException() {
        Reader failing = new Reader() {
            @Override
            public int read(char[] buffer, int offset, int length) throws IOException {
                throw new IOException("connection reset");
            }

            @Override
            public void close() {
            }
        };
        SchemaException e = refused(() -> new SchemaParser().parse(failing));
        assertTrue(e.reason().contains("connection reset"), e.reason());
    }

    @Test
    void hugeNameIsRefused() {
        SchemaException e = refused(schema("<xs:element name=\"" + repeat("n", 5_000) + "\" type=\"xs:int\"/>"));
        assertTrue(e.reason().contains("longer than 1024 characters"), e.reason());
        assertEquals(2, e.line());
    }

    @Test
    void declarationsOverTheLimitAreRefused() {
        SchemaParser parser = new SchemaParser(SchemaLimits.defaults().toBuilder().maxDeclarations(3).build());
        SchemaException e = refused(() -> parser.parse(schema("<xs:element name=\"a\" type=\"xs:int\"/>\n"
                + "<xs:element name=\"b\" type=\"xs:int\"/>\n<xs:element name=\"c\" type=\"xs:int\"/>\n"
                + "<xs:element name=\"d\" type=\"xs:int\"/>")));
        assertTrue(e.reason().contains("more than 3 declarations"), e.reason());
        assertEquals(5, e.line());
    }

    @Test
    void enumerationOverTheLimitIsRefused() {
        SchemaParser parser = new SchemaParser(SchemaLimits.defaults().toBuilder().maxEnumerationValues(3).build());
        SchemaException e = refused(() -> parser.parse(schema("<xs:simpleType name=\"S\">"
                + "<xs:restriction base=\"xs:string\">\n<xs:enumeration value=\"a\"/>\n<xs:enumeration value=\"b\"/>\n"
                + "<xs:enumeration value=\"c\"/>\n<xs:enumeration value=\"d\"/>\n</xs:restriction></xs:simpleType>")));
        assertTrue(e.reason().contains("more than 3 enumeration values"), e.reason());
        assertEquals(6, e.line());
    }

    @Test
    void structureDeeperThanTheLimitThroughAnonymousTypesIsRefused() throws SchemaException {
        String open = "<xs:element name=\"e\"><xs:complexType><xs:sequence>";
        String close = "</xs:sequence></xs:complexType></xs:element>";
        String document = schema(repeat(open, 6) + "<xs:element name=\"leaf\" type=\"xs:int\"/>" + repeat(close, 6));
        SchemaParser parser = new SchemaParser(SchemaLimits.defaults().toBuilder().maxStructureDepth(6).build());
        SchemaException e = refused(() -> parser.parse(document));
        assertTrue(e.reason().contains("nested deeper than 6 levels"), e.reason());
        new SchemaParser(SchemaLimits.defaults()
                .toBuilder().maxStructureDepth(7).build()).parse(document).dataStructure("e");
    }

    @Test
    void longChainOfNamedTypesIsRefusedAtTheStructureDepthLimitWithoutOverflowingTheStack() {
        StringBuilder body = new StringBuilder("<xs:element name=\"root\" type=\"tns:T0\"/>\n");
        for (int i = 0; i < 3_000; i++) {
            body.append("<xs:complexType name=\"T").append(i).append("\"><xs:sequence><xs:element name=\"e\" type=\"")
                    .append(i == 2_999 ? "xs:int" : "tns:T" + (i + 1)).append("\"/></xs:sequence></xs:complexType>\n");
        }
        SchemaException e = refused(Schemas.schema(body.toString()));
        assertTrue(e.reason().contains("nested deeper than 32 levels"), e.reason());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"complexContent", "simpleContent"})
    void longChainOfExtensionsIsRefusedWithoutOverflowingTheStack(String content) {
        StringBuilder body = new StringBuilder("<xs:complexType name=\"T0\"><xs:simpleContent><xs:extension")
                .append(" base=\"xs:int\"/></xs:simpleContent></xs:complexType>\n");
        for (int i = 1; i <= 3_000; i++) {
            String base = content.equals("complexContent") && i == 1 ? "U" : "T" + (i - 1);
            body.append("<xs:complexType name=\"T").append(i).append("\"><xs:").append(content)
                    .append("><xs:extension base=\"tns:").append(base).append("\"/></xs:").append(content)
                    .append("></xs:complexType>\n");
        }
        body.append("<xs:complexType name=\"U\"/>\n<xs:element name=\"root\" type=\"tns:T3000\"/>");
        SchemaException e = refused(Schemas.schema(body.toString()));
        assertTrue(e.reason().contains("more than 32 derivations"), e.reason());
    }

    @Test
    void deepStructureOfTheLongestDerivationChainsResolvesWithoutOverflowingTheStack() throws InterruptedException {
        StringBuilder body = new StringBuilder("<xs:element name=\"root\" type=\"tns:L0_32\"/>\n");
        for (int level = 0; level < 31; level++) {
            body.append("<xs:complexType name=\"L").append(level).append("_0\"><xs:sequence><xs:element name=\"e\"")
                    .append(" type=\"").append(level == 30 ? "xs:int" : "tns:L" + (level + 1) + "_32")
                    .append("\"/></xs:sequence></xs:complexType>\n");
            for (int k = 1; k <= 32; k++) {
                body.append("<xs:complexType name=\"L").append(level).append('_').append(k).append("\">")
                        .append("<xs:complexContent><xs:extension base=\"tns:L").append(level).append('_')
                        .append(k - 1).append("\"/></xs:complexContent></xs:complexType>\n");
            }
        }
        String document = Schemas.schema(body.toString());
        Throwable[] thrown = {null};
        // the JVM's default thread stack, which a server's worker threads have
        Thread parse = new Thread(null, () -> {
            try {
                Schemas.parse(document).dataStructure("root");
            } catch (Throwable e) {
                thrown[0] = e;
            }
        }, "parse", 1 << 20);
        parse.start();
        parse.join();
        assertEquals(null, thrown[0]);
    }

    @Test
    void longChainOfGroupsIsRefusedWithoutOverflowingTheStack() {
        StringBuilder body = new StringBuilder("<xs:group name=\"g0\"><xs:sequence><xs:element name=\"x\"")
                .append(" type=\"xs:int\"/></xs:sequence></xs:group>\n");
        for (int i = 1; i <= 4_900; i++) {
            body.append("<xs:group name=\"g").append(i).append("\"><xs:sequence><xs:group ref=\"tns:g").append(i - 1)
                    .append("\"/></xs:sequence></xs:group>\n");
        }
        body.append("<xs:element name=\"root\"><xs:complexType><xs:sequence><xs:group ref=\"tns:g4900\"/>")
                .append("</xs:sequence></xs:complexType></xs:element>");
        SchemaException e = refused(Schemas.schema(body.toString()));
        assertTrue(e.reason().contains("groups nested deeper than 32 levels"), e.reason());
    }

    @Test
    void namedTypesThatMultiplyAreRefusedBeforeTheyExpand() {
        StringBuilder body = new StringBuilder("<xs:element name=\"bomb\" type=\"tns:T0\"/>\n");
        for (int i = 0; i < 20; i++) {
            body.append("<xs:complexType name=\"T").append(i).append("\"><xs:sequence>");
            for (int j = 0; j < 10; j++) {
                body.append("<xs:element name=\"e").append(j).append("\" type=\"")
                        .append(i == 19 ? "xs:int" : "tns:T" + (i + 1)).append("\"/>");
            }
            body.append("</xs:sequence></xs:complexType>\n");
        }
        SchemaException e = refused(Schemas.schema(body.toString()));
        assertTrue(e.reason().contains("expands to more than 10000 declarations"), e.reason());
    }

    @Test
    void groupsOfGroupsThatMultiplyAreRefusedBeforeTheyExpandEvenWhenEmpty() {
        StringBuilder body = new StringBuilder("<xs:group name=\"g0\"><xs:sequence/></xs:group>\n");
        for (int i = 1; i <= 30; i++) {
            body.append("<xs:group name=\"g").append(i).append("\"><xs:sequence><xs:group ref=\"tns:g").append(i - 1)
                    .append("\"/><xs:group ref=\"tns:g").append(i - 1).append("\"/></xs:sequence></xs:group>\n");
        }
        body.append("<xs:element name=\"bomb\"><xs:complexType><xs:sequence><xs:group ref=\"tns:g30\"/>")
                .append("</xs:sequence></xs:complexType></xs:element>");
        SchemaException e = refused(Schemas.schema(body.toString()));
        assertTrue(e.reason().contains("expands to more than 10000 declarations"), e.reason());
    }

    @Test
    void attributeGroupsThatMultiplyOrNestDeepAreRefusedBeforeTheyExpand() {
        StringBuilder doubling = new StringBuilder("<xs:attributeGroup name=\"a0\"/>\n");
        StringBuilder chain = new StringBuilder("<xs:attributeGroup name=\"c0\"><xs:attribute name=\"x\""
                + " type=\"xs:int\"/></xs:attributeGroup>\n");
        for (int i = 1; i <= 30; i++) {
            doubling.append("<xs:attributeGroup name=\"a").append(i).append("\"><xs:attributeGroup ref=\"tns:a")
                    .append(i - 1).append("\"/><xs:attributeGroup ref=\"tns:a").append(i - 1)
                    .append("\"/></xs:attributeGroup>\n");
        }
        for (int i = 1; i <= 4_900; i++) {
            chain.append("<xs:attributeGroup name=\"c").append(i).append("\"><xs:attributeGroup ref=\"tns:c")
                    .append(i - 1).append("\"/></xs:attributeGroup>\n");
        }
        doubling.append("<xs:element name=\"bomb\"><xs:complexType><xs:attributeGroup ref=\"tns:a30\"/>")
                .append("</xs:complexType></xs:element>");
        chain.append("<xs:element name=\"deep\"><xs:complexType><xs:attributeGroup ref=\"tns:c4900\"/>")
                .append("</xs:complexType></xs:element>");
        SchemaException bomb = refused(Schemas.schema(doubling.toString()));
        assertTrue(bomb.reason().contains("expands to more than 10000 declarations"), bomb.reason());
        SchemaException deep = refused(Schemas.schema(chain.toString()));
        assertTrue(deep.reason().contains("attribute groups nested deeper than 32 levels"), deep.reason());
    }

    @Test
    void everyTruncationOfAValidDocumentIsRefused() throws SchemaException {
        new SchemaParser().parse(VALID);
        String significant = VALID.trim();
        for (int length = 0; length < significant.length(); length++) {
            String prefix = significant.substring(0, length);
            refused(prefix);
        }
    }

    @Test
    void contentAfterTheDocumentElementIsRefused() {
        SchemaException second = refused(VALID + "<xs:schema xmlns:xs=\"" + Schemas.XSD + "\"/>");
        assertTrue(second.reason().contains("a second document element"), second.reason());
        SchemaException text = refused(VALID + "  trailing");
        assertTrue(text.reason().contains("text after the document element"), text.reason());
        assertEquals(text.line(), VALID.split("\n").length + 1);
    }

    @Test
    void emptyBlankAndNonXmlInputsAreRefused() {
        refused("");
        refused("   \n\t ");
        refused("this is not XML");
        refused(() -> new SchemaParser().parse(new ByteArrayInputStream(new byte[] {(byte) 0xFF, 0, 0x3C, 0x00, 1})));
    }

    @Test
    void unknownDeclaredEncodingIsRefusedWithoutThePlatformsLookup() {
        for (String declaration : new String[] {"<?xml version=\"1.0\" encoding=\"X-NO-SUCH-CHARSET\"?>",
                "<?xml version='1.0' encoding='U<  '?>", "<?xml version=\"1.0\"" + repeat(" ", 4000)
                        + "encoding=\"X-NO-SUCH-CHARSET\"?>"}) {
            byte[] document = (declaration + VALID).getBytes(StandardCharsets.US_ASCII);
            SchemaException e = refused(() -> new SchemaParser().parse(new ByteArrayInputStream(document)));
            // the platform's own lookup would have said UnsupportedEncodingException or IllegalCharsetNameException
            assertTrue(e.reason().contains("names an encoding this platform does not support"), e.reason());
        }
    }

    @Test
    void illegalAttributeNameIsRefusedInTheParsersWordsWithoutItsObject() {
        SchemaException e = refused(schema("<xs:element name=\"a\" :type=\"xs:int\"/>"));
        assertTrue(e.reason().startsWith("malformed XML: illegal attribute name: :type"), e.reason());
        assertTrue(!e.reason().contains("org.kxml2"), e.reason());
    }

    @Test
    void undeclaredPrefixOnAnElementIsRefused() {
        SchemaException e = refused(schema("<zz:element name=\"a\"/>"));
        assertTrue(e.reason().startsWith("malformed XML"), e.reason());
    }

    /** Whitespace forever, counting what was read. */
    private static final class EndlessReader extends Reader {
        long read;

        @Override
        public int read(char[] buffer, int offset, int length) {
            for (int i = 0; i < length; i++) {
                buffer[offset + i] = ' ';
            }
            read += length;
            return length;
        }

        @Override
        public void close() {
        }
    }

    /** Whitespace forever, counting what was read. */
    private static final class EndlessStream extends InputStream {
        long read;

        @Override
        public int read() {
            read++;
            return ' ';
        }
    }
}
