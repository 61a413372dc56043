package org.hhfr.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import picocli.CommandLine;

/** {@code hhfr schema}, run through {@link Main}'s command line in-process. */
class SchemaCommandTest {
    private static final Path EXAMPLES = Paths.get("..", "examples");

    /** What one run printed and returned. */
    private static final class Run {
        final int exitCode;
        final String out;
        final String err;

        Run(int exitCode, String out, String err) {
            this.exitCode = exitCode;
            this.out = out;
            this.err = err;
        }
    }

    private static Run hhfr(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine commandLine = new CommandLine(new Main());
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int exitCode = commandLine.execute(args);
        return new Run(exitCode, out.toString(), err.toString());
    }

    private static String example(String name) {
        return EXAMPLES.resolve(name).toString();
    }

    @Test
    void floatSumExampleShowsBothMessagesAsTrees() {
        Run run = hhfr("schema", example("float-sum.xsd"));
        assertEquals(0, run.exitCode, run.err);
        assertEquals("", run.err);
        String expected = example("float-sum.xsd") + ": 2 message structures\n"
                + "  ns1 = http://floatsum.hhfr.org\n"
                + "\n"
                + "ns1:sum     (complex)  1\n"
                + "`-- values  float      1..*  array\n";
        assertTrue(run.out.startsWith(expected), run.out);
        assertTrue(run.out.contains("ns1:sumResponse  (complex)  1\n`-- return       float      1\n"), run.out);
        assertEquals(2, run.out.split("fingerprint [0-9a-f]{64}\n", -1).length - 1, run.out);
    }

    @Test
    void wsdlShowsEachOperationsVerdictThenTheStructuresOfWhatDerives() {
        Run run = hhfr("schema", example("reservations.wsdl"));
        assertEquals(0, run.exitCode, run.err);
        assertEquals("", run.err);
        String expected = example("reservations.wsdl") + ": 4 operations\n"
                + "operation  request    response           streamable  reason\n"
                + "confirm    confirm    confirmResponse    yes\n"
                + "book       book       bookResponse       yes\n"
                + "bookGroup  bookGroup  bookGroupResponse  yes\n"
                + "lookup     lookup     lookupResponse     no          the response element"
                + " {http://reservations.hhfr.org}lookupResponse: 79:25: element 'return' has the type"
                + " {http://reservations.hhfr.org/xsd}Booking, which {http://reservations.hhfr.org/xsd}GroupBooking"
                + " extends, so it may carry a {http://reservations.hhfr.org/xsd}GroupBooking named by xsi:type"
                + " (not supported)\n"
                + "\n"
                + example("reservations.wsdl") + ": 8 message structures\n";
        assertTrue(run.out.startsWith(expected), run.out);
        assertTrue(run.out.contains("ns1:bookResponse  (complex)"), run.out);
        assertTrue(run.out.contains("    |-- when   string        0..1  optional, nillable\n"
                + "    `-- size   int           0..1  optional\n"), run.out);
    }

    @Test
    void jsonGivesEachOperationsVerdict() throws IOException {
        Run run = hhfr("schema", "--json", example("reservations.wsdl"));
        assertEquals(0, run.exitCode, run.err);
        JsonNode operations = new ObjectMapper().readTree(run.out).get("operations");
        assertEquals(4, operations.size());
        JsonNode confirm = operations.get(0);
        assertEquals("confirm", confirm.get("operation").asText());
        assertEquals("confirmResponse", confirm.get("response").get("name").asText());
        assertTrue(confirm.get("streamable").asBoolean());
        assertTrue(confirm.get("reason").isNull());
        assertTrue(operations.get(1).get("streamable").asBoolean());
        JsonNode lookup = operations.get(3);
        assertEquals("lookupResponse", lookup.get("response").get("name").asText());
        assertEquals("http://reservations.hhfr.org", lookup.get("response").get("namespace").asText());
        assertFalse(lookup.get("streamable").asBoolean());
        assertTrue(lookup.get("reason").asText().contains("79:25: element 'return' has the type"
                + " {http://reservations.hhfr.org/xsd}Booking, which"), lookup.get("reason").asText());
    }

    @Test
    void elementOptionOnARefusedElementIsAnErrorSayingWhy(@TempDir Path dir) throws IOException {
        Path file = write(dir, "odd.wsdl", "<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\""
                + " xmlns:t=\"urn:t\" targetNamespace=\"urn:t\"><wsdl:types>\n<xs:schema"
                + " xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" targetNamespace=\"urn:t\">\n"
                + "  <xs:element name=\"ok\" type=\"xs:int\"/>\n"
                + "  <xs:element name=\"odd\"><xs:complexType><xs:all/></xs:complexType></xs:element>\n"
                + "</xs:schema></wsdl:types><wsdl:message name=\"in\"><wsdl:part name=\"p\" element=\"t:ok\"/>"
                + "</wsdl:message><wsdl:portType name=\"P\"><wsdl:operation name=\"tell\"><wsdl:input"
                + " message=\"t:in\"/></wsdl:operation></wsdl:portType></wsdl:definitions>\n");
        Run run = hhfr("schema", file.toString(), "--element", "odd");
        assertEquals(2, run.exitCode);
        assertTrue(run.err.contains("has no structure: 4:42: xs:all is not supported"), run.err);
    }

    static Stream<String> examples() throws IOException {
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            return files.map(path -> path.getFileName().toString()).sorted()
                    .filter(name -> name.endsWith(".xsd") || name.endsWith(".wsdl")).toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleIsUsableInBothForms(String name) throws IOException {
        Run table = hhfr("schema", example(name));
        assertEquals(0, table.exitCode, table.err);
        Run json = hhfr("schema", "--json", example(name));
        assertEquals(0, json.exitCode, json.err);
        JsonNode tree = new ObjectMapper().readTree(json.out);
        assertTrue(tree.get("structures").size() > 0);
    }

    @Test
    void elementOptionSelectsOneStructureByLocalOrClarkName() {
        Run byLocal = hhfr("schema", example("poi.wsdl"), "--element", "findPointsOfInterestResponse");
        assertEquals(0, byLocal.exitCode, byLocal.err);
        assertTrue(byLocal.out.contains(": 1 message structure\n"), byLocal.out);
        assertTrue(byLocal.out.contains("`-- return                        PointOfInterest  0..*  array, nillable"),
                byLocal.out);
        assertTrue(byLocal.out.contains("    `-- ns2:url                   string           0..1  optional, nillable"),
                byLocal.out);
        Run byClark = hhfr("schema", example("poi.wsdl"), "--element", "{http://poi.hhfr.org}findPointsOfInterestResponse");
        assertEquals(byLocal.out, byClark.out);
    }

    @Test
    void unknownElementIsAnErrorNamingWhatExists() {
        Run run = hhfr("schema", example("float-sum.xsd"), "--element", "product");
        assertEquals(2, run.exitCode);
        assertEquals("", run.out);
        assertTrue(run.err.startsWith("error: " + example("float-sum.xsd") + ": no global element named 'product'"),
                run.err);
        assertTrue(run.err.contains("{http://floatsum.hhfr.org}sumResponse"), run.err);
    }

    @Test
    void jsonDescribesNamesOccurrenceNillabilityAttributesAndEnumerations() throws IOException {
        Run run = hhfr("schema", example("order.xsd"), "--json", "--element", "placeOrder");
        assertEquals(0, run.exitCode, run.err);
        JsonNode root = new ObjectMapper().readTree(run.out).get("structures").get(0).get("root");
        assertEquals("placeOrder", root.get("name").asText());
        assertEquals("urn:hhfr:example:orders", root.get("namespace").asText());
        JsonNode type = root.get("type");
        assertEquals("complex", type.get("kind").asText());
        JsonNode priority = type.get("attributes").get(1);
        assertEquals("priority", priority.get("name").asText());
        assertEquals(false, priority.get("required").asBoolean());
        assertEquals("express", priority.get("type").get("enumeration").get(1).asText());
        JsonNode line = type.get("elements").get(4);
        assertEquals("line", line.get("name").asText());
        assertEquals(1, line.get("minOccurs").asInt());
        assertEquals("unbounded", line.get("maxOccurs").asText());
        assertEquals("array", line.get("occurrence").asText());
        JsonNode signature = type.get("elements").get(6);
        assertEquals("optional", signature.get("occurrence").asText());
        assertTrue(signature.get("nillable").asBoolean());
        assertEquals("base64Binary", signature.get("type").get("base").asText());
        JsonNode currency = line.get("type").get("elements").get(2).get("type").get("attributes").get(0);
        assertEquals("Currency", currency.get("type").get("typeName").get("name").asText());
    }

    @Test
    void jsonEscapesEverythingThatNeedsIt(@TempDir Path dir) throws IOException {
        String values = "<xs:enumeration value=\"quote &quot; backslash \\ tab &#9; newline &#10; caf\u00e9 \u4e2d\"/>"
                + "<xs:enumeration value=\"&#1;\"/>";
        Path file = write(dir, "escapes.xsd", "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">"
                + "<xs:element name=\"e\"><xs:simpleType><xs:restriction base=\"xs:string\">" + values
                + "</xs:restriction></xs:simpleType></xs:element></xs:schema>");
        Run run = hhfr("schema", "--json", file.toString());
        assertEquals(2, run.exitCode, "U+0001 is not allowed in XML: " + run.out);
        Path allowed = write(dir, "allowed.xsd", Files.readString(file).replace("<xs:enumeration value=\"&#1;\"/>", ""));
        run = hhfr("schema", "--json", allowed.toString());
        assertEquals(0, run.exitCode, run.err);
        for (char c : run.out.toCharArray()) {
            assertTrue(c == '\n' || (c >= 0x20 && c < 0x7F), "not printable ASCII: U+" + Integer.toHexString(c));
        }
        JsonNode value = new ObjectMapper().readTree(run.out).get("structures").get(0).get("root").get("type")
                .get("enumeration").get(0);
        assertEquals("quote \" backslash \\ tab \t newline \n caf\u00e9 \u4e2d", value.asText());
        Run table = hhfr("schema", allowed.toString());
        assertTrue(table.out.contains("one of \"quote \\\" backslash \\\\ tab \\t newline \\n caf\u00e9 \u4e2d\""),
                table.out);
    }

    @Test
    void aFileIsReadInTheEncodingItsByteOrderMarkOrDeclarationNames(@TempDir Path dir) throws IOException {
        String schema = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"><xs:element name=\"e\">"
                + "<xs:simpleType><xs:restriction base=\"xs:string\"><xs:enumeration value=\"M\u00fcnchen\"/>"
                + "</xs:restriction></xs:simpleType></xs:element></xs:schema>";
        Path latin1 = dir.resolve("latin1.xsd");
        Files.write(latin1, ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>" + schema)
                .getBytes(StandardCharsets.ISO_8859_1));
        Path marked = dir.resolve("marked.xsd");
        Files.write(marked, ("\ufeff" + schema).getBytes(StandardCharsets.UTF_8));

        for (Path file : new Path[] {latin1, marked}) {
            Run run = hhfr("schema", file.toString());
            assertEquals(0, run.exitCode, run.err);
            assertTrue(run.out.contains("one of \"M\u00fcnchen\""), run.out);
        }
    }

    @Test
    void aLocalWsdlIsReadWithTheDocumentsBesideItThatItImports(@TempDir Path dir) throws IOException {
        // GS1's EPCIS query WSDL declares no type of its own: its messages' elements are in the query schema it
        // imports; the two other schemas it imports are not there, and only what used their names would be refused
        Path wsdl = Paths.get("src", "test", "resources", "published", "epcis", "EPCglobal-epcis-query-1_2.wsdl");

        Run run = hhfr("schema", wsdl.toString());

        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.out.contains("\ngetQueryNames       GetQueryNames       GetQueryNamesResult       yes\n"),
                run.out);
        assertTrue(run.out.contains("\ngetStandardVersion  GetStandardVersion  GetStandardVersionResult  yes\n"),
                run.out);
        Path out = dir.resolve("epcis.hhfr");
        Run compiled = hhfr("schema", "--compile", wsdl.toString(), "-o", out.toString());
        assertEquals(0, compiled.exitCode, compiled.err);
        assertTrue(compiled.out.contains("2 operations"), compiled.out);
    }

    @Test
    void aLocalWsdlImportingByALocationWithAQueryLeavesThatImportOut() {
        // Juniper's: schemaLocation="SystemService?xsd=xsd0.xsd" names no file; its operations are refused, each
        // saying why, and the command neither crashes nor fails the whole document
        Path wsdl = Paths.get("src", "test", "resources", "published", "juniper-SystemService.wsdl");

        Run run = hhfr("schema", wsdl.toString());

        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.out.startsWith(wsdl + ": 4 operations\n"), run.out);
    }

    @Test
    void aLocalWsdlNamingAMissingIncludeRefusesOnlyWhatUsesItsNames(@TempDir Path dir) throws IOException {
        Path file = write(dir, "split.wsdl", "<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\""
                + " xmlns:soap=\"http://schemas.xmlsoap.org/wsdl/soap/\" xmlns:s=\"urn:s\" targetNamespace=\"urn:s\">\n"
                + "  <wsdl:types><xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" targetNamespace=\"urn:s\">\n"
                + "    <xs:include schemaLocation=\"missing-types.xsd\"/>\n"
                + "    <xs:element name=\"kept\" type=\"xs:int\"/>\n"
                + "    <xs:element name=\"lost\" type=\"s:Missing\"/>\n"
                + "  </xs:schema></wsdl:types>\n"
                + "  <wsdl:message name=\"in\"><wsdl:part name=\"p\" element=\"s:kept\"/></wsdl:message>\n"
                + "  <wsdl:message name=\"out\"><wsdl:part name=\"p\" element=\"s:lost\"/></wsdl:message>\n"
                + "  <wsdl:portType name=\"P\"><wsdl:operation name=\"keep\"><wsdl:input message=\"s:in\"/>"
                + "<wsdl:output message=\"s:in\"/></wsdl:operation><wsdl:operation name=\"lose\">"
                + "<wsdl:input message=\"s:in\"/><wsdl:output message=\"s:out\"/></wsdl:operation></wsdl:portType>\n"
                + "</wsdl:definitions>\n");

        Run run = hhfr("schema", file.toString());

        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.out.contains("\nkeep       kept     kept      yes"), run.out);
        assertTrue(run.out.contains("\nlose       kept     lost      no          the response element {urn:s}lost:"),
                run.out);
    }

    @Test
    void anErrorInALocalWsdlThatImportsIsPositionedInItOnce(@TempDir Path dir) throws IOException {
        write(dir, "types.xsd", "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\" targetNamespace=\"urn:t\"/>");
        Path file = write(dir, "broken.wsdl", "<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\">\n"
                + "  <wsdl:types><xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">\n"
                + "    <xs:import namespace=\"urn:t\" schemaLocation=\"types.xsd\"/>\n"
                + "  </xs:schema></wsdl:types>\n  <wsdl:types/>\n</wsdl:definitions>\n");

        Run run = hhfr("schema", file.toString());

        assertEquals(2, run.exitCode, run.out);
        assertEquals("error: " + file + ":5:3: a WSDL document has at most one wsdl:types" + System.lineSeparator(),
                run.err);
    }

    @Test
    void aLocalWsdlWithAnUndeclaredPrefixIsAnErrorNotACrash(@TempDir Path dir) throws IOException {
        // looking for what it imports meets the prefix first; kxml2 reports it unchecked
        Path file = write(dir, "mtom.wsdl", "<wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\">\n"
                + "  <wsdl:types><xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">\n"
                + "    <xs:element name=\"data\" type=\"xs:base64Binary\" xmime:expectedContentTypes=\"*/*\"/>\n"
                + "  </xs:schema></wsdl:types>\n</wsdl:definitions>\n");
        Run run = hhfr("schema", file.toString());
        assertEquals(2, run.exitCode, run.err);
        assertTrue(run.err.startsWith("error: " + file + ":3:"), run.err);
    }

    @Test
    void textWithAttributesIsShownAsTheElementsText(@TempDir Path dir) throws IOException {
        Path file = write(dir, "ids.xsd", "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">\n"
                + "  <xs:element name=\"ID\"><xs:complexType><xs:simpleContent><xs:extension base=\"xs:string\">"
                + "<xs:attribute name=\"type\" type=\"xs:string\" use=\"required\"/></xs:extension></xs:simpleContent>"
                + "</xs:complexType></xs:element>\n</xs:schema>\n");
        Run run = hhfr("schema", file.toString());
        assertEquals(0, run.exitCode, run.err);
        assertTrue(run.out.contains("|-- @type  string     1  attribute\n`-- value  string     1  the element's"
                + " text\n"), run.out);
        JsonNode type = new ObjectMapper().readTree(hhfr("schema", "--json", file.toString()).out)
                .get("structures").get(0).get("root").get("type");
        assertTrue(type.get("simpleContent").asBoolean(), type.toString());
    }

    @Test
    void unusableSchemaPrintsFileLineColumnAndReasonAndExitsTwo(@TempDir Path dir) throws IOException {
        Path file = write(dir, "all.xsd", "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">\n"
                + "  <xs:element name=\"a\">\n    <xs:complexType>\n      <xs:all/>\n"
                + "    </xs:complexType>\n  </xs:element>\n</xs:schema>\n");
        Run run = hhfr("schema", file.toString());
        assertEquals(2, run.exitCode);
        assertEquals("", run.out);
        assertEquals("error: " + file + ":4:7: xs:all is not supported: only xs:sequence and xs:choice, whose order"
                + " is the wire order" + System.lineSeparator(), run.err);
    }

    @Test
    void hostileSchemaIsAnErrorToo(@TempDir Path dir) throws IOException {
        Path file = write(dir, "xxe.xsd", "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>\n"
                + "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\"/>");
        Run run = hhfr("schema", file.toString());
        assertEquals(2, run.exitCode);
        assertTrue(run.err.startsWith("error: " + file + ":1:1: a DOCTYPE declaration is not allowed"), run.err);
    }

    @Test
    void missingFileExitsTwoWithAClearMessage(@TempDir Path dir) {
        Path missing = dir.resolve("nowhere.xsd");
        Run run = hhfr("schema", missing.toString());
        assertEquals(2, run.exitCode);
        assertEquals("error: " + missing + ": no such file" + System.lineSeparator(), run.err);
    }

    @Test
    void directoryExitsTwo(@TempDir Path dir) {
        Run run = hhfr("schema", dir.toString());
        assertEquals(2, run.exitCode);
        assertTrue(run.err.startsWith("error: " + dir + ":"), run.err);
    }

    @Test
    void missingArgumentIsAUsageErrorWithExitTwo() {
        Run run = hhfr("schema");
        assertEquals(2, run.exitCode);
        assertTrue(run.err.contains("Missing required parameter: 'FILE'"), run.err);
    }

    @Test
    void schemaWithoutGlobalElementsPrintsNoStructures(@TempDir Path dir) throws IOException {
        Path file = write(dir, "types-only.xsd", "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\">"
                + "<xs:complexType name=\"T\"/></xs:schema>");
        Run run = hhfr("schema", file.toString());
        assertEquals(0, run.exitCode, run.err);
        assertEquals(file + ": 0 message structures\n", run.out);
    }

    @Test
    void helpListsTheSchemaCommand() {
        Run run = hhfr("--help");
        assertEquals(0, run.exitCode);
        assertTrue(run.out.contains("schema"), run.out);
    }

    private static Path write(Path dir, String name, String content) throws IOException {
        return Files.write(dir.resolve(name), content.getBytes(StandardCharsets.UTF_8));
    }
}
