package org.hhfr.schemas;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A named attribute group ({@code <xs:attributeGroup name="..">}) as written: its attributes, refs to other
 * attribute groups among them unresolved.
 */
@AutoValue
abstract class ParsedAttributeGroup {
    static ParsedAttributeGroup of(SourcePosition position, QualifiedName name, List<ParsedAttribute> attributes) {
        return new AutoValue_ParsedAttributeGroup(position, name,
                Collections.unmodifiableList(new ArrayList<>(attributes)));
    }

    abstract SourcePosition position();

    abstract QualifiedName name();

    abstract List<ParsedAttribute> attributes();
}
