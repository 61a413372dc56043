package org.hhfr.schemas;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** An {@code xs:complexType} as written: attributes and the elements of its sequence, unresolved. */
@AutoValue
abstract class ParsedComplexType {
    /** @param name {@code null} for an anonymous type */
    static ParsedComplexType of(SourcePosition position, @Nullable QualifiedName name,
                                List<ParsedAttribute> attributes, List<ParsedElement> elements) {
        return new AutoValue_ParsedComplexType(position, name,
                Collections.unmodifiableList(new ArrayList<>(attributes)),
                Collections.unmodifiableList(new ArrayList<>(elements)));
    }

    abstract SourcePosition position();

    abstract @Nullable QualifiedName name();

    abstract List<ParsedAttribute> attributes();

    abstract List<ParsedElement> elements();
}
