package org.hhfr.schemas;

import com.google.auto.value.AutoValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A named model group ({@code <xs:group name="..">}) as written: the elements of its sequence or choice, flat and
 * in order (a choice's alternatives optional), group refs among them unresolved.
 */
@AutoValue
abstract class ParsedGroup {
    static ParsedGroup of(SourcePosition position, QualifiedName name, List<ParsedElement> elements) {
        return new AutoValue_ParsedGroup(position, name, Collections.unmodifiableList(new ArrayList<>(elements)));
    }

    abstract SourcePosition position();

    abstract QualifiedName name();

    abstract List<ParsedElement> elements();
}
