package org.hhfr.schemas;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * Turns {@link SchemaDeclarations} into the immutable model: resolves type references and element refs by
 * qualified name across all schemas of the document, refuses recursion, and bounds every resolved
 * structure's depth ({@link SchemaLimits#maxStructureDepth()}) and size ({@link SchemaLimits#maxDeclarations()}
 * counted with named types expanded, so a chain of types that each use the next many times cannot blow up).
 *
 * <p>Named complex types and global elements are resolved once and shared, so memory stays linear in the
 * size of the document.
 *
 * <p>Per component, a global element or named type that cannot be resolved (or uses one that cannot, or was
 * refused while reading) is recorded as a {@link SchemaRefusal} and the others are resolved; otherwise the
 * first failure fails the document.
 */
final class SchemaResolver {
    private static final String XSD = XsdType.XSD_NAMESPACE;

    private final SchemaDeclarations declarations;
    private final SchemaLimits limits;
    private final boolean perComponent;
    private final Map<QualifiedName, Resolved<ComplexType>> namedTypes = new HashMap<>();
    private final Map<QualifiedName, Resolved<ElementDecl>> globalElements = new HashMap<>();
    /**
     * Named types and global elements (keyed as in {@link #inProgress}) that failed, with the failure and the
     * depth of the use that failed: a use at least as deep fails alike, a shallower one is tried again (a
     * type may be too deep for one use and fine for another).
     */
    private final Map<String, Failure> failures = new HashMap<>();
    /** Failures whose reason already names the innermost named type they happened in. */
    private final Set<SchemaException> namingTheirType = Collections.newSetFromMap(new IdentityHashMap<>());
    /**
     * Global elements ("element {ns}name") and named types ("type {ns}name") being resolved, outermost
     * first: meeting one again is recursion. Elements and types have separate symbol spaces, hence the kind.
     */
    private final Set<String> inProgress = new LinkedHashSet<>();

    /**
     * A resolved declaration with the levels of elements it spans, the declarations it expands to, and why the
     * first element in it that may carry a type derived from its own may ({@code null} for none).
     */
    private static final class Resolved<T> {
        final T value;
        final int height;
        final long size;
        final @Nullable SchemaException derivable;

        Resolved(T value, int height, long size, @Nullable SchemaException derivable) {
            this.value = value;
            this.height = height;
            this.size = size;
            this.derivable = derivable;
        }
    }

    /**
     * An element of a type's content, with the named groups it comes from (keyed as in {@link #inProgress}), outermost
     * first: its own type is resolved inside them, so that a group met again there is recursion.
     */
    private static final class ContentElement {
        final ParsedElement element;
        final List<String> groups;

        ContentElement(ParsedElement element, List<String> groups) {
            this.element = element;
            this.groups = groups;
        }
    }

    /** A failed resolution and the depth of the use that failed. */
    private static final class Failure {
        final SchemaException cause;
        final int depth;

        Failure(SchemaException cause, int depth) {
            this.cause = cause;
            this.depth = depth;
        }
    }

    /** @param perComponent whether a failure refuses its global component only */
    SchemaResolver(SchemaDeclarations declarations, SchemaLimits limits, boolean perComponent) {
        this.declarations = declarations;
        this.limits = limits;
        this.perComponent = perComponent;
    }

    Schema resolve() throws SchemaException {
        List<SchemaRefusal> refusals = new ArrayList<>(declarations.refusedElements().values());
        refusals.addAll(declarations.refusedTypes().values());
        refusals.addAll(declarations.groups().refusals());
        refusals.addAll(declarations.attributes().refusals());
        refusals.addAll(declarations.attributeGroups().refusals());
        Map<QualifiedName, ElementDecl> elements = new LinkedHashMap<>();
        Map<QualifiedName, SchemaRefusal> derivable = new LinkedHashMap<>();
        for (ParsedElement element : declarations.elements().values()) {
            try {
                Resolved<ElementDecl> resolved = globalElement(element.name(), element.position(), 1);
                elements.put(element.name(), resolved.value);
                if (resolved.derivable != null) {
                    derivable.put(element.name(), SchemaRefusal.of(SchemaRefusal.Kind.ELEMENT, element.name(),
                            resolved.derivable));
                }
            } catch (SchemaException e) {
                refusals.add(refusal(SchemaRefusal.Kind.ELEMENT, element.name(), e));
            }
        }
        Map<QualifiedName, ComplexType> complexTypes = new LinkedHashMap<>();
        for (ParsedComplexType type : declarations.complexTypes().values()) {
            try {
                complexTypes.put(type.name(), namedType(type.name(), type.position(), 1).value);
            } catch (SchemaException e) {
                refusals.add(refusal(SchemaRefusal.Kind.TYPE, type.name(), e));
            }
        }
        return new Schema(elements, complexTypes, declarations.simpleTypes(), refusals, derivable,
                declarations.unreadImports());
    }

    /** The refusal of a global component, per component; otherwise the failure itself. */
    private SchemaRefusal refusal(SchemaRefusal.Kind kind, QualifiedName name, SchemaException failure)
            throws SchemaException {
        if (!perComponent) {
            throw failure;
        }
        return SchemaRefusal.of(kind, name, failure);
    }

    /**
     * @param depth the level, counted from 1 at a data structure's root, of the element that uses it
     * @param usedAt where the reference is, for errors
     */
    private Resolved<ElementDecl> globalElement(QualifiedName name, SourcePosition usedAt, int depth)
            throws SchemaException {
        Resolved<ElementDecl> resolved = globalElements.get(name);
        if (resolved == null) {
            ParsedElement parsed = declarations.elements().get(name);
            if (parsed == null) {
                SchemaRefusal refused = declarations.refusedElements().get(name);
                if (refused != null) {
                    throw refused.asFailureOf("element");
                }
                throw usedAt.error("ref to unknown global element " + name
                        + declarations.unreadImport(name.namespace()));
            }
            String key = "element " + name;
            requireNotFailed(key, depth);
            enter(key, usedAt);
            try {
                resolved = element(parsed, depth);
            } catch (SchemaException e) {
                failures.put(key, new Failure(e, depth));
                throw e;
            } finally {
                inProgress.remove(key);
            }
            globalElements.put(name, resolved);
        }
        requireDepth(depth + resolved.height - 1, usedAt);
        return resolved;
    }

    private Resolved<ComplexType> namedType(QualifiedName name, SourcePosition usedAt, int depth)
            throws SchemaException {
        Resolved<ComplexType> resolved = namedTypes.get(name);
        if (resolved == null) {
            String key = "type " + name;
            requireNotFailed(key, depth);
            enter(key, usedAt);
            try {
                resolved = complexType(declarations.complexTypes().get(name), depth);
                if (resolved.derivable != null) {
                    resolved = new Resolved<>(resolved.value, resolved.height, resolved.size,
                            inType(name, resolved.derivable));
                }
            } catch (SchemaException e) {
                SchemaException failure = inType(name, e);
                failures.put(key, new Failure(failure, depth));
                throw failure;
            } finally {
                inProgress.remove(key);
            }
            namedTypes.put(name, resolved);
        }
        requireDepth(depth + resolved.height, usedAt);
        return resolved;
    }

    /** Fails again as before if {@code key} failed at this depth or above it. */
    private void requireNotFailed(String key, int depth) throws SchemaException {
        Failure failure = failures.get(key);
        if (failure != null && depth >= failure.depth) {
            throw failure.cause;
        }
    }

    /** A failure inside the named type {@code name}, naming it (unless it names an inner one already). */
    private SchemaException inType(QualifiedName name, SchemaException e) {
        if (namingTheirType.contains(e)) {
            return e;
        }
        return namingType(new SchemaException("type " + name + ": " + e.reason(), e.construct(), e.line(),
                e.column()).inDocument(e.document()));
    }

    private SchemaException namingType(SchemaException e) {
        namingTheirType.add(e);
        return e;
    }

    /** The type {@code name} was refused while reading (per component), or {@code null}. */
    private SchemaException refusedType(QualifiedName name) {
        SchemaRefusal refused = declarations.refusedTypes().get(name);
        return refused == null ? null : namingType(refused.asFailureOf("type"));
    }

    private void enter(String key, SourcePosition usedAt) throws SchemaException {
        if (!inProgress.add(key)) {
            StringBuilder path = new StringBuilder();
            boolean inCycle = false;
            for (String step : inProgress) {
                inCycle |= step.equals(key);
                if (inCycle) {
                    path.append(step).append(" -> ");
                }
            }
            throw usedAt.error("recursive structure: " + path + key + " (recursion is not supported)");
        }
    }

    /** @param depth the element's level from the root of the structure, 1 for the root */
    private Resolved<ElementDecl> element(ParsedElement parsed, int depth) throws SchemaException {
        requireDepth(depth, parsed.position());
        if (parsed.isRef()) {
            Resolved<ElementDecl> global = globalElement(parsed.ref(), parsed.position(), depth);
            ElementDecl declaration = global.value.withOccurrence(parsed.minOccurs(), parsed.maxOccurs(),
                    global.value.nillable());
            return new Resolved<>(declaration, global.height, global.size, global.derivable);
        }
        Resolved<ComplexType> complex = null;
        SchemaException slot = null;
        SimpleType simple = parsed.inlineSimpleType();
        if (parsed.inlineComplexType() != null) {
            complex = complexType(parsed.inlineComplexType(), depth);
        } else if (parsed.typeName() != null) {
            QualifiedName typeName = parsed.typeName();
            SchemaException refused = refusedType(typeName);
            if (refused != null) {
                throw refused;
            }
            if (declarations.complexTypes().containsKey(typeName)) {
                requireNotAbstract(parsed, typeName);
                slot = derivedTypeSlot(parsed, typeName);
                complex = namedType(typeName, parsed.position(), depth);
            } else {
                simple = simpleType(typeName, parsed.position(), "element '" + parsed.name().localName() + "'");
            }
        }
        if (complex == null) {
            return new Resolved<>(ElementDecl.simple(parsed.name(), simple, parsed.minOccurs(), parsed.maxOccurs(),
                    parsed.nillable()), 1, 1, null);
        }
        long size = requireSize(1 + complex.size, parsed.position());
        return new Resolved<>(ElementDecl.complex(parsed.name(), complex.value, parsed.minOccurs(),
                parsed.maxOccurs(), parsed.nillable()), 1 + complex.height, size,
                slot != null ? slot : complex.derivable);
    }

    /** An element of an abstract type always carries a type derived from it, named by {@code xsi:type}. */
    private void requireNotAbstract(ParsedElement parsed, QualifiedName typeName) throws SchemaException {
        if (declarations.complexTypes().get(typeName).isAbstract()) {
            throw parsed.position().error("element '" + parsed.name().localName() + "' has the abstract type "
                    + typeName + ", so it carries a type derived from it, named by xsi:type (not supported)",
                    "abstract");
        }
    }

    /**
     * Why an element of the named complex type {@code typeName} may carry another type: one that extends it, with
     * content its structure would not hold, named by {@code xsi:type}; {@code null} when none extends it. A message
     * an HHFR client writes never does, so only a message the service writes (a response) is refused for it.
     */
    private @Nullable SchemaException derivedTypeSlot(ParsedElement parsed, QualifiedName typeName) {
        QualifiedName extension = declarations.extensionOf(typeName);
        return extension == null ? null : parsed.position().error("element '" + parsed.name().localName()
                + "' has the type " + typeName + ", which " + extension + " extends, so it may carry a " + extension
                + " named by xsi:type (not supported)", "xs:extension");
    }

    /** @param depth the level of the element whose type this is */
    private Resolved<ComplexType> complexType(ParsedComplexType parsed, int depth) throws SchemaException {
        List<AttributeDecl> attributes = new ArrayList<>();
        List<ElementDecl> elements = new ArrayList<>();
        Set<String> names = new HashSet<>();
        int height = 0;
        long size = 0;
        SimpleType text = null;
        SchemaException derivable = null;
        resolveBasesFirst(parsed, depth);
        if (parsed.simpleContent()) {
            Resolved<ComplexType> base = simpleContentBase(parsed, depth);
            if (base == null) {
                text = simpleType(parsed.base(), parsed.position(), "xs:simpleContent");
            } else {
                text = base.value.elements().get(0).simpleType();
                attributes.addAll(base.value.attributes());
                attributes.forEach(attribute -> names.add("attribute '" + attribute.name().localName() + "'"));
                size = base.size;
            }
        } else if (parsed.base() != null && !isAnyType(parsed.base())) {
            Resolved<ComplexType> base = baseType(parsed.base(), parsed.position(), depth);
            derivable = base.derivable;
            attributes.addAll(base.value.attributes());
            attributes.forEach(attribute -> names.add("attribute '" + attribute.name().localName() + "'"));
            if (base.value.hasSimpleContent()) {
                // an extension that adds no element keeps its base's text (XML Schema 1.0, 3.4.2)
                if (!parsed.elements().isEmpty()) {
                    throw parsed.position().error("xs:complexContent adds elements to " + parsed.base()
                            + ", whose content is text", "xs:extension");
                }
                text = base.value.elements().get(0).simpleType();
            } else {
                elements.addAll(base.value.elements());
                elements.forEach(element -> names.add("element '" + element.name().localName() + "'"));
                height = base.height;
            }
            size = base.size;
        }
        List<ParsedAttribute> ownAttributes = new ArrayList<>();
        withAttributeGroupsExpanded(parsed.attributes(), ownAttributes, 0, 0);
        for (ParsedAttribute attribute : ownAttributes) {
            ParsedAttribute declared = attribute.isRef() ? declarations.attributes().referenced(attribute.name(),
                    attribute.position(), declarations.unreadImport(attribute.name().namespace())) : attribute;
            SimpleType type = declared.inlineType() != null ? declared.inlineType()
                    : simpleType(declared.typeName(), declared.position(),
                            "attribute '" + declared.name().localName() + "'");
            requireNewName(names, "attribute '" + attribute.name().localName() + "'", attribute.position());
            attributes.add(AttributeDecl.of(attribute.name(), type, attribute.required()));
            size++;
        }
        if (text != null) {
            return new Resolved<>(ComplexType.withSimpleContent(parsed.name(), attributes, text), 1, size + 1, null);
        }
        List<ContentElement> children = new ArrayList<>();
        withGroupsExpanded(parsed.elements(), false, Collections.emptyList(), children, 0);
        for (ContentElement content : children) {
            ParsedElement child = content.element;
            Resolved<ElementDecl> resolved = inGroups(content, depth + 1);
            requireNewName(names, "element '" + child.localName() + "'", child.position());
            elements.add(resolved.value);
            height = Math.max(height, resolved.height);
            size = requireSize(size + resolved.size, child.position());
            derivable = derivable != null ? derivable : resolved.derivable;
        }
        return new Resolved<>(new ComplexType(parsed.name(), attributes, elements), height, size, derivable);
    }

    /**
     * Adds {@code elements} to {@code into}, each group ref replaced by its group's elements (optional when the ref
     * or an enclosing one is). Returns {@code expanded} plus the elements and group refs met, bounded as a
     * structure's size: a group that holds no element still costs each use, so groups that each use the next twice
     * cannot expand exponentially.
     *
     * @param groups the groups {@code elements} are in, outermost first, whose number the structure depth bounds
     *               (each is a level of this recursion)
     */
    private long withGroupsExpanded(List<ParsedElement> elements, boolean optional, List<String> groups,
                                    List<ContentElement> into, long expanded) throws SchemaException {
        for (ParsedElement element : elements) {
            expanded = requireSize(expanded + 1, element.position());
            if (!element.isGroupRef()) {
                into.add(new ContentElement(optional ? element.optional() : element, groups));
                continue;
            }
            if (groups.size() == limits.maxStructureDepth()) {
                throw element.position().error("groups nested deeper than " + limits.maxStructureDepth() + " levels",
                        "xs:group");
            }
            ParsedGroup group = declarations.groups().referenced(element.groupRef(), element.position(),
                    declarations.unreadImport(element.groupRef().namespace()));
            String key = "group " + group.name();
            enter(key, element.position());
            List<String> inGroup = new ArrayList<>(groups);
            inGroup.add(key);
            try {
                expanded = withGroupsExpanded(group.elements(), optional || element.minOccurs() == 0, inGroup, into,
                        expanded);
            } finally {
                inProgress.remove(key);
            }
        }
        return expanded;
    }

    /**
     * Resolves an element of a type's content inside the groups it comes from, which its expansion entered in the same
     * state of {@link #inProgress}, so entering them again cannot fail.
     *
     * @param depth the element's level from the root of the structure
     */
    private Resolved<ElementDecl> inGroups(ContentElement content, int depth) throws SchemaException {
        for (String group : content.groups) {
            enter(group, content.element.position());
        }
        try {
            return element(content.element, depth);
        } finally {
            inProgress.removeAll(content.groups);
        }
    }

    /**
     * Adds {@code attributes} to {@code into}, each attribute group ref replaced by its group's attributes, bounded
     * as {@link #withGroupsExpanded} bounds groups of elements. Returns {@code expanded} plus the attributes and refs
     * met.
     */
    private long withAttributeGroupsExpanded(List<ParsedAttribute> attributes, List<ParsedAttribute> into,
                                             long expanded, int nesting) throws SchemaException {
        for (ParsedAttribute attribute : attributes) {
            expanded = requireSize(expanded + 1, attribute.position());
            if (!attribute.isGroupRef()) {
                into.add(attribute);
                continue;
            }
            if (nesting == limits.maxStructureDepth()) {
                throw attribute.position().error("attribute groups nested deeper than " + limits.maxStructureDepth()
                        + " levels", "xs:attributeGroup");
            }
            ParsedAttributeGroup group = declarations.attributeGroups().referenced(attribute.name(),
                    attribute.position(), declarations.unreadImport(attribute.name().namespace()));
            String key = "attributeGroup " + group.name();
            enter(key, attribute.position());
            try {
                expanded = withAttributeGroupsExpanded(group.attributes(), into, expanded, nesting + 1);
            } finally {
                inProgress.remove(key);
            }
        }
        return expanded;
    }

    /**
     * Resolves the named types {@code parsed} derives from, the farthest first, so that each finds its own base
     * resolved: a chain of derivations then takes one level of recursion, not one each, and cannot overflow the
     * stack. A chain longer than the structure depth bound is refused (each type in it holds its bases' content);
     * one that loops is left to the recursion check.
     *
     * @param depth the level of the element whose type {@code parsed} is
     */
    private void resolveBasesFirst(ParsedComplexType parsed, int depth) throws SchemaException {
        List<ParsedComplexType> chain = new ArrayList<>();
        Set<QualifiedName> met = new HashSet<>();
        met.add(parsed.name());
        for (QualifiedName base = parsed.base(); base != null && !namedTypes.containsKey(base); ) {
            if (!met.add(base)) {
                return;
            }
            ParsedComplexType type = declarations.complexTypes().get(base);
            if (type == null) {
                break;
            }
            chain.add(type);
            if (chain.size() > limits.maxStructureDepth()) {
                throw parsed.position().error("a chain of more than " + limits.maxStructureDepth()
                        + " derivations (xs:extension), through " + base, "xs:extension");
            }
            base = type.base();
        }
        for (int i = chain.size() - 1; i > 0; i--) {
            namedType(chain.get(i).name(), parsed.position(), depth);
        }
    }



    /** A name met twice in one type, through its base type or a group, would make positions ambiguous. */
    private static void requireNewName(Set<String> names, String added, SourcePosition at) throws SchemaException {
        if (!names.add(added)) {
            throw at.error(added + " appears twice in its type (through its base type or a group): positions"
                    + " would be ambiguous");
        }
    }

    /**
     * The complex type with simple content that an {@code xs:simpleContent} extends, resolved; {@code null} when it
     * extends a simple type (a built-in or a named simple type), which is then its text's type.
     */
    private Resolved<ComplexType> simpleContentBase(ParsedComplexType parsed, int depth) throws SchemaException {
        QualifiedName base = parsed.base();
        if (XSD.equals(base.namespace()) || !declarations.complexTypes().containsKey(base)) {
            return null;
        }
        Resolved<ComplexType> resolved = namedType(base, parsed.position(), depth);
        if (!resolved.value.hasSimpleContent()) {
            throw parsed.position().error("xs:simpleContent extends " + base + ", which has elements, not text",
                    "xs:simpleContent");
        }
        return resolved;
    }

    /** The complex type an {@code xs:extension} names as its base, resolved. */
    private Resolved<ComplexType> baseType(QualifiedName base, SourcePosition usedAt, int depth)
            throws SchemaException {
        SchemaException refused = refusedType(base);
        if (refused != null) {
            throw refused;
        }
        if (XSD.equals(base.namespace()) || declarations.simpleTypes().containsKey(base)) {
            throw usedAt.error("xs:extension of " + (XSD.equals(base.namespace()) ? "xs:" + base.localName()
                    : "the simple type " + base) + " in xs:complexContent: only a complex type can be extended",
                    "xs:extension");
        }
        if (!declarations.complexTypes().containsKey(base)) {
            throw usedAt.error("xs:extension of the unknown type " + base + declarations.unreadImport(base.namespace()),
                    "xs:extension");
        }
        return namedType(base, usedAt, depth);
    }

    private static boolean isAnyType(QualifiedName name) {
        return XSD.equals(name.namespace()) && "anyType".equals(name.localName());
    }

    private SimpleType simpleType(QualifiedName name, SourcePosition usedAt, String user) throws SchemaException {
        if (XSD.equals(name.namespace())) {
            XsdType builtIn = XsdType.carrying(name.localName());
            if (builtIn == null) {
                throw usedAt.error(user + " has the built-in type xs:" + name.localName()
                        + ", which is not supported", "xs:" + name.localName());
            }
            return SimpleType.of(builtIn);
        }
        SchemaException refused = refusedType(name);
        if (refused != null) {
            throw refused;
        }
        SimpleType declared = declarations.simpleTypes().get(name);
        if (declared != null) {
            return declared;
        }
        if (declarations.complexTypes().containsKey(name)) {
            throw usedAt.error(user + " needs a simple type, but " + name + " is a complex type");
        }
        throw usedAt.error(user + " has the unknown type " + name + declarations.unreadImport(name.namespace()));
    }

    private void requireDepth(int depth, SourcePosition at) throws SchemaException {
        if (depth > limits.maxStructureDepth()) {
            throw at.error("elements nested deeper than " + limits.maxStructureDepth() + " levels");
        }
    }

    private long requireSize(long size, SourcePosition at) throws SchemaException {
        if (size > limits.maxDeclarations()) {
            throw at.error("the structure expands to more than " + limits.maxDeclarations()
                    + " declarations (named types and groups counted at every use)");
        }
        return size;
    }
}
