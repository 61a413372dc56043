package org.hhfr.streamer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

import net.jqwik.engine.SourceOfRandomness;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.schemas.testing.ExampleSchemas;
import org.hhfr.streamer.testing.Messages;
import org.hhfr.streamer.testing.Samples;

/**
 * The structures the representation fuzz tests decode messages of: the shared samples (float sum, string
 * concatenation, points of interest, purchase order), every global element of the WSDLs captured from Axis2
 * and of the schemas in {@code examples/}, and prices, whose nil elements carry attributes. The first byte of a
 * fuzzed input picks one; the seeds are one message of each (the same on every run; for prices, nils with
 * attributes), encoded by the representation under test.
 */
final class FuzzedStructures {
    /** Small enough that fuzzed inputs reach every limit. */
    static final StreamerLimits LIMITS = StreamerLimits.defaults().toBuilder().maxMessageBytes(8 << 10)
            .maxArrayLength(64).maxStringBytes(512).maxDepth(8).maxDecimalDigits(40).build();

    private static final String[] CAPTURED = {
            "/axis2/captured/FloatSum.wsdl", "/axis2/captured/StringConcat.wsdl",
            "/axis2/captured/PointsOfInterest.wsdl"};

    static final List<DataStructure> ALL = load();

    private FuzzedStructures() {
    }

    /** The structure a fuzzed input's first byte picks. */
    static DataStructure pick(byte selector) {
        return ALL.get((selector & 0xFF) % ALL.size());
    }

    /** Seeds: for each structure, its selector byte and then one message of it, as {@code encoding} writes it. */
    static List<byte[]> seeds(Representation encoding) {
        List<byte[]> seeds = new ArrayList<>();
        SourceOfRandomness.create("20261126"); // the same seeds on every run
        for (int i = 0; i < ALL.size(); i++) {
            Message message = i == ALL.size() - 1 ? Samples.nilPrices("EUR", "USD")
                    : Messages.messages(ALL.get(i)).sample();
            byte[] encoded = encoding.encode(message);
            byte[] seed = new byte[1 + encoded.length];
            seed[0] = (byte) i;
            System.arraycopy(encoded, 0, seed, 1, encoded.length);
            seeds.add(seed);
        }
        return seeds;
    }

    private static List<DataStructure> load() {
        List<DataStructure> structures = new ArrayList<>(Arrays.asList(Samples.floatSumRequest(),
                Samples.floatSumResponse(), Samples.concatRequest(), Samples.concatResponse(),
                Samples.pointsOfInterest(), Samples.purchaseOrder()));
        SchemaParser parser = new SchemaParser().perComponent();
        try {
            for (String resource : CAPTURED) {
                try (InputStream in = FuzzedStructures.class.getResourceAsStream(resource)) {
                    structures.addAll(elementsOf(parser.parse(in)));
                }
            }
            for (Path example : ExampleSchemas.documents()) {
                try (InputStream in = Files.newInputStream(example)) {
                    structures.addAll(elementsOf(parser.parse(in)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SchemaException e) {
            throw new IllegalStateException(e);
        }
        structures.add(Samples.prices()); // nil elements with attributes (the nil attributes section)
        return Collections.unmodifiableList(structures);
    }

    /** Every global element's structure, in a fixed order, those the parser refused left out. */
    private static List<DataStructure> elementsOf(Schema schema) {
        List<QualifiedName> names = new ArrayList<>(schema.elements().keySet());
        names.sort(Comparator.comparing(QualifiedName::toString));
        List<DataStructure> structures = new ArrayList<>();
        for (QualifiedName name : names) {
            structures.add(schema.dataStructure(name));
        }
        return structures;
    }
}
