package org.hhfr.streamer.testing;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;
import org.hhfr.streamer.DateTime;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Nil;
import org.hhfr.streamer.Record;

/**
 * The structures and messages the tests and benchmarks share: the paper's two services (float-array sum,
 * string-array concatenation; request and response), the point-of-interest list of Anacleto et al.
 * (13 string fields and an {@code id} attribute, about 600 bytes of text each), and a purchase order that
 * uses every other feature; and prices, whose nil elements carry an attribute. Messages are deterministic:
 * the same arguments give equal messages.
 */
public final class Samples {
    public static final String FLOAT_SUM_NAMESPACE = "http://floatsum.hhfr.org";
    public static final String CONCAT_NAMESPACE = "http://concat.hhfr.org";
    public static final String POI_NAMESPACE = "http://poi.hhfr.org/xsd";
    public static final String ORDER_NAMESPACE = "urn:hhfr:test:orders";

    /** The 13 string fields of a point of interest, in document order. */
    public static final List<String> POI_FIELDS = Collections.unmodifiableList(Arrays.asList(
            "name", "description", "poi_class_id", "latitude", "longitude", "address", "phone", "fax", "email",
            "url", "avg_cost", "avg_duration", "active"));

    private Samples() {
    }

    /** {@code <ns:sum><values>float</values>*</ns:sum>}: the float-sum request. */
    public static DataStructure floatSumRequest() {
        return wrapper(FLOAT_SUM_NAMESPACE, "sum", "values", XsdType.FLOAT, 0, ElementDecl.UNBOUNDED);
    }

    /** {@code <ns:sumResponse><return>float</return></ns:sumResponse>}. */
    public static DataStructure floatSumResponse() {
        return wrapper(FLOAT_SUM_NAMESPACE, "sumResponse", "return", XsdType.FLOAT, 1, 1);
    }

    /** {@code <ns:concat><values>string</values>*</ns:concat>}: the string-concatenation request. */
    public static DataStructure concatRequest() {
        return wrapper(CONCAT_NAMESPACE, "concat", "values", XsdType.STRING, 0, ElementDecl.UNBOUNDED);
    }

    /** {@code <ns:concatResponse><return>string</return></ns:concatResponse>}. */
    public static DataStructure concatResponse() {
        return wrapper(CONCAT_NAMESPACE, "concatResponse", "return", XsdType.STRING, 1, 1);
    }

    private static DataStructure wrapper(String namespace, String root, String child, XsdType type,
                                         int minOccurs, int maxOccurs) {
        ElementDecl element = ElementDecl.simple(new QualifiedName("", child), SimpleType.of(type), minOccurs,
                maxOccurs, false);
        ComplexType wrapper = new ComplexType(null, Collections.<AttributeDecl>emptyList(),
                Collections.singletonList(element));
        return new DataStructure(ElementDecl.complex(new QualifiedName(namespace, root), wrapper, 1, 1, false));
    }

    public static Message floatSum(float... values) {
        return Message.of(floatSumRequest()).set("values", values).build();
    }

    /** {@code n} deterministic floats: varied magnitudes and signs, as measurements would be. */
    public static float[] floats(int n) {
        Random random = new Random(n);
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = (float) (random.nextGaussian() * Math.pow(10, random.nextInt(7) - 3));
        }
        return values;
    }

    public static Message concat(String... values) {
        return Message.of(concatRequest()).set("values", values).build();
    }

    /** {@code n} deterministic words of 3 to 12 letters. */
    public static String[] strings(int n) {
        Random random = new Random(n);
        String[] values = new String[n];
        for (int i = 0; i < n; i++) {
            values[i] = words(random, 1, 1).trim();
        }
        return values;
    }

    /** {@code <ns:pointsOfInterest><poi id="int">13 strings</poi>*</ns:pointsOfInterest>}. */
    public static DataStructure pointsOfInterest() {
        List<ElementDecl> fields = new ArrayList<>();
        for (String field : POI_FIELDS) {
            fields.add(ElementDecl.simple(new QualifiedName("", field), SimpleType.of(XsdType.STRING), 1, 1, false));
        }
        ComplexType poi = new ComplexType(new QualifiedName(POI_NAMESPACE, "PointOfInterest"),
                Collections.singletonList(AttributeDecl.of(new QualifiedName("", "id"),
                        SimpleType.of(XsdType.INT), true)),
                fields);
        ComplexType list = new ComplexType(null, Collections.<AttributeDecl>emptyList(), Collections.singletonList(
                ElementDecl.complex(new QualifiedName("", "poi"), poi, 0, ElementDecl.UNBOUNDED, false)));
        return new DataStructure(ElementDecl.complex(new QualifiedName(POI_NAMESPACE, "pointsOfInterest"), list,
                1, 1, false));
    }

    /** {@code count} deterministic points of interest of about 600 bytes of text each. */
    public static Message pointsOfInterest(int count) {
        DataStructure structure = pointsOfInterest();
        ComplexType poiType = structure.root().complexType().elements().get(0).complexType();
        Random random = new Random(461);
        Record[] pois = new Record[count];
        for (int i = 0; i < count; i++) {
            pois[i] = Record.builder(poiType)
                    .attribute("id", i + 1)
                    .set("name", words(random, 2, 5).trim())
                    .set("description", words(random, 45, 60).trim())
                    .set("poi_class_id", String.valueOf(random.nextInt(90)))
                    .set("latitude", String.valueOf(41 + random.nextDouble()))
                    .set("longitude", String.valueOf(-8 - random.nextDouble()))
                    .set("address", "Rua " + words(random, 2, 3) + "n\u00ba " + random.nextInt(500) + " - 4050 Porto")
                    .set("phone", "351 222 " + (100_000 + random.nextInt(900_000)))
                    .set("fax", "351 222 " + (100_000 + random.nextInt(900_000)))
                    .set("email", "info" + i + "@example.pt")
                    .set("url", "www.example.pt/poi/" + i)
                    .set("avg_cost", String.valueOf(random.nextInt(100)))
                    .set("avg_duration", String.valueOf(30 + random.nextInt(300)))
                    .set("active", random.nextBoolean() ? "1" : "0")
                    .build();
        }
        return Message.of(structure).set("poi", pois).build();
    }

    private static final String[] WORDS = {
        "festival", "cinema", "porto", "rua", "an\u00edbal", "cunha", "museu", "jardim", "pra\u00e7a", "igreja",
        "ponte", "mercado", "torre", "fantasia", "europeu", "cultura", "evento", "hist\u00f3rico", "vinho", "rio",
    };

    private static String words(Random random, int min, int max) {
        StringBuilder text = new StringBuilder();
        int n = min + random.nextInt(max - min + 1);
        for (int i = 0; i < n; i++) {
            text.append(WORDS[random.nextInt(WORDS.length)]).append(' ');
        }
        return text.toString();
    }

    /**
     * A purchase order using what the paper's services do not: attributes (required and optional,
     * qualified), enumerations, optional and nillable elements, nested and repeated records, every simple
     * type, fixed-length and nillable arrays.
     */
    public static DataStructure purchaseOrder() {
        QualifiedName id = new QualifiedName("", "id");
        SimpleType status = SimpleType.enumeration(new QualifiedName(ORDER_NAMESPACE, "Status"),
                Arrays.asList("open", "shipped", "cancelled"));
        ComplexType line = new ComplexType(new QualifiedName(ORDER_NAMESPACE, "Line"),
                Arrays.asList(AttributeDecl.of(new QualifiedName("", "sku"), SimpleType.of(XsdType.STRING), true),
                        AttributeDecl.of(new QualifiedName(ORDER_NAMESPACE, "gift"), SimpleType.of(XsdType.BOOLEAN),
                                false)),
                Arrays.asList(
                        simple("quantity", XsdType.SHORT, 1, 1, false),
                        simple("unitPrice", XsdType.DECIMAL, 1, 1, false),
                        simple("weights", XsdType.DOUBLE, 0, ElementDecl.UNBOUNDED, false),
                        simple("note", XsdType.STRING, 0, 1, true)));
        ComplexType address = new ComplexType(null, Collections.<AttributeDecl>emptyList(), Arrays.asList(
                simple("street", XsdType.STRING, 1, 1, false),
                simple("zip", XsdType.INT, 1, 1, false),
                simple("position", XsdType.FLOAT, 2, 2, false)));
        ComplexType order = new ComplexType(new QualifiedName(ORDER_NAMESPACE, "Order"),
                Collections.singletonList(AttributeDecl.of(id, SimpleType.of(XsdType.LONG), true)),
                Arrays.asList(
                        ElementDecl.simple(new QualifiedName(ORDER_NAMESPACE, "status"), status, 1, 1, false),
                        simple("placed", XsdType.DATE_TIME, 1, 1, false),
                        simple("shipped", XsdType.DATE_TIME, 0, 1, true),
                        ElementDecl.complex(new QualifiedName("", "shipTo"), address, 1, 1, true),
                        ElementDecl.complex(new QualifiedName("", "line"), line, 1, 100, true),
                        simple("flags", XsdType.BOOLEAN, 0, ElementDecl.UNBOUNDED, false),
                        simple("scores", XsdType.INT, 0, 5, true),
                        simple("checksum", XsdType.BYTE, 0, ElementDecl.UNBOUNDED, false),
                        simple("signature", XsdType.BASE64_BINARY, 0, 1, false),
                        simple("tags", XsdType.STRING, 0, ElementDecl.UNBOUNDED, false),
                        simple("serial", XsdType.LONG, 0, ElementDecl.UNBOUNDED, false)));
        return new DataStructure(ElementDecl.complex(new QualifiedName(ORDER_NAMESPACE, "order"), order, 1, 1,
                false));
    }

    private static ElementDecl simple(String name, XsdType type, int min, int max, boolean nillable) {
        return ElementDecl.simple(new QualifiedName("", name), SimpleType.of(type), min, max, nillable);
    }

    /** A filled-in purchase order with two lines, one of them nil. */
    public static Message purchaseOrder(long id) {
        DataStructure structure = purchaseOrder();
        Message.Builder order = Message.of(structure);
        Record line = order.child("line")
                .attribute("sku", "A-1 <&> \"caf\u00e9\"")
                .attribute("gift", true)
                .set("quantity", (short) 3)
                .set("unitPrice", new BigDecimal("19.90"))
                .set("weights", new double[] {0.25, -0.0, Double.NaN, 1e300})
                .nil("note")
                .build();
        Record shipTo = order.child("shipTo")
                .set("street", "Rua An\u00edbal Cunha, n\u00ba 84\r\n4050-048 Porto \ud83c\udfac")
                .set("zip", 4050)
                .set("position", new float[] {41.1537797f, -8.6210345f})
                .build();
        return order.attribute("id", id)
                .set("status", "shipped")
                .set("placed", DateTime.parse("2024-02-29T12:00:00.5+05:30"))
                .set("shipped", DateTime.parse("2024-03-01T08:15:00"))
                .set("shipTo", shipTo)
                .set("line", new Record[] {line, null})
                .set("flags", new boolean[] {true, false, true})
                .set("scores", new Integer[] {7, null, -2_000_000_000})
                .set("checksum", new byte[] {-128, 0, 127})
                .set("signature", new byte[] {1, 2, 3, (byte) 0xFF})
                .set("tags", new String[] {"", " spaced ", "line\nbreak"})
                .set("serial", new long[] {Long.MIN_VALUE, 0, Long.MAX_VALUE})
                .build();
    }

    /**
     * {@code <prices><price currency="string"?>decimal</price><history currency="string"?>decimal</history>*
     * </prices>}: a nillable element and a repeated nillable element of a type with an attribute.
     */
    public static DataStructure prices() {
        ComplexType price = new ComplexType(null,
                Collections.singletonList(AttributeDecl.of(new QualifiedName("", "currency"),
                        SimpleType.of(XsdType.STRING), false)),
                Collections.singletonList(simple("amount", XsdType.DECIMAL, 1, 1, false)));
        return new DataStructure(ElementDecl.complex(new QualifiedName("", "prices"), new ComplexType(null,
                Collections.<AttributeDecl>emptyList(), Arrays.asList(
                        ElementDecl.complex(new QualifiedName("", "price"), price, 1, 1, true),
                        ElementDecl.complex(new QualifiedName("", "history"), price, 0, ElementDecl.UNBOUNDED,
                                true))), 1, 1, false));
    }

    /**
     * Prices whose price is nil, in {@code currency} if not null, and whose history holds a nil in
     * {@code historyCurrency} if not null, then a nil without attributes.
     */
    public static Message nilPrices(String currency, String historyCurrency) {
        Message.Builder prices = Message.of(prices());
        Record nilHistory = historyCurrency == null ? null
                : prices.child("history").attribute("currency", historyCurrency).buildNil();
        return prices.set("price", currency == null ? Nil.NIL
                        : prices.child("price").attribute("currency", currency).buildNil())
                .set("history", new Record[] {nilHistory, null})
                .build();
    }
}
