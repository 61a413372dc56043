package org.hhfr.schemas;

import static org.xmlpull.v1.XmlPullParser.END_DOCUMENT;
import static org.xmlpull.v1.XmlPullParser.END_TAG;
import static org.xmlpull.v1.XmlPullParser.START_TAG;
import static org.xmlpull.v1.XmlPullParser.TEXT;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reads the supported subset of XML Schema from a standalone {@code xs:schema} document or from the
 * {@code wsdl:types} of a WSDL 1.1 document into {@link SchemaDeclarations}. Every construct outside the
 * subset is refused with its position; only annotations ({@code xs:annotation} and attributes in foreign
 * namespaces) are skipped. Type references stay unresolved QNames until {@link SchemaResolver} runs.
 *
 * <p>Per component, an unsupported construct inside a global element or named type refuses that component
 * only: its refusal is recorded, the rest of its declaration skipped, and reading goes on. Malformed or
 * hostile XML and document-wide limits still end the whole document.
 */
final class SchemaDocumentReader {
    private static final String XSD = XsdType.XSD_NAMESPACE;
    private static final String WSDL = "http://schemas.xmlsoap.org/wsdl/";
    private static final String WSDL_2 = "http://www.w3.org/ns/wsdl";
    /** The facets that narrow the valid values of a simple type without changing what a value is. */
    private static final Set<String> CHECKING_FACETS = new HashSet<>(Arrays.asList("length", "minLength",
            "maxLength", "pattern", "whiteSpace", "minInclusive", "maxInclusive", "minExclusive", "maxExclusive",
            "totalDigits", "fractionDigits"));
    private static final Set<String> IDENTITY_CONSTRAINTS = new HashSet<>(Arrays.asList("unique", "key", "keyref"));

    private final XmlCursor cursor;
    private final XsdTagAttributes tag;
    private final SchemaLimits limits;
    private final boolean perComponent;
    /**
     * This document's URL when the documents it imports are read with it (a WSDL and its imports), into the same
     * declarations; {@code null} when they are not.
     */
    private final String document;
    private final boolean importsGiven;
    private final SchemaDeclarations declarations;
    private int declarationCount;

    /** The {@code xs:schema} being read: its target namespace and form defaults. */
    private String targetNamespace;
    private boolean elementsQualified;
    private boolean attributesQualified;

    /** Reads one child element of the current XSD element, through its end tag. */
    private interface ChildReader {
        void read() throws SchemaException;
    }

    /** Reads one global declaration, through its end tag. */
    private interface GlobalReader<T> {
        T read() throws SchemaException;
    }

    /**
     * @param perComponent whether an unsupported construct refuses its global component only
     * @param document     the document's URL when the documents its {@code wsdl:import}, {@code xs:import
     *                     schemaLocation} and {@code xs:include} name are read with it, into the same
     *                     {@code declarations}; {@code null} when they are not
     */
    SchemaDocumentReader(XmlCursor cursor, SchemaLimits limits, boolean perComponent, String document,
                         SchemaDeclarations declarations) {
        this.cursor = cursor;
        this.tag = new XsdTagAttributes(cursor);
        this.limits = limits;
        this.perComponent = perComponent;
        this.document = document;
        this.importsGiven = document != null;
        this.declarations = declarations;
    }

    /** Reads the whole document (prolog, document element, epilog) into the declarations. */
    void read() throws SchemaException {
        int token = cursor.next();
        while (token == TEXT && cursor.isWhitespaceText()) {
            token = cursor.next();
        }
        if (token == END_DOCUMENT) {
            throw cursor.error("the document is empty");
        } else if (token != START_TAG) {
            throw cursor.textError("text before the document element");
        }
        if (is(XSD, "schema")) {
            readSchema();
        } else if (is(WSDL, "definitions")) {
            readWsdl();
        } else if (WSDL_2.equals(cursor.namespace())) {
            throw cursor.error("WSDL 2.0 is not supported; use the service's WSDL 1.1 description");
        } else {
            throw cursor.error("<" + cursor.tagName() + "> in namespace '" + cursor.namespace()
                    + "' is neither an XML Schema (xs:schema) nor a WSDL 1.1 document (wsdl:definitions)");
        }
        while ((token = cursor.next()) != END_DOCUMENT) {
            if (token == START_TAG) {
                throw cursor.error("a second document element");
            } else if (!cursor.isWhitespaceText()) {
                throw cursor.textError("text after the document element");
            }
        }
    }

    private boolean is(String namespace, String localName) {
        return namespace.equals(cursor.namespace()) && localName.equals(cursor.localName());
    }

    // ---- WSDL 1.1: only wsdl:types matters; messages, port types, bindings and services are skipped.

    private void readWsdl() throws SchemaException {
        boolean typesSeen = false;
        while (true) {
            int token = cursor.next();
            if (token == END_TAG) {
                return;
            } else if (token == END_DOCUMENT) {
                throw cursor.truncated();
            } else if (token == TEXT) {
                requireWhitespace("wsdl:definitions");
            } else if (is(WSDL, "types")) {
                if (typesSeen) {
                    throw cursor.error("a WSDL document has at most one wsdl:types");
                }
                typesSeen = true;
                readWsdlTypes();
            } else if (is(WSDL, "import") && !importsGiven) {
                throw cursor.error("wsdl:import is not supported: other documents are never fetched;"
                        + " use a WSDL that holds its types inline");
            } else {
                cursor.skipElement();
            }
        }
    }

    private void readWsdlTypes() throws SchemaException {
        while (true) {
            int token = cursor.next();
            if (token == END_TAG) {
                return;
            } else if (token == END_DOCUMENT) {
                throw cursor.truncated();
            } else if (token == TEXT) {
                requireWhitespace("wsdl:types");
            } else if (is(XSD, "schema")) {
                readSchema();
            } else if (is(WSDL, "documentation")) {
                cursor.skipElement();
            } else {
                // named by its namespace: an older draft's schema (2000/10) is written xsd:schema too
                String namespace = cursor.namespace();
                throw cursor.error("<" + cursor.tagName() + "> in "
                        + (namespace.isEmpty() ? "no namespace" : "namespace " + namespace)
                        + " inside wsdl:types is not supported; only XML Schema 1.0's (" + XSD + ") is");
            }
        }
    }

    // ---- xs:schema and its global declarations

    private void readSchema() throws SchemaException {
        if (perComponent) {
            // blockDefault and finalDefault only forbid substituting and deriving, which no component can use (the
            // W3C's WS-Addressing schema, which many services import, has blockDefault="#all")
            tag.allowOnly("targetNamespace", "elementFormDefault", "attributeFormDefault", "blockDefault",
                    "finalDefault", "version", "id");
        } else {
            tag.allowOnly("targetNamespace", "elementFormDefault", "attributeFormDefault", "version", "id");
        }
        String namespace = cursor.attribute("targetNamespace");
        if (namespace != null && namespace.trim().isEmpty()) {
            throw cursor.error("targetNamespace=\"\" is not allowed; omit it for a schema without a namespace");
        }
        String including = namespace == null && importsGiven ? declarations.chameleonNamespace(document) : null;
        if (including != null) {
            // a chameleon include: the schema takes the namespace of the one including it, its references too
            cursor.referencesWithoutNamespaceIn(including);
        }
        targetNamespace = including != null ? including : namespace == null ? "" : namespace.trim();
        elementsQualified = tag.qualified("elementFormDefault", false);
        attributesQualified = tag.qualified("attributeFormDefault", false);
        declarations.addTargetNamespace(targetNamespace);
        readChildren(() -> {
            switch (cursor.localName()) {
                case "import":
                    readImport();
                    break;
                case "include":
                    readInclude();
                    break;
                case "element":
                    ParsedElement element = readGlobal(SchemaRefusal.Kind.ELEMENT, this::readGlobalElement);
                    if (element != null) {
                        declarations.addElement(element);
                    }
                    break;
                case "complexType":
                    ParsedComplexType complexType = readGlobal(SchemaRefusal.Kind.TYPE, () -> readComplexType(true));
                    if (complexType != null) {
                        declarations.addComplexType(complexType);
                    }
                    break;
                case "simpleType":
                    SourcePosition position = cursor.position();
                    QualifiedName name = new QualifiedName(targetNamespace, tag.name());
                    SimpleType simpleType = readGlobal(SchemaRefusal.Kind.TYPE, () -> readSimpleType(name));
                    if (simpleType != null) {
                        declarations.addSimpleType(name, simpleType, position);
                    }
                    break;
                case "group":
                    ParsedGroup group = readGlobal(SchemaRefusal.Kind.GROUP, this::readGlobalGroup);
                    if (group != null) {
                        declarations.addGroup(group);
                    }
                    break;
                case "attribute":
                    ParsedAttribute attribute = readGlobal(SchemaRefusal.Kind.ATTRIBUTE, () -> readAttribute(true));
                    if (attribute != null) {
                        declarations.addAttribute(attribute);
                    }
                    break;
                case "attributeGroup":
                    ParsedAttributeGroup attributeGroup = readGlobal(SchemaRefusal.Kind.ATTRIBUTE_GROUP,
                            this::readGlobalAttributeGroup);
                    if (attributeGroup != null) {
                        declarations.addAttributeGroup(attributeGroup);
                    }
                    break;
                default:
                    throw notSupported();
            }
        });
    }

    /**
     * Reads the global declaration whose start tag is current. Per component, a refusal of its content is
     * recorded under its name and the rest of it skipped: the result is then {@code null}. A declaration
     * without a valid name, or a failure of the document itself, still fails the whole document.
     */
    private <T> T readGlobal(SchemaRefusal.Kind kind, GlobalReader<T> reader) throws SchemaException {
        if (!perComponent) {
            return reader.read();
        }
        int depth = cursor.depth();
        SourcePosition position = cursor.position();
        String name = cursor.attribute("name");
        try {
            return reader.read();
        } catch (SchemaException e) {
            if (cursor.isBroken() || name == null || !XmlSyntax.isNcName(name.trim())) {
                throw e;
            }
            QualifiedName component = new QualifiedName(targetNamespace, name.trim());
            if (kind == SchemaRefusal.Kind.TYPE) {
                skipRecordingExtension(depth, component);
            } else {
                cursor.skipToEndOf(depth);
            }
            declarations.refuse(kind, component, position, e);
            return null;
        }
    }

    /**
     * Skips the rest of the named type {@code name}, refused per component, through its end tag at {@code depth},
     * recording the base its {@code xs:extension} names if the refusal came before it was read: an element of that
     * base may carry the refused type, named by {@code xsi:type}, as well as one that is not refused.
     */
    private void skipRecordingExtension(int depth, QualifiedName name) throws SchemaException {
        while (!cursor.isEndOf(depth)) {
            String base = cursor.isStartTag() && cursor.depth() == depth + 2 && is(XSD, "extension")
                    ? cursor.attribute("base") : null;
            if (base != null) {
                try {
                    declarations.addExtension(name, cursor.resolveQName(base, "base"));
                } catch (SchemaException notAQualifiedName) {
                    // names no type, so no element has it
                }
            }
            if (cursor.next() == END_DOCUMENT) {
                throw cursor.truncated();
            }
        }
    }

    private void readImport() throws SchemaException {
        tag.allowOnly("namespace", "schemaLocation", "id");
        SourcePosition position = cursor.position();
        String location = cursor.attribute("schemaLocation");
        if (location != null && !perComponent && !importsGiven) {
            throw cursor.error("xs:import schemaLocation=\"" + location
                    + "\" is not supported: other documents are never fetched;"
                    + " put every schema in this document and import by namespace only");
        }
        String namespace = cursor.attribute("namespace");
        namespace = namespace == null ? "" : namespace.trim();
        if (namespace.equals(targetNamespace)) {
            throw cursor.error("a schema cannot import its own target namespace " + namespace);
        }
        readChildren(() -> {
            throw notSupported();
        });
        declarations.addImport(namespace, position, location);
    }

    /**
     * An {@code xs:include}: another document of this target namespace, read with this one when the documents a
     * parse is given include it (its components then are its own schema's); refused otherwise. An included
     * schema without a target namespace takes this one's (a chameleon include).
     */
    private void readInclude() throws SchemaException {
        if (!importsGiven) {
            throw notSupported();
        }
        tag.allowOnly("schemaLocation", "id");
        String location = cursor.attribute("schemaLocation");
        String included = location == null ? null : DocumentLocation.resolve(document, location.trim());
        if (included != null && !targetNamespace.isEmpty()) {
            declarations.addInclude(included, targetNamespace);
        }
        readChildren(() -> {
            throw notSupported();
        });
    }

    private ParsedElement readGlobalElement() throws SchemaException {
        tag.allowOnly("name", "type", "nillable", "id");
        SourcePosition position = cursor.position();
        QualifiedName name = new QualifiedName(targetNamespace, tag.name());
        boolean nillable = tag.flag("nillable");
        countDeclaration();
        return readElementType(position, name, 1, 1, nillable);
    }

    /** A local element of a sequence: a declaration, a ref, or the paper's array shorthand. */
    private ParsedElement readLocalElement() throws SchemaException {
        SourcePosition position = cursor.position();
        countDeclaration();
        String ref = cursor.attribute("ref");
        if (ref != null) {
            tag.allowOnly("ref", "minOccurs", "maxOccurs", "id");
            QualifiedName target = cursor.resolveQName(ref, "ref");
            int[] occurs = tag.occurrence();
            readChildren(() -> {
                throw notSupported();
            });
            return ParsedElement.ofRef(position, target, occurs[0], occurs[1]);
        }
        tag.allowOnly("name", "type", "minOccurs", "maxOccurs", "nillable", "form", "id", "primitives", "value");
        String namespace = tag.qualified("form", elementsQualified) ? targetNamespace : "";
        QualifiedName name = new QualifiedName(namespace, tag.name());
        boolean nillable = tag.flag("nillable");
        if (isArrayShorthand()) {
            return readArrayShorthand(position, name, nillable);
        }
        if (cursor.attribute("primitives") != null || cursor.attribute("value") != null) {
            throw cursor.error("primitives= and value= belong to the array shorthand type=\"array\" only");
        }
        int[] occurs = tag.occurrence();
        return readElementType(position, name, occurs[0], occurs[1], nillable);
    }

    /** The element's type: a {@code type} reference or one inline anonymous type, never both or neither. */
    private ParsedElement readElementType(SourcePosition position, QualifiedName name, int minOccurs,
                                          int maxOccurs, boolean nillable) throws SchemaException {
        String typeAttribute = cursor.attribute("type");
        QualifiedName typeName = typeAttribute == null ? null : cursor.resolveQName(typeAttribute, "type");
        List<ParsedComplexType> complex = new ArrayList<>(1);
        List<SimpleType> simple = new ArrayList<>(1);
        readChildren(() -> {
            if (IDENTITY_CONSTRAINTS.contains(cursor.localName())) {
                readIdentityConstraint();
                return;
            }
            boolean complexType = "complexType".equals(cursor.localName());
            if (!complexType && !"simpleType".equals(cursor.localName())) {
                throw notSupported();
            }
            if (typeName != null || !complex.isEmpty() || !simple.isEmpty()) {
                throw cursor.error("element '" + name.localName() + "' has more than one type");
            }
            if (complexType) {
                complex.add(readComplexType(false));
            } else {
                simple.add(readSimpleType(null));
            }
        });
        if (typeName != null) {
            return ParsedElement.ofNamedType(position, name, minOccurs, maxOccurs, nillable, typeName);
        } else if (!complex.isEmpty()) {
            return ParsedElement.ofComplexType(position, name, minOccurs, maxOccurs, nillable, complex.get(0));
        } else if (!simple.isEmpty()) {
            return ParsedElement.ofSimpleType(position, name, minOccurs, maxOccurs, nillable, simple.get(0));
        }
        throw position.error("element '" + name.localName() + "' has no type (xs:anyType is not supported)");
    }

    /** {@code type="array"} unprefixed (or in the XSD namespace, as the paper writes its schemas). */
    private boolean isArrayShorthand() throws SchemaException {
        String type = cursor.attribute("type");
        if (type == null) {
            return false;
        }
        QualifiedName resolved = cursor.resolveQName(type, "type");
        return "array".equals(resolved.localName()) && (type.indexOf(':') < 0 || XSD.equals(resolved.namespace()));
    }

    /** {@code <element name="MyArray" type="array" primitives="float" value="90"/>}: exactly 90 floats. */
    private ParsedElement readArrayShorthand(SourcePosition position, QualifiedName name, boolean nillable)
            throws SchemaException {
        String primitives = cursor.attribute("primitives");
        String value = cursor.attribute("value");
        if (primitives == null || value == null) {
            throw cursor.error("type=\"array\" needs primitives=\"<built-in type>\" and value=\"<length>\"");
        }
        if (cursor.attribute("minOccurs") != null || cursor.attribute("maxOccurs") != null) {
            throw cursor.error("type=\"array\" fixes its length with value=; minOccurs/maxOccurs are not allowed");
        }
        QualifiedName itemType = cursor.resolveQName(primitives, "primitives");
        if (primitives.indexOf(':') < 0) {
            itemType = new QualifiedName(XSD, itemType.localName());
        }
        XsdType builtIn = XSD.equals(itemType.namespace()) ? XsdType.carrying(itemType.localName()) : null;
        if (builtIn == null) {
            throw cursor.error("primitives=\"" + primitives + "\" is not a supported built-in type "
                    + supportedTypes());
        }
        int length = tag.count(value, "value");
        if (length < 1) {
            throw cursor.error("value=\"" + value + "\": an array needs at least one item");
        }
        readChildren(() -> {
            throw notSupported();
        });
        return ParsedElement.ofNamedType(position, name, length, length, nillable,
                new QualifiedName(XSD, builtIn.localName()));
    }

    // ---- complex types

    private ParsedComplexType readComplexType(boolean global) throws SchemaException {
        SourcePosition position = cursor.position();
        if (global) {
            tag.allowOnly("name", "mixed", "abstract", "block", "final", "id");
        } else {
            tag.allowOnly("mixed", "id");
        }
        QualifiedName name = global ? new QualifiedName(targetNamespace, tag.name()) : null;
        boolean isAbstract = global && tag.flag("abstract");
        if (tag.flag("mixed")) {
            throw cursor.error("mixed=\"true\" (text mixed with elements) is not supported");
        }
        countDeclaration();
        Content content = new Content();
        QualifiedName[] base = {null};
        boolean[] simpleContent = {false};
        readChildren(() -> {
            boolean derived = "complexContent".equals(cursor.localName())
                    || "simpleContent".equals(cursor.localName());
            if (derived && (!content.isEmpty() || base[0] != null) || !derived && base[0] != null) {
                throw cursor.error("xs:complexContent or xs:simpleContent must be the only content of its"
                        + " xs:complexType");
            }
            if (derived) {
                simpleContent[0] = "simpleContent".equals(cursor.localName());
                base[0] = readDerivation(name, content, simpleContent[0]);
            } else {
                content.read();
            }
        });
        return ParsedComplexType.of(position, name, isAbstract, base[0], simpleContent[0], content.attributes,
                content.elements);
    }

    /**
     * {@code <xs:complexContent>} or {@code <xs:simpleContent>} with its {@code <xs:extension base="..">}: the
     * base type's content followed by what the extension adds, read into {@code content} (a sequence and
     * attributes, or only attributes to simple content). Returns the base.
     *
     * @param name the extending type's name, {@code null} for an anonymous type
     */
    private QualifiedName readDerivation(QualifiedName name, Content content, boolean simple) throws SchemaException {
        String kind = cursor.tagName();
        SourcePosition position = cursor.position();
        tag.allowOnly(simple ? new String[] {"id"} : new String[] {"mixed", "id"});
        if (!simple && tag.flag("mixed")) {
            throw cursor.error("mixed=\"true\" (text mixed with elements) is not supported");
        }
        QualifiedName[] base = {null};
        readChildren(() -> {
            if (!"extension".equals(cursor.localName())) {
                throw "restriction".equals(cursor.localName())
                        ? cursor.error("deriving a complex type by xs:restriction is not supported; only by"
                                + " xs:extension")
                        : notSupported();
            }
            if (base[0] != null) {
                throw cursor.error(kind + " has one xs:extension");
            }
            tag.allowOnly("base", "id");
            String baseAttribute = cursor.attribute("base");
            if (baseAttribute == null) {
                throw cursor.error("xs:extension needs a base= type");
            }
            base[0] = cursor.resolveQName(baseAttribute, "base");
            if (name != null) {
                declarations.addExtension(name, base[0]);
            }
            readChildren(() -> {
                if (simple && !"attribute".equals(cursor.localName()) && !"attributeGroup".equals(cursor.localName())) {
                    throw "sequence".equals(cursor.localName()) || "choice".equals(cursor.localName())
                            ? cursor.error("elements in xs:simpleContent: its content is text")
                            : notSupported();
                }
                content.read();
            });
        });
        if (base[0] == null) {
            throw position.error(kind + " needs an xs:extension");
        }
        return base[0];
    }

    /** The sequence and attributes of a complex type or of its extension, as read so far. */
    private final class Content {
        final List<ParsedElement> elements = new ArrayList<>();
        final List<ParsedAttribute> attributes = new ArrayList<>();
        private final Set<String> elementNames = new HashSet<>();
        private final Set<String> attributeNames = new HashSet<>();
        private boolean groupSeen;

        boolean isEmpty() {
            return !groupSeen && attributes.isEmpty();
        }

        /** Reads the current child: the one xs:sequence, then the attributes. */
        void read() throws SchemaException {
            switch (cursor.localName()) {
                case "sequence":
                case "choice":
                    if (groupSeen || !attributes.isEmpty()) {
                        throw cursor.error(cursor.tagName() + " must come once, before the attributes");
                    }
                    groupSeen = true;
                    for (ParsedElement element : readModelGroup()) {
                        if (!element.isGroupRef() && !elementNames.add(element.localName())) {
                            throw element.position().error("two elements named '" + element.localName()
                                    + "' in one sequence are not supported (positions would be ambiguous)");
                        }
                        elements.add(element);
                    }
                    break;
                case "attributeGroup":
                    attributes.add(readAttributeGroupRef());
                    break;
                case "attribute":
                    ParsedAttribute attribute = readAttribute(false);
                    if (!attributeNames.add(attribute.name().localName())) {
                        throw attribute.position().error("attribute '" + attribute.name().localName()
                                + "' is declared twice");
                    }
                    attributes.add(attribute);
                    break;
                default:
                    throw notSupported();
            }
        }
    }

    /**
     * An identity constraint ({@code xs:unique}, {@code xs:key}, {@code xs:keyref}): it only narrows which
     * documents are valid, and the service checks it as it does in a SOAP request, since it reads the same
     * elements. Its selector and fields are not read.
     */
    private void readIdentityConstraint() throws SchemaException {
        tag.allowOnly("name", "refer", "id");
        tag.name();
        cursor.skipElement();
    }

    /**
     * An {@code xs:sequence} or {@code xs:choice} (the current tag) as the flat list of its elements, in order: a
     * sequence's as they are, a choice's alternatives each made optional, and every element of an optional group
     * optional. A choice is so given more freedom than its schema gives (two alternatives, or none of a required
     * choice, would travel), and the service checks it, as it checks a narrowing facet, since it reads the same
     * elements as from a SOAP client; the one a valid message has travels in its place. A group that may repeat
     * is refused: its elements would interleave.
     */
    private List<ParsedElement> readModelGroup() throws SchemaException {
        String kind = cursor.tagName();
        tag.allowOnly("minOccurs", "maxOccurs", "id");
        int[] occurs = tag.occurrence();
        if (occurs[1] != 1) {
            throw cursor.error("maxOccurs on " + kind + " is not supported (its elements would interleave); put it"
                    + " on the elements");
        }
        boolean optional = occurs[0] == 0 || "choice".equals(cursor.localName());
        List<ParsedElement> elements = new ArrayList<>();
        readChildren(() -> {
            switch (cursor.localName()) {
                case "element":
                    elements.add(readLocalElement());
                    break;
                case "sequence":
                case "choice":
                    elements.addAll(readModelGroup());
                    break;
                case "group":
                    elements.add(readGroupRef());
                    break;
                default:
                    throw notSupported();
            }
        });
        if (optional) {
            elements.replaceAll(ParsedElement::optional);
        }
        return elements;
    }

    /** {@code <xs:attributeGroup name="..">}: attributes and refs to other attribute groups. */
    private ParsedAttributeGroup readGlobalAttributeGroup() throws SchemaException {
        SourcePosition position = cursor.position();
        tag.allowOnly("name", "id");
        QualifiedName name = new QualifiedName(targetNamespace, tag.name());
        countDeclaration();
        List<ParsedAttribute> attributes = new ArrayList<>();
        readChildren(() -> {
            switch (cursor.localName()) {
                case "attribute":
                    attributes.add(readAttribute(false));
                    break;
                case "attributeGroup":
                    attributes.add(readAttributeGroupRef());
                    break;
                default:
                    throw notSupported();
            }
        });
        return ParsedAttributeGroup.of(position, name, attributes);
    }

    /** {@code <xs:attributeGroup ref="..">} among a type's attributes. */
    private ParsedAttribute readAttributeGroupRef() throws SchemaException {
        SourcePosition position = cursor.position();
        tag.allowOnly("ref", "id");
        String ref = cursor.attribute("ref");
        if (ref == null) {
            throw cursor.error("xs:attributeGroup among attributes needs a ref=");
        }
        QualifiedName group = cursor.resolveQName(ref, "ref");
        countDeclaration();
        readChildren(() -> {
            throw notSupported();
        });
        return ParsedAttribute.ofGroupRef(position, group);
    }

    /** {@code <xs:group name="..">}: one xs:sequence or xs:choice. */
    private ParsedGroup readGlobalGroup() throws SchemaException {
        SourcePosition position = cursor.position();
        tag.allowOnly("name", "id");
        QualifiedName name = new QualifiedName(targetNamespace, tag.name());
        countDeclaration();
        List<List<ParsedElement>> content = new ArrayList<>(1);
        readChildren(() -> {
            if (!"sequence".equals(cursor.localName()) && !"choice".equals(cursor.localName())) {
                throw notSupported();
            }
            if (!content.isEmpty()) {
                throw cursor.error("an xs:group holds one xs:sequence or xs:choice");
            }
            content.add(readModelGroup());
        });
        if (content.isEmpty()) {
            throw position.error("xs:group '" + name.localName() + "' needs an xs:sequence or xs:choice");
        }
        return ParsedGroup.of(position, name, content.get(0));
    }

    /** {@code <xs:group ref="..">} in a sequence or choice. */
    private ParsedElement readGroupRef() throws SchemaException {
        SourcePosition position = cursor.position();
        tag.allowOnly("ref", "minOccurs", "maxOccurs", "id");
        String ref = cursor.attribute("ref");
        if (ref == null) {
            throw cursor.error("xs:group inside a sequence or choice needs a ref=");
        }
        QualifiedName group = cursor.resolveQName(ref, "ref");
        int[] occurs = tag.occurrence();
        if (occurs[1] != 1) {
            throw cursor.error("maxOccurs on an xs:group ref is not supported (its elements would interleave)");
        }
        countDeclaration();
        readChildren(() -> {
            throw notSupported();
        });
        return ParsedElement.ofGroupRef(position, group, occurs[0]);
    }

    /**
     * A local attribute, a ref to a global one, or (when {@code global}) a global one, always in the target
     * namespace. Its {@code default} or {@code fixed} value is what an absent attribute means: a stream carries
     * the attribute as the message has it, present or absent, and the service reads it as from a SOAP client that
     * sends the same.
     */
    private ParsedAttribute readAttribute(boolean global) throws SchemaException {
        SourcePosition position = cursor.position();
        String ref = global ? null : cursor.attribute("ref");
        if (global) {
            tag.allowOnly("name", "type", "default", "fixed", "id");
        } else if (ref != null) {
            tag.allowOnly("ref", "use", "default", "fixed", "id");
        } else {
            tag.allowOnly("name", "type", "use", "form", "default", "fixed", "id");
        }
        String use = cursor.attribute("use");
        use = use == null ? "optional" : use.trim();
        if (!use.equals("optional") && !use.equals("required")) {
            throw cursor.error("use=\"" + use + "\" is not supported; use \"optional\" or \"required\"");
        }
        if (cursor.attribute("default") != null && (use.equals("required") || cursor.attribute("fixed") != null)) {
            throw cursor.error("an attribute with a default= is optional and has no fixed=");
        }
        if (ref != null) {
            QualifiedName target = cursor.resolveQName(ref, "ref");
            countDeclaration();
            readChildren(() -> {
                throw notSupported();
            });
            return ParsedAttribute.ofRef(position, target, use.equals("required"));
        }
        String local = tag.name();
        String namespace = global || tag.qualified("form", attributesQualified) ? targetNamespace : "";
        QualifiedName name = new QualifiedName(namespace, local);
        String typeAttribute = cursor.attribute("type");
        QualifiedName typeName = typeAttribute == null ? null : cursor.resolveQName(typeAttribute, "type");
        countDeclaration();
        List<SimpleType> inline = new ArrayList<>(1);
        readChildren(() -> {
            if (!"simpleType".equals(cursor.localName())) {
                throw notSupported();
            }
            if (typeName != null || !inline.isEmpty()) {
                throw cursor.error("attribute '" + local + "' has more than one type");
            }
            inline.add(readSimpleType(null));
        });
        if (typeName == null && inline.isEmpty()) {
            throw position.error("attribute '" + local + "' has no type (xs:anySimpleType is not supported)");
        }
        return ParsedAttribute.of(position, name, use.equals("required"), typeName,
                inline.isEmpty() ? null : inline.get(0));
    }

    // ---- simple types: a built-in, or an enumeration of strings

    /** @param name the type's name, {@code null} for an anonymous type */
    private SimpleType readSimpleType(QualifiedName name) throws SchemaException {
        SourcePosition position = cursor.position();
        tag.allowOnly(name == null ? new String[] {"id"} : new String[] {"name", "id"});
        countDeclaration();
        List<SimpleType> restriction = new ArrayList<>(1);
        readChildren(() -> {
            if (!"restriction".equals(cursor.localName())) {
                throw notSupported();
            }
            if (!restriction.isEmpty()) {
                throw cursor.error("an xs:simpleType has one xs:restriction");
            }
            restriction.add(readRestriction(name));
        });
        if (restriction.isEmpty()) {
            throw position.error("xs:simpleType needs an xs:restriction");
        }
        return restriction.get(0);
    }

    private SimpleType readRestriction(QualifiedName name) throws SchemaException {
        tag.allowOnly("base", "id");
        String base = cursor.attribute("base");
        if (base == null) {
            throw cursor.error("xs:restriction needs a base= built-in type");
        }
        QualifiedName baseName = cursor.resolveQName(base, "base");
        if (!XSD.equals(baseName.namespace())) {
            throw cursor.error("restricting " + baseName + " is not supported; a simple type may only restrict"
                    + " a built-in type");
        }
        XsdType baseType = XsdType.carrying(baseName.localName());
        if (baseType == null) {
            throw cursor.error("built-in type xs:" + baseName.localName() + " is not supported " + supportedTypes());
        }
        List<String> values = new ArrayList<>();
        Set<String> distinct = new HashSet<>();
        readChildren(() -> {
            if (CHECKING_FACETS.contains(cursor.localName())) {
                readCheckingFacet();
                return;
            }
            if (!"enumeration".equals(cursor.localName())) {
                throw cursor.error("facet " + cursor.tagName() + " is not supported");
            }
            if (baseType != XsdType.STRING) {
                throw cursor.error("xs:enumeration is supported on xs:string only, not on xs:" + baseType.localName());
            }
            tag.allowOnly("value", "id");
            String value = cursor.attribute("value");
            if (value == null) {
                throw cursor.error("xs:enumeration needs a value=");
            }
            if (!distinct.add(value)) {
                throw cursor.error("enumeration value '" + value + "' appears twice");
            }
            if (values.size() == limits.maxEnumerationValues()) {
                throw cursor.documentError("more than " + limits.maxEnumerationValues() + " enumeration values");
            }
            values.add(value);
            readChildren(() -> {
                throw notSupported();
            });
        });
        return values.isEmpty() ? SimpleType.of(baseType) : SimpleType.enumeration(name, values);
    }

    /**
     * A facet that only narrows which values are valid (a length, a pattern, bounds, digits, white space): the
     * values that travel are the base type's, and the service checks the facet as it does in a SOAP request,
     * since it reads the same text.
     */
    private void readCheckingFacet() throws SchemaException {
        tag.allowOnly("value", "fixed", "id");
        if (cursor.attribute("value") == null) {
            throw cursor.error(cursor.tagName() + " needs a value=");
        }
        readChildren(() -> {
            throw notSupported();
        });
    }

    // ---- shared pieces

    /**
     * Reads the content of the current XSD element up to its end tag: white space, annotations (skipped),
     * and child elements in the XSD namespace, each handed to {@code reader}.
     */
    private void readChildren(ChildReader reader) throws SchemaException {
        String parent = cursor.tagName();
        while (true) {
            int token = cursor.next();
            if (token == END_TAG) {
                return;
            } else if (token == END_DOCUMENT) {
                throw cursor.truncated();
            } else if (token == TEXT) {
                requireWhitespace(parent);
            } else if (!XSD.equals(cursor.namespace())) {
                throw cursor.error("<" + cursor.tagName() + "> is not allowed inside <" + parent
                        + ">: only XML Schema elements are");
            } else if ("annotation".equals(cursor.localName())) {
                tag.allowOnly("id");
                cursor.skipElement();
            } else {
                reader.read();
            }
        }
    }

    private void requireWhitespace(String parent) throws SchemaException {
        if (!cursor.isWhitespaceText()) {
            throw cursor.textError("text inside <" + parent + "> is not allowed");
        }
    }

    private static String supportedTypes() {
        StringBuilder list = new StringBuilder("(supported:");
        for (XsdType type : XsdType.values()) {
            list.append(type.ordinal() == 0 ? " " : ", ").append(type.localName());
        }
        return list.append(')').toString();
    }

    private void countDeclaration() throws SchemaException {
        if (++declarationCount > limits.maxDeclarations()) {
            throw cursor.documentError("more than " + limits.maxDeclarations() + " declarations");
        }
    }

    /** A refusal of the current XSD element, saying why for the constructs people commonly use. */
    private SchemaException notSupported() {
        String tag = cursor.tagName();
        String why;
        switch (cursor.localName()) {
            case "all":
                why = tag + " is not supported: only xs:sequence and xs:choice, whose order is the wire order";
                break;
            case "any":
            case "anyAttribute":
                why = "wildcards (" + tag + ") are not supported: every element needs a declared type";
                break;
            case "list":
            case "union":
                why = tag + " simple types are not supported: only built-ins and string enumerations";
                break;
            case "include":
            case "redefine":
            case "override":
                why = tag + " is not supported: other documents are never fetched";
                break;
            default:
                why = "<" + tag + "> is not supported here";
        }
        return cursor.error(why);
    }
}
