package org.hhfr.schemas;

import java.util.Objects;

/**
 * A namespace URI and a local name. Kept here rather than {@code javax.xml.namespace.QName} so the model
 * has no dependency beyond the Java core. The empty namespace is {@code ""}, never {@code null}.
 */
public final class QualifiedName {
    private final String namespace;
    private final String localName;

    public QualifiedName(String namespace, String localName) {
        this.namespace = namespace == null ? "" : namespace;
        this.localName = Objects.requireNonNull(localName, "localName");
        if (localName.isEmpty()) {
            throw new IllegalArgumentException("empty local name");
        }
    }

    public String namespace() {
        return namespace;
    }

    public String localName() {
        return localName;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof QualifiedName)) {
            return false;
        }
        QualifiedName other = (QualifiedName) o;
        return namespace.equals(other.namespace) && localName.equals(other.localName);
    }

    @Override
    public int hashCode() {
        return 31 * namespace.hashCode() + localName.hashCode();
    }

    /** Clark notation, {@code {namespace}local}, or just the local name in no namespace. */
    @Override
    public String toString() {
        return namespace.isEmpty() ? localName : "{" + namespace + "}" + localName;
    }
}
