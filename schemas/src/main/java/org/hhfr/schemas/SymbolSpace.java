package org.hhfr.schemas;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The global declarations of one kind that only references use (named groups, attribute groups, global
 * attributes), each kind with names of its own, by qualified name, and those refused while reading (per component).
 *
 * @param <T> the declaration as read
 */
final class SymbolSpace<T> {
    /** What a declaration is called in messages, e.g. "group". */
    private final String kind;
    private final SchemaRefusal.Kind refusalKind;
    private final Map<QualifiedName, T> declared = new LinkedHashMap<>();
    private final Map<QualifiedName, SchemaRefusal> refused = new LinkedHashMap<>();

    SymbolSpace(String kind, SchemaRefusal.Kind refusalKind) {
        this.kind = kind;
        this.refusalKind = refusalKind;
    }

    void add(QualifiedName name, SourcePosition position, T declaration) throws SchemaException {
        requireNew(name, position);
        declared.put(name, declaration);
    }

    void refuse(QualifiedName name, SourcePosition position, SchemaException cause) throws SchemaException {
        requireNew(name, position);
        refused.put(name, SchemaRefusal.of(refusalKind, name, cause));
    }

    private void requireNew(QualifiedName name, SourcePosition position) throws SchemaException {
        if (declared.containsKey(name) || refused.containsKey(name)) {
            throw position.error(kind + " " + name + " is declared twice");
        }
    }

    /**
     * The declaration a reference at {@code usedAt} names: one refused fails the reference with its refusal, a
     * missing one with {@code whyMissing} (an import not read, or {@code ""}).
     */
    T referenced(QualifiedName name, SourcePosition usedAt, String whyMissing) throws SchemaException {
        SchemaRefusal refusal = refused.get(name);
        if (refusal != null) {
            throw refusal.asFailureOf(kind);
        }
        T declaration = declared.get(name);
        if (declaration == null) {
            throw usedAt.error("ref to unknown " + kind + " " + name + whyMissing);
        }
        return declaration;
    }

    /** Those refused while reading, in document order. */
    Collection<SchemaRefusal> refusals() {
        return refused.values();
    }
}
