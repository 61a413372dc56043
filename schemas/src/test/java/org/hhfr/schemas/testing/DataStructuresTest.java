package org.hhfr.schemas.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.XsdType;
import org.junit.jupiter.api.Test;

class DataStructuresTest {
    @Provide
    Arbitrary<DataStructure> structures() {
        return DataStructures.dataStructures();
    }

    @Property(tries = 200)
    void siblingsAndAttributesHaveDistinctLocalNamesAndNamespacesFollowTheRoot(
            @ForAll("structures") DataStructure structure) {
        String target = structure.root().name().namespace();
        forEachElement(structure.root(), element -> {
            assertTrue(element.name().namespace().isEmpty() || element.name().namespace().equals(target));
            if (!element.isSimple()) {
                List<ElementDecl> children = element.complexType().elements();
                assertTrue(children.stream().map(c -> c.name().localName()).distinct().count() == children.size());
                List<AttributeDecl> attributes = element.complexType().attributes();
                assertTrue(attributes.stream().map(a -> a.name().localName()).distinct().count()
                        == attributes.size());
            }
        });
    }

    @Test
    void twoHundredFiftySamplesCoverEveryTypeOccurrenceShapeAndNesting() {
        Set<XsdType> types = EnumSet.noneOf(XsdType.class);
        Set<String> shapes = new HashSet<>();
        int[] deepest = {0};
        DataStructures.dataStructures().sampleStream().limit(250).forEach(structure -> {
            deepest[0] = Math.max(deepest[0], depth(structure.root()));
            forEachElement(structure.root(), element -> {
                shapes.add(shape(element));
                if (element.isSimple()) {
                    types.add(element.simpleType().base());
                    if (element.simpleType().isEnumeration()) {
                        shapes.add("enumeration");
                    }
                } else if (!element.complexType().attributes().isEmpty()) {
                    shapes.add("attributes");
                }
            });
        });
        assertTrue(types.equals(EnumSet.allOf(XsdType.class)), "types: " + types);
        Set<String> expected = Set.of("single", "optional", "fixed", "bounded", "unbounded", "nillable",
                "enumeration", "attributes");
        assertTrue(shapes.containsAll(expected), "shapes: " + shapes.stream().sorted().collect(Collectors.toList()));
        assertTrue(deepest[0] >= 4, "deepest nesting " + deepest[0]);
    }

    private static String shape(ElementDecl element) {
        if (element.nillable()) {
            return "nillable";
        }
        if (element.isFixedLength()) {
            return "fixed";
        }
        if (element.maxOccurs() == ElementDecl.UNBOUNDED) {
            return "unbounded";
        }
        if (element.isRepeated()) {
            return "bounded";
        }
        return element.isOptional() ? "optional" : "single";
    }

    private static int depth(ElementDecl element) {
        int below = 0;
        if (!element.isSimple()) {
            for (ElementDecl child : element.complexType().elements()) {
                below = Math.max(below, depth(child));
            }
        }
        return 1 + below;
    }

    private static void forEachElement(ElementDecl element, java.util.function.Consumer<ElementDecl> action) {
        action.accept(element);
        if (!element.isSimple()) {
            for (ElementDecl child : element.complexType().elements()) {
                forEachElement(child, action);
            }
        }
    }
}
