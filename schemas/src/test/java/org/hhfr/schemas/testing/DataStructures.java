package org.hhfr.schemas.testing;

import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XsdType;

/**
 * jqwik generators of random, valid {@link DataStructure}s for property tests in any module (published in
 * the schemas test-jar). They cover every {@link XsdType}, string enumerations, every occurrence shape
 * (single, optional, bounded and unbounded arrays, fixed-length arrays), nillable elements, attributes and
 * nesting of complex types.
 *
 * <p>Namespaces follow what an XML Schema can express: every structure has one target namespace (possibly
 * the empty one); the root is in it and each local element or attribute is either in it (qualified) or in
 * no namespace (unqualified). Local names are distinct among the siblings of one sequence and among the
 * attributes of one type, so lookups by local name are unambiguous.
 */
public final class DataStructures {
    /** Default nesting of complex types below the root. */
    public static final int DEFAULT_MAX_DEPTH = 4;

    private static final List<String> TARGET_NAMESPACES =
            List.of("", "http://floatsum.hhfr.org", "urn:hhfr:test:orders", "http://poi.hhfr.org/xsd");

    private DataStructures() {
    }

    /** Random structures with up to {@link #DEFAULT_MAX_DEPTH} levels of complex types below the root. */
    public static Arbitrary<DataStructure> dataStructures() {
        return dataStructures(DEFAULT_MAX_DEPTH);
    }

    /**
     * Random structures whose complex types nest at most {@code maxDepth} levels below the root; the root
     * is complex most of the time, occasionally a lone simple element.
     */
    public static Arbitrary<DataStructure> dataStructures(int maxDepth) {
        if (maxDepth < 0) {
            throw new IllegalArgumentException("maxDepth must not be negative: " + maxDepth);
        }
        return Arbitraries.of(TARGET_NAMESPACES).flatMap(namespace -> {
            Arbitrary<ElementDecl> complexRoot = Combinators
                    .combine(localNames(), complexTypes(namespace, maxDepth), Arbitraries.of(true, false))
                    .as((name, type, nillable) -> ElementDecl.complex(
                            new QualifiedName(namespace, name), type, 1, 1, nillable));
            Arbitrary<ElementDecl> simpleRoot = Combinators
                    .combine(localNames(), simpleTypes(), Arbitraries.of(true, false))
                    .as((name, type, nillable) -> ElementDecl.simple(
                            new QualifiedName(namespace, name), type, 1, 1, nillable));
            return Arbitraries.frequencyOf(Tuple.of(9, complexRoot), Tuple.of(1, simpleRoot));
        }).map(DataStructure::new);
    }

    /** Every built-in type unrestricted, and string enumerations (named or anonymous). */
    public static Arbitrary<SimpleType> simpleTypes() {
        Arbitrary<SimpleType> builtIns = Arbitraries.of(XsdType.class).map(SimpleType::of);
        Arbitrary<List<String>> values = Arbitraries.strings()
                .withCharRange('a', 'z').withCharRange('A', 'Z').withCharRange('0', '9')
                .withChars(' ', '-', '_', '.', '&', '<', '"', '\u00e9', '\u0416', '\u4e2d')
                .ofMinLength(0).ofMaxLength(12)
                .list().ofMinSize(1).ofMaxSize(8).uniqueElements();
        Arbitrary<QualifiedName> typeNames = localNames().injectNull(0.5)
                .map(name -> name == null ? null : new QualifiedName("urn:hhfr:test:types", name + "Type"));
        Arbitrary<SimpleType> enumerations = Combinators.combine(typeNames, values).as(SimpleType::enumeration);
        return Arbitraries.frequencyOf(Tuple.of(4, builtIns), Tuple.of(1, enumerations));
    }

    private static Arbitrary<ComplexType> complexTypes(String namespace, int depth) {
        Arbitrary<QualifiedName> typeName = localNames().injectNull(0.6)
                .map(name -> name == null ? null : new QualifiedName(namespace, name + "Type"));
        Arbitrary<List<AttributeDecl>> attributes = attributes(namespace)
                .list().ofMinSize(0).ofMaxSize(3).uniqueElements(attribute -> attribute.name().localName());
        Arbitrary<List<ElementDecl>> elements = localElements(namespace, depth)
                .list().ofMinSize(0).ofMaxSize(6).uniqueElements(element -> element.name().localName());
        Arbitrary<ComplexType> ofElements = Combinators.combine(typeName, attributes, elements).as(ComplexType::new);
        Arbitrary<ComplexType> ofText = Combinators.combine(typeName, attributes,
                Arbitraries.of(XsdType.class).map(SimpleType::of)).as(ComplexType::withSimpleContent);
        return Arbitraries.frequencyOf(Tuple.of(5, ofElements), Tuple.of(1, ofText));
    }

    private static Arbitrary<ElementDecl> localElements(String namespace, int depth) {
        Arbitrary<ElementDecl> simple = Combinators
                .combine(localName(namespace), simpleTypes(), occurrences(), Arbitraries.of(true, false))
                .as((name, type, occurrence, nillable) ->
                        ElementDecl.simple(name, type, occurrence[0], occurrence[1], nillable));
        if (depth == 0) {
            return simple;
        }
        Arbitrary<ElementDecl> complex = Arbitraries.lazy(() -> Combinators
                .combine(localName(namespace), complexTypes(namespace, depth - 1), occurrences(),
                        Arbitraries.of(true, false))
                .as((name, type, occurrence, nillable) ->
                        ElementDecl.complex(name, type, occurrence[0], occurrence[1], nillable)));
        return Arbitraries.frequencyOf(Tuple.of(3, simple), Tuple.of(1, complex));
    }

    private static Arbitrary<AttributeDecl> attributes(String namespace) {
        return Combinators.combine(localName(namespace), simpleTypes(), Arbitraries.of(true, false))
                .as(AttributeDecl::of);
    }

    /** {minOccurs, maxOccurs}: single, optional, bounded, unbounded and fixed-length arrays. */
    private static Arbitrary<int[]> occurrences() {
        Arbitrary<int[]> single = Arbitraries.just(new int[] {1, 1});
        Arbitrary<int[]> optional = Arbitraries.just(new int[] {0, 1});
        Arbitrary<int[]> unbounded = Arbitraries.integers().between(0, 2)
                .map(min -> new int[] {min, ElementDecl.UNBOUNDED});
        Arbitrary<int[]> bounded = Combinators.combine(Arbitraries.integers().between(0, 3),
                        Arbitraries.integers().between(2, 10))
                .filter((min, max) -> min < max).as((min, max) -> new int[] {min, max});
        Arbitrary<int[]> fixed = Arbitraries.integers().between(2, 8).map(n -> new int[] {n, n});
        return Arbitraries.frequencyOf(Tuple.of(4, single), Tuple.of(3, optional), Tuple.of(2, unbounded),
                Tuple.of(1, bounded), Tuple.of(1, fixed));
    }

    /** A local name in the target namespace (qualified) or in none (unqualified). */
    private static Arbitrary<QualifiedName> localName(String namespace) {
        return Combinators.combine(Arbitraries.of(namespace, ""), localNames()).as(QualifiedName::new);
    }

    /** XML NCNames: a letter or underscore, then letters, digits, '_', '-' or '.'. */
    private static Arbitrary<String> localNames() {
        Arbitrary<Character> first = Arbitraries.chars().range('a', 'z').range('A', 'Z').with('_');
        Arbitrary<String> rest = Arbitraries.strings().withCharRange('a', 'z').withCharRange('A', 'Z')
                .withCharRange('0', '9').withChars('_', '-', '.').ofMaxLength(10);
        return Combinators.combine(first, rest).as((head, tail) -> head + tail);
    }
}
