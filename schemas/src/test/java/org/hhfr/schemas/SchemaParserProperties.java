package org.hhfr.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import org.hhfr.schemas.testing.DataStructures;
import org.hhfr.schemas.testing.XsdWriter;

/** Properties over generated structures and damaged documents. */
class SchemaParserProperties {
    private static final List<byte[]> SEEDS = seeds();

    private static List<byte[]> seeds() {
        List<byte[]> seeds = new ArrayList<>();
        for (String resource : new String[] {"/axis2/FloatSumService.wsdl", "/axis2/ConcatService.wsdl"}) {
            try (InputStream in = SchemaParserProperties.class.getResourceAsStream(resource)) {
                seeds.add(in.readAllBytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        DataStructures.dataStructures().sampleStream().limit(6)
                .forEach(structure -> seeds.add(XsdWriter.write(structure).getBytes(StandardCharsets.UTF_8)));
        return seeds;
    }

    @Provide
    Arbitrary<DataStructure> structures() {
        return DataStructures.dataStructures();
    }

    @Property(tries = 300)
    void everyGeneratedStructureSurvivesAnXsdRoundTrip(@ForAll("structures") DataStructure structure,
                                                       @ForAll("xsdPrefixes") String xsdPrefix,
                                                       @ForAll boolean paperArrays) throws SchemaException {
        String xsd = XsdWriter.write(structure, xsdPrefix, paperArrays);
        Schema schema = new SchemaParser().parse(xsd);
        assertEquals(structure, schema.dataStructure(structure.root().name()), xsd);
    }

    @Provide
    Arbitrary<String> xsdPrefixes() {
        return Arbitraries.of("xs", "xsd", "", "s");
    }

    /**
     * A document damaged anywhere (flipped bits, so also broken UTF-8, names, quotes and tags) gives a
     * schema or a SchemaException, strictly and per component: nothing else escapes, parsing ends promptly,
     * and what the strict parser accepts the per-component one accepts alike, refusing nothing.
     */
    @Property(tries = 1000)
    void bitFlippedDocumentsGiveASchemaOrASchemaException(@ForAll @IntRange(min = 0, max = 7) int seed,
                                                           @ForAll("flips") List<Integer> positions,
                                                           @ForAll @IntRange(min = 0, max = 7) int bit) {
        byte[] original = SEEDS.get(seed % SEEDS.size());
        byte[] damaged = original.clone();
        for (int position : positions) {
            damaged[position % damaged.length] ^= (byte) (1 << ((bit + position) % 8));
        }
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            Schema strict = parsedOrNull(new SchemaParser(), damaged);
            Schema perComponent = parsedOrNull(new SchemaParser().perComponent(), damaged);
            if (strict != null) {
                assertEquals(strict.elements(), perComponent.elements(), "strict and per component alike");
                assertTrue(perComponent.refusals().isEmpty(), () -> perComponent.refusals().toString());
            }
        });
    }

    /** The schema, or {@code null} when refused; any other exception fails the property. */
    private static Schema parsedOrNull(SchemaParser parser, byte[] document) {
        try {
            return parser.parse(new ByteArrayInputStream(document));
        } catch (SchemaException expected) {
            return null;
        }
    }

    @Provide
    Arbitrary<List<Integer>> flips() {
        return Arbitraries.integers().between(0, Integer.MAX_VALUE).list().ofMinSize(1).ofMaxSize(6);
    }
}
