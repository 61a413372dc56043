package org.hhfr.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.hhfr.schemas.testing.ExampleSchemas;
import org.hhfr.schemas.testing.Refusals;
import org.hhfr.schemas.testing.XsdWriter;

/**
 * Any bytes as an XML Schema or WSDL 1.1 document: the {@link SchemaParser}, strict and per component, reads
 * a schema or refuses the document with a deliberate {@link SchemaException}; nothing else escapes. What the
 * strict parser accepts, the per-component one accepts alike, refusing nothing; and every structure read,
 * written as a schema by {@link XsdWriter}, parses back to an equal structure.
 */
class SchemaParserFuzzTest {
    /** Small enough that fuzzed documents reach every limit. */
    private static final SchemaLimits LIMITS = SchemaLimits.defaults().toBuilder().maxDocumentChars(16 << 10)
            .maxXmlDepth(16).maxStructureDepth(8).maxDeclarations(200).maxEnumerationValues(32).maxNameLength(64)
            .build();
    private static final SchemaParser STRICT = new SchemaParser(LIMITS);
    private static final SchemaParser PER_COMPONENT = STRICT.perComponent();

    private static final String[] CAPTURED = {
            "/axis2/FloatSumService.wsdl", "/axis2/ConcatService.wsdl", "/axis2/captured/FloatSum.wsdl",
            "/axis2/captured/StringConcat.wsdl", "/axis2/captured/PointsOfInterest.wsdl"};

    static Stream<byte[]> documents() throws IOException {
        List<byte[]> documents = new ArrayList<>();
        for (String resource : CAPTURED) {
            try (InputStream in = SchemaParserFuzzTest.class.getResourceAsStream(resource)) {
                documents.add(in.readAllBytes());
            }
        }
        for (Path example : ExampleSchemas.documents()) {
            documents.add(Files.readAllBytes(example));
        }
        return documents.stream();
    }

    @MethodSource("documents")
    @FuzzTest
    void documentReadsToStructuresThatSurviveAnXsdRoundTripOrIsRefused(byte[] document) throws SchemaException {
        Schema strict = parsedOrNull(STRICT, document);
        Schema perComponent = parsedOrNull(PER_COMPONENT, document);
        if (strict != null) {
            assertEquals(strict.elements(), perComponent.elements(), "strict and per component alike");
            assertTrue(perComponent.refusals().isEmpty(), () -> perComponent.refusals().toString());
        }
        if (perComponent == null) {
            return;
        }
        for (Map.Entry<QualifiedName, ElementDecl> element : perComponent.elements().entrySet()) {
            DataStructure structure = perComponent.dataStructure(element.getKey());
            String xsd = XsdWriter.write(structure);
            assertEquals(structure, new SchemaParser().parse(xsd).dataStructure(element.getKey()), xsd);
        }
    }

    /** The schema, or {@code null} when deliberately refused. */
    private static Schema parsedOrNull(SchemaParser parser, byte[] document) {
        try {
            return parser.parse(new ByteArrayInputStream(document));
        } catch (SchemaException refused) {
            Refusals.requireDeliberate(refused, document);
            return null;
        }
    }
}
