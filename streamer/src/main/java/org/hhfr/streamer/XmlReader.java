package org.hhfr.streamer;

import java.io.IOException;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.SimpleType;
import org.hhfr.schemas.XmlPull;
import org.hhfr.schemas.XsdType;

/**
 * Reads the SOAP Body content of one message from a namespace-aware pull parser, strictly by the
 * structure: elements in sequence order with their occurrence bounds, declared attributes, text only
 * where the type is simple or has simple content. Any prefix is accepted. An {@code xsi:type} on an element of a
 * named complex type must name that type (another is a type derived from it, which the structure would not
 * carry); on an element of a simple type, another than that type or a built-in type carried as it only without
 * attributes in a namespace (it may be a type with simple content extending it, whose attributes the structure
 * would drop). Other attributes in the XSI namespace
 * than {@code nil}, and undeclared attributes in a namespace (as {@code soapenv:mustUnderstand}), are ignored; an
 * undeclared attribute in no namespace is an error.
 */
final class XmlReader {
    private final XmlPullParser in;
    private final StreamerLimits limits;
    private final ElementPath path = new ElementPath();

    XmlReader(XmlPullParser in, StreamerLimits limits) {
        this.in = in;
        this.limits = limits;
    }

    /** Reads from the root's start tag up to and including its end tag. */
    Message read(DataStructure structure) throws MalformedMessageException {
        ElementDecl root = structure.root();
        try {
            if (in.getEventType() != XmlPullParser.START_TAG) {
                throw malformed("expected the start tag of " + root.name());
            }
            if (!matches(root.name())) {
                throw malformed("expected the element " + root.name() + ", found " + found());
            }
            path.push(root.name().localName());
            Object value = readElement(root);
            path.pop();
            return Message.trusted(structure, value);
        } catch (XmlPullParserException e) {
            throw new MalformedMessageException("not well-formed XML: " + XmlPull.message(e), location(),
                    path.toString(), e);
        } catch (IOException e) {
            throw new MalformedMessageException("unreadable XML", location(), path.toString(), e);
        } catch (RuntimeException e) {
            throw new MalformedMessageException("unreadable XML", location(), path.toString(), e);
        }
    }

    /** From the element's start tag to its end tag: a value, {@link Nil#NIL}, or a nil record (with attributes). */
    private Object readElement(ElementDecl element)
            throws XmlPullParserException, IOException, MalformedMessageException {
        if (path.depth() > limits.maxDepth()) {
            throw malformed("nesting deeper than maxDepth " + limits.maxDepth());
        }
        requireDeclaredType(element);
        if (isNil()) {
            if (!element.nillable()) {
                throw malformed("xsi:nil on the element " + element.name() + ", which is not nillable");
            }
            if (element.isSimple()) {
                rejectUndeclaredAttributes();
                if (!readText().isEmpty()) {
                    throw malformed("a nil element has content");
                }
                return Nil.NIL;
            }
            Record record = Record.nil(element.complexType(), readAttributes(element.complexType(), true));
            skipEmptyContent();
            return record == null ? Nil.NIL : record;
        }
        if (element.isSimple()) {
            rejectUndeclaredAttributes();
            return simpleValue(element.simpleType());
        }
        return readRecord(element.complexType());
    }

    /** The text up to the element's end tag as a value of {@code type}. */
    private Object simpleValue(SimpleType type) throws XmlPullParserException, IOException, MalformedMessageException {
        String text = readText();
        try {
            return checkedString(XsdLexical.parse(type, text, limits));
        } catch (IllegalArgumentException e) {
            throw malformed(e.getMessage());
        }
    }

    private Record readRecord(ComplexType type)
            throws XmlPullParserException, IOException, MalformedMessageException {
        Object[] attributes = readAttributes(type, false);
        List<ElementDecl> declarations = type.elements();
        if (type.hasSimpleContent()) {
            return new Record(type, attributes, new Object[] {simpleValue(declarations.get(0).simpleType())});
        }
        Object[] elements = new Object[declarations.size()];
        List<Object> items = null;
        int current = 0;
        int count = 0;
        path.push("");
        while (true) {
            int event = nextTag();
            if (event == XmlPullParser.END_TAG) {
                break;
            }
            while (current < declarations.size() && !matches(declarations.get(current).name())) {
                path.replace(declarations.get(current).name().localName());
                close(declarations.get(current), count, items, elements, current);
                current++;
                count = 0;
                items = null;
            }
            if (current == declarations.size()) {
                path.replace(in.getName());
                throw malformed("unexpected element " + found() + " (the sequence is " + names(declarations)
                        + ")");
            }
            ElementDecl element = declarations.get(current);
            if (count == element.maxOccurs() || count == limits.maxArrayLength()) {
                throw malformed("more than " + count + " elements " + element.name()
                        + (count == element.maxOccurs() ? "" : " (maxArrayLength)"));
            }
            path.replace(element.name().localName());
            if (element.isRepeated()) {
                path.index(count);
                if (items == null) {
                    items = new ArrayList<>();
                }
                Object item = readElement(element);
                items.add(item == Nil.NIL ? null : item);
            } else {
                elements[current] = readElement(element);
            }
            count++;
        }
        for (; current < declarations.size(); current++) {
            path.replace(declarations.get(current).name().localName());
            close(declarations.get(current), count, items, elements, current);
            count = 0;
            items = null;
        }
        path.pop();
        return new Record(type, attributes, elements);
    }

    /** Ends the run of {@code element}: checks its minimum and stores a repeated element's array. */
    private void close(ElementDecl element, int count, List<Object> items, Object[] elements, int index)
            throws XmlPullParserException, MalformedMessageException {
        if (count < element.minOccurs()) {
            String found = in.getEventType() == XmlPullParser.START_TAG ? " before " + found() : "";
            throw malformed((count == 0 ? "missing required element " + element.name()
                    : "only " + count + " of at least " + element.minOccurs() + " elements " + element.name())
                    + found);
        }
        if (element.isRepeated()) {
            elements[index] = toArray(element, items);
        }
    }

    private static Object toArray(ElementDecl element, List<Object> items) {
        if (items == null) {
            return ValueRules.emptyArray(element);
        }
        Object array = Array.newInstance(ValueRules.arrayClass(element).getComponentType(), items.size());
        for (int i = 0; i < items.size(); i++) {
            Array.set(array, i, items.get(i));
        }
        return array;
    }

    /** The declared attributes' values; those of a nil element are all optional. */
    private Object[] readAttributes(ComplexType type, boolean nil) throws MalformedMessageException {
        List<AttributeDecl> declarations = type.attributes();
        Object[] values = new Object[declarations.size()];
        for (int k = 0; k < in.getAttributeCount(); k++) {
            String namespace = in.getAttributeNamespace(k);
            String name = in.getAttributeName(k);
            int index = declaredAttribute(declarations, namespace, name);
            if (index < 0) {
                if (namespace.isEmpty()) {
                    throw malformed("undeclared attribute " + name);
                }
                continue;
            }
            if (values[index] != null) {
                throw malformed("duplicate attribute " + declarations.get(index).name());
            }
            path.pushAttribute(name);
            try {
                values[index] = checkedString(XsdLexical.parse(declarations.get(index).type(),
                        in.getAttributeValue(k), limits));
            } catch (IllegalArgumentException e) {
                throw malformed(e.getMessage());
            }
            path.pop();
        }
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null && declarations.get(i).required() && !nil) {
                throw malformed("missing required attribute " + declarations.get(i).name());
            }
        }
        return values;
    }

    private static int declaredAttribute(List<AttributeDecl> declarations, String namespace, String name) {
        for (int i = 0; i < declarations.size(); i++) {
            QualifiedName declared = declarations.get(i).name();
            if (declared.localName().equals(name) && declared.namespace().equals(namespace)) {
                return i;
            }
        }
        return -1;
    }

    private void rejectUndeclaredAttributes() throws MalformedMessageException {
        for (int k = 0; k < in.getAttributeCount(); k++) {
            if (in.getAttributeNamespace(k).isEmpty()) {
                throw malformed("undeclared attribute " + in.getAttributeName(k));
            }
        }
    }

    /**
     * An {@code xsi:type} names the element's type (XML someone other than an HHFR client wrote may name another, whose
     * type and content the structure would not carry): a named complex type itself, as another is one derived from
     * it. On an element of a simple type it names some type, and one other than that type or a built-in type carried
     * as it (toolkits that name every element's type write {@code xs:string} on a string) comes without attributes
     * in a namespace: another type may be one with simple content extending the simple type, whose attributes the
     * structure would drop. Without such attributes nothing is dropped: the text is read as the declared type.
     */
    private void requireDeclaredType(ElementDecl element) throws MalformedMessageException {
        String named = in.getAttributeValue(XmlWriter.XSI, "type");
        if (named == null) {
            return;
        }
        String text = named.trim();
        int colon = text.indexOf(':');
        String prefix = colon < 0 ? null : text.substring(0, colon);
        String namespace = in.getNamespace(prefix);
        if (namespace == null && prefix == null) {
            namespace = "";
        }
        String localName = text.substring(colon + 1);
        QualifiedName found = namespace == null || localName.isEmpty() ? null : new QualifiedName(namespace, localName);
        String names = "xsi:type names " + (found != null ? found : "'" + text + "' (no type)");
        if (element.isSimple()) {
            SimpleType type = element.simpleType();
            if (found == null) {
                throw malformed(names);
            }
            QualifiedName dropped = isCarriedAs(found, type) ? null : foreignAttribute();
            if (dropped != null) {
                throw malformed(names + ", not a type the element's values travel as (" + (type.name() != null
                        ? type.name() : "an anonymous enumeration") + "), and the element has the attribute "
                        + dropped + ", which the structure does not carry (a type with simple content extending a"
                        + " simple type is not supported)");
            }
        } else if (element.complexType().name() != null && !element.complexType().name().equals(found)) {
            throw malformed(names + ", not the element's type " + element.complexType().name()
                    + " (a derived type is not supported)");
        }
    }

    /** The element's first attribute in a namespace other than XSI's, or null: a simple type's element has none. */
    private QualifiedName foreignAttribute() {
        for (int k = 0; k < in.getAttributeCount(); k++) {
            String namespace = in.getAttributeNamespace(k);
            if (!namespace.isEmpty() && !XmlWriter.XSI.equals(namespace)) {
                return new QualifiedName(namespace, in.getAttributeName(k));
            }
        }
        return null;
    }

    /** Whether {@code name} is that of {@code type} or of a built-in type whose values travel as its values do. */
    private static boolean isCarriedAs(QualifiedName name, SimpleType type) {
        return name.equals(type.name()) || XsdType.XSD_NAMESPACE.equals(name.namespace())
                && XsdType.carrying(name.localName()) == type.base();
    }

    private boolean isNil() throws MalformedMessageException {
        String nil = in.getAttributeValue(XmlWriter.XSI, "nil");
        if (nil == null) {
            return false;
        }
        try {
            return XsdLexical.parseBoolean(XsdLexical.trim(nil));
        } catch (IllegalArgumentException e) {
            throw malformed("xsi:nil " + e.getMessage());
        }
    }

    /** The text up to the element's end tag; a child element is an error. */
    private String readText() throws XmlPullParserException, IOException, MalformedMessageException {
        String text = "";
        StringBuilder joined = null;
        while (true) {
            int event = in.next();
            if (event == XmlPullParser.END_TAG) {
                return joined == null ? text : joined.toString();
            }
            if (event == XmlPullParser.START_TAG) {
                throw malformed("element " + found() + " inside a simple value");
            }
            if (event != XmlPullParser.TEXT) {
                throw malformed("unexpected " + XmlPullParser.TYPES[event] + " inside a simple value");
            }
            String part = in.getText();
            int length = (joined == null ? text.length() : joined.length()) + part.length();
            if (length > limits.maxStringBytes()) {
                throw malformed("text of more than " + limits.maxStringBytes() + " characters (maxStringBytes)");
            }
            if (text.isEmpty() && joined == null) {
                text = part;
            } else {
                if (joined == null) {
                    joined = new StringBuilder(text);
                }
                joined.append(part);
            }
        }
    }

    /** Moves to the next start or end tag, allowing only whitespace text between. */
    private int nextTag() throws XmlPullParserException, IOException, MalformedMessageException {
        while (true) {
            int event = in.next();
            if (event == XmlPullParser.START_TAG || event == XmlPullParser.END_TAG) {
                return event;
            }
            if (event != XmlPullParser.TEXT || !in.isWhitespace()) {
                throw malformed(event == XmlPullParser.TEXT ? "text where only elements may appear"
                        : "unexpected " + XmlPullParser.TYPES[event]);
            }
        }
    }

    private void skipEmptyContent() throws XmlPullParserException, IOException, MalformedMessageException {
        if (nextTag() != XmlPullParser.END_TAG) {
            throw malformed("a nil element has content");
        }
    }

    private Object checkedString(Object value) throws MalformedMessageException {
        if (value instanceof String) {
            int bad = XmlChars.firstInvalid((String) value);
            if (bad >= 0) {
                throw malformed("character U+" + Integer.toHexString(((String) value).charAt(bad))
                        + " is not allowed in XML 1.0");
            }
        }
        return value;
    }

    private boolean matches(QualifiedName name) {
        return name.localName().equals(in.getName()) && name.namespace().equals(in.getNamespace());
    }

    /** The element the parser is on, for a message; kxml2 lets through a start tag without a local name. */
    private String found() {
        String name = in.getName();
        return name == null || name.isEmpty() ? "an element without a local name"
                : new QualifiedName(in.getNamespace(), name).toString();
    }

    private static String names(List<ElementDecl> declarations) {
        StringBuilder out = new StringBuilder("[");
        for (ElementDecl declaration : declarations) {
            out.append(out.length() > 1 ? ", " : "").append(declaration.name());
        }
        return out.append(']').toString();
    }

    private String location() {
        return "line " + in.getLineNumber() + ":" + in.getColumnNumber();
    }

    private MalformedMessageException malformed(String reason) {
        return new MalformedMessageException(reason, location(), path.toString());
    }
}
