package org.hhfr.schemas;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** An {@code xs:complexType} as written: attributes and the elements of its sequence, unresolved. */
final class ParsedComplexType {
    private final SourcePosition position;
    private final QualifiedName name;
    private final List<ParsedAttribute> attributes;
    private final List<ParsedElement> elements;

    /** @param name {@code null} for an anonymous type */
    ParsedComplexType(SourcePosition position, QualifiedName name, List<ParsedAttribute> attributes,
                      List<ParsedElement> elements) {
        this.position = position;
        this.name = name;
        this.attributes = Collections.unmodifiableList(new ArrayList<>(attributes));
        this.elements = Collections.unmodifiableList(new ArrayList<>(elements));
    }

    SourcePosition position() {
        return position;
    }

    QualifiedName name() {
        return name;
    }

    List<ParsedAttribute> attributes() {
        return attributes;
    }

    List<ParsedElement> elements() {
        return elements;
    }
}
