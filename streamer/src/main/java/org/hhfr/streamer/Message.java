package org.hhfr.streamer;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;

/**
 * The content of one SOAP Body, typed by its {@link DataStructure}: the Infoset without the angle
 * brackets. The root value is a {@link Record} for a complex root element, a simple value (see
 * {@link Record} for the Java types) for a simple root, or {@link Nil#NIL} for a nil root ({@link Record#isNil()
 * a nil record} if it carries attributes). Immutable and valid by construction; equal by value.
 */
public final class Message {
    private final DataStructure structure;
    private final Object root;

    private Message(DataStructure structure, Object root) {
        this.structure = structure;
        this.root = root;
    }

    /** A builder for a message whose root element is complex. */
    public static Builder of(DataStructure structure) {
        return new Builder(structure);
    }

    /**
     * A message with the given root value: a {@link Record} of the root's type, a simple value, or
     * {@link Nil#NIL} or a {@link Record.Builder#buildNil() nil record} if the root is nillable.
     *
     * @throws IllegalArgumentException if the value does not fit the root declaration
     */
    public static Message of(DataStructure structure, Object root) {
        if (root == null) {
            throw new IllegalArgumentException("the root element " + structure.root().name() + " needs a value");
        }
        ValueRules.checkElement(structure.root(), root);
        return new Message(structure, root);
    }

    /** A root value already checked, from a decoder. */
    static Message trusted(DataStructure structure, Object root) {
        return new Message(structure, root);
    }

    public DataStructure structure() {
        return structure;
    }

    /** The root value: a {@link Record} (a nil one when nil with attributes), a simple value, or {@link Nil#NIL}. */
    public Object root() {
        return root;
    }

    /** The root record. @throws IllegalStateException if the root is simple or nil */
    public Record record() {
        if (!(root instanceof Record) || isNil()) {
            throw new IllegalStateException("the root element " + structure.root().name() + " holds "
                    + (isNil() ? "nil" : "a simple value") + ", not a record");
        }
        return (Record) root;
    }

    /** Whether the root was sent as {@code xsi:nil="true"}, with attributes or without. */
    public boolean isNil() {
        return Nil.isNil(root);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Message)) {
            return false;
        }
        Message other = (Message) o;
        return (structure == other.structure || structure.equals(other.structure)) && Values.equal(root, other.root);
    }

    @Override
    public int hashCode() {
        return 31 * structure.hashCode() + Values.hash(root);
    }

    /** E.g. {@code {http://floatsum.hhfr.org}sum{values=[1.5, 2.0]}}. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder().append(structure.root().name());
        if (!(root instanceof Record)) {
            out.append('=');
        }
        Values.describe(out, root);
        return out.toString();
    }

    /** Sets the root record's values, checking each (see {@link Record.Builder}). */
    public static final class Builder {
        private final DataStructure structure;
        private final Record.Builder record;

        private Builder(DataStructure structure) {
            ElementDecl root = structure.root();
            if (root.isSimple()) {
                throw new IllegalArgumentException("the root element " + root.name()
                        + " is simple: use Message.of(structure, value)");
            }
            this.structure = structure;
            this.record = Record.builder(root.complexType());
        }

        public Builder set(String localName, Object value) {
            record.set(localName, value);
            return this;
        }

        public Builder set(QualifiedName name, Object value) {
            record.set(name, value);
            return this;
        }

        public Builder set(int index, Object value) {
            record.set(index, value);
            return this;
        }

        public Builder nil(String localName) {
            record.nil(localName);
            return this;
        }

        public Builder attribute(String localName, Object value) {
            record.attribute(localName, value);
            return this;
        }

        public Builder attribute(QualifiedName name, Object value) {
            record.attribute(name, value);
            return this;
        }

        /** A new builder for the complex type of the root's child {@code localName}. */
        public Record.Builder child(String localName) {
            return record.child(localName);
        }

        /** @throws IllegalArgumentException if a required value is missing */
        public Message build() {
            return new Message(structure, record.build());
        }
    }
}
