package org.hhfr.streamer.testing;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.testing.DataStructures;
import org.hhfr.streamer.DateTime;
import org.hhfr.streamer.Message;
import org.hhfr.streamer.Nil;
import org.hhfr.streamer.Record;

/**
 * jqwik generators of random messages that conform to a {@link DataStructure}: every value shape,
 * absent optionals, nils (with attributes too), arrays from their minimum length up, and awkward values
 * (NaN, -0.0, infinities, strings with markup, carriage returns and characters outside the BMP, dateTimes
 * with and without offsets, decimals with negative scales).
 */
public final class Messages {
    /** Items of a repeated element beyond its minimum, at most. */
    private static final int EXTRA_ITEMS = 5;

    private Messages() {
    }

    /** Random structures from {@link DataStructures#dataStructures(int)} with random conforming messages. */
    public static Arbitrary<Message> messages() {
        return DataStructures.dataStructures(3).flatMap(Messages::messages);
    }

    /** Random messages conforming to {@code structure}. */
    public static Arbitrary<Message> messages(DataStructure structure) {
        return occurrence(structure.root()).map(root -> Message.of(structure, root));
    }

    /** A value for one element: absent (null), nil, one item, or an array, as its declaration allows. */
    private static Arbitrary<Object> occurrence(ElementDecl element) {
        if (element.isRepeated()) {
            return array(element);
        }
        Arbitrary<Object> value = item(element);
        List<Tuple.Tuple2<Integer, Arbitrary<Object>>> choices = new ArrayList<>();
        choices.add(Tuple.of(8, value));
        if (element.nillable()) {
            choices.add(Tuple.of(1, nil(element)));
        }
        if (element.isOptional()) {
            choices.add(Tuple.of(2, Arbitraries.just((Object) null)));
        }
        return Arbitraries.frequencyOf(choices.toArray(new Tuple.Tuple2[0]));
    }

    private static Arbitrary<Object> array(ElementDecl element) {
        int min = element.minOccurs();
        int max = (int) Math.min(element.maxOccurs(), (long) min + (element.isSimple() ? EXTRA_ITEMS : 2));
        Arbitrary<Object> item = !element.nillable() ? item(element)
                : Arbitraries.frequencyOf(Tuple.of(4, item(element)),
                        Tuple.of(1, nil(element).map(nil -> nil == Nil.NIL ? null : nil)));
        Class<?> component = Record.arrayClass(element).getComponentType();
        return item.list().ofMinSize(min).ofMaxSize(max).map(items -> {
            Object array = Array.newInstance(component, items.size());
            for (int i = 0; i < items.size(); i++) {
                Array.set(array, i, items.get(i));
            }
            return array;
        });
    }

    /** Nil, often with attributes when the element's complex type declares some. */
    private static Arbitrary<Object> nil(ElementDecl element) {
        if (element.isSimple() || element.complexType().attributes().isEmpty()) {
            return Arbitraries.just((Object) Nil.NIL);
        }
        List<Arbitrary<Object>> attributes = new ArrayList<>();
        for (AttributeDecl attribute : element.complexType().attributes()) {
            attributes.add(simple(attribute.type()).injectNull(0.5));
        }
        return Combinators.combine(attributes).as(values -> {
            Record.Builder builder = Record.builder(element.complexType());
            for (int i = 0; i < values.size(); i++) {
                builder.attribute(i, values.get(i));
            }
            return values.stream().allMatch(value -> value == null) ? Nil.NIL : (Object) builder.buildNil();
        });
    }

    private static Arbitrary<Object> item(ElementDecl element) {
        return element.isSimple() ? simple(element.simpleType()) : record(element.complexType());
    }

    private static Arbitrary<Object> record(ComplexType type) {
        List<Arbitrary<Object>> parts = new ArrayList<>();
        for (AttributeDecl attribute : type.attributes()) {
            Arbitrary<Object> value = simple(attribute.type());
            parts.add(attribute.required() ? value : value.injectNull(0.3));
        }
        for (ElementDecl element : type.elements()) {
            parts.add(occurrence(element));
        }
        if (parts.isEmpty()) {
            return Arbitraries.just((Object) Record.builder(type).build());
        }
        int attributes = type.attributes().size();
        return Combinators.combine(parts).as(values -> {
            Record.Builder builder = Record.builder(type);
            for (int i = 0; i < values.size(); i++) {
                if (i < attributes) {
                    builder.attribute(i, values.get(i));
                } else {
                    builder.set(i - attributes, values.get(i));
                }
            }
            return (Object) builder.build();
        });
    }

    /** Values of a simple type, edge cases included. */
    public static Arbitrary<Object> simple(SimpleType type) {
        if (type.isEnumeration()) {
            return Arbitraries.of(type.enumeration()).map(value -> (Object) value);
        }
        switch (type.base()) {
            case BOOLEAN:
                return Arbitraries.of(true, false).map(value -> (Object) value);
            case INT:
                return Arbitraries.integers().map(value -> (Object) value);
            case LONG:
                return Arbitraries.longs().map(value -> (Object) value);
            case SHORT:
                return Arbitraries.shorts().map(value -> (Object) value);
            case BYTE:
                return Arbitraries.bytes().map(value -> (Object) value);
            case FLOAT:
                return floats().map(value -> (Object) value);
            case DOUBLE:
                return doubles().map(value -> (Object) value);
            case DECIMAL:
                return decimals().map(value -> (Object) value);
            case DATE_TIME:
                return dateTimes().map(value -> (Object) value);
            case BASE64_BINARY:
                return Arbitraries.bytes().array(byte[].class).ofMaxSize(20).map(value -> (Object) value);
            default:
                return strings().map(value -> (Object) value);
        }
    }

    /** Any bit pattern, with the special values often. */
    public static Arbitrary<Float> floats() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.integers().map(Float::intBitsToFloat)),
                Tuple.of(2, Arbitraries.of(0.0f, -0.0f, 1.5f, 0.1f, Float.NaN, Float.POSITIVE_INFINITY,
                        Float.NEGATIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE, -Float.MIN_NORMAL)),
                Tuple.of(2, Arbitraries.integers().between(-100_000, 100_000).map(i -> i / 100f)));
    }

    public static Arbitrary<Double> doubles() {
        return Arbitraries.frequencyOf(
                Tuple.of(6, Arbitraries.longs().map(Double::longBitsToDouble)),
                Tuple.of(2, Arbitraries.of(0.0, -0.0, 0.1, Double.NaN, Double.POSITIVE_INFINITY,
                        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE)));
    }

    public static Arbitrary<BigDecimal> decimals() {
        return Combinators.combine(Arbitraries.bigIntegers().between(
                        new java.math.BigInteger("-1000000000000000000000000000000"),
                        new java.math.BigInteger("1000000000000000000000000000000")),
                Arbitraries.integers().between(-5, 20)).as(BigDecimal::new);
    }

    /** Years -9999..9999, with or without an offset, nanos often zero. */
    public static Arbitrary<DateTime> dateTimes() {
        Arbitrary<Long> seconds = Arbitraries.longs().between(-377_705_116_800L, 253_402_300_799L);
        Arbitrary<Integer> nanos = Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(0)),
                Tuple.of(1, Arbitraries.integers().between(0, 999).map(ms -> ms * 1_000_000)),
                Tuple.of(1, Arbitraries.integers().between(0, 999_999_999)));
        Arbitrary<Integer> offsets = Arbitraries.integers().between(-DateTime.MAX_OFFSET_MINUTES,
                DateTime.MAX_OFFSET_MINUTES).injectNull(0.3);
        return Combinators.combine(seconds, nanos, offsets).as((second, nano, offset) -> offset == null
                ? DateTime.local(second, nano) : DateTime.of(second, nano, offset));
    }

    /** Text that stresses XML: markup, quotes, line ends, whitespace-only, non-ASCII and non-BMP. */
    public static Arbitrary<String> strings() {
        return Arbitraries.of("a", "Z", "0", " ", "  ", "\t", "\n", "\r", "\r\n", "&", "<", ">", "\"", "'",
                        "]]>", "&amp;", "\u00e9", "\u4e2d", "\ud83d\ude00", "\u0085", "\u2028", "\ufffd", "word")
                .list().ofMaxSize(12)
                .map(pieces -> String.join("", pieces));
    }
}
