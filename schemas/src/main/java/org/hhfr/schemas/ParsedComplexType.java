package org.hhfr.schemas;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * An {@code xs:complexType} as written: attributes and the elements of its sequence, unresolved; for a type
 * derived by {@code xs:extension}, those its extension adds to its base's.
 */
@AutoValue
abstract class ParsedComplexType {
    /** @param name {@code null} for an anonymous type */
    /** @param simpleContent whether {@code base} is extended by {@code xs:simpleContent}: its text's type */
    static ParsedComplexType of(SourcePosition position, @Nullable QualifiedName name, boolean isAbstract,
                                @Nullable QualifiedName base, boolean simpleContent, List<ParsedAttribute> attributes,
                                List<ParsedElement> elements) {
        return new AutoValue_ParsedComplexType(position, name, isAbstract, base, simpleContent,
                Collections.unmodifiableList(new ArrayList<>(attributes)),
                Collections.unmodifiableList(new ArrayList<>(elements)));
    }

    abstract SourcePosition position();

    abstract @Nullable QualifiedName name();

    /** {@code abstract="true"}: no element has this type itself, only a type derived from it. */
    abstract boolean isAbstract();

    /** The type this one extends, or {@code null}. */
    abstract @Nullable QualifiedName base();

    /** Whether it has simple content: text of its {@link #base()}'s type (or its text's type), with attributes. */
    abstract boolean simpleContent();

    abstract List<ParsedAttribute> attributes();

    abstract List<ParsedElement> elements();
}
