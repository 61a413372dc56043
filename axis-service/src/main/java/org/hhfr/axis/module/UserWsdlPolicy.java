package org.hhfr.axis.module;

import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import javax.wsdl.Binding;
import javax.wsdl.Definition;
import javax.wsdl.Import;
import javax.wsdl.extensions.ElementExtensible;
import javax.wsdl.extensions.ExtensibilityElement;
import javax.wsdl.extensions.UnknownExtensibilityElement;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamWriter;

import org.apache.neethi.Policy;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.InputSource;

/**
 * The stream endpoints' policy written into a WSDL the service serves as its author wrote it
 * ({@code useOriginalwsdl}): Axis2 prints that document from its wsdl4j {@link Definition}, not from the
 * service's bindings, so the policy goes into the definition itself (and into each imported document holding
 * a binding), with a reference to it from each binding, as Axis2 writes them into the WSDLs it generates.
 * Attaching again replaces what an earlier attachment wrote.
 */
final class UserWsdlPolicy {
    /** The namespace of the policy's {@code wsu:Id}. */
    private static final String WSU =
            "http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd";

    private UserWsdlPolicy() {
    }

    /**
     * Writes {@code policy} into {@code definition}, which no one may print meanwhile, and into each document it
     * imports that holds a binding: a binding's reference names the policy of its own document.
     */
    static void attach(Definition definition, Policy policy) {
        Element written = element(policy);
        QName policyType = new QName(written.getNamespaceURI(), written.getLocalName());
        Element reference = written.getOwnerDocument().createElementNS(policyType.getNamespaceURI(),
                written.getPrefix() + ":PolicyReference");
        reference.setAttribute("URI", "#" + StreamEndpointPolicy.ID);
        QName referenceType = new QName(policyType.getNamespaceURI(), "PolicyReference");
        replace(definition, extension(policyType, written));
        for (Definition document : documents(definition)) {
            if (document != definition && !document.getBindings().isEmpty()) {
                replace(document, extension(policyType, (Element) written.cloneNode(true)));
            }
            for (Object binding : document.getBindings().values()) {
                replace((Binding) binding, extension(referenceType, (Element) reference.cloneNode(true)));
            }
        }
    }

    /** {@code definition} and every document it imports, directly or not, each once. */
    private static Set<Definition> documents(Definition definition) {
        Set<Definition> documents = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Definition> unread = new ArrayDeque<>(List.of(definition));
        while (!unread.isEmpty()) {
            Definition document = unread.pop();
            if (documents.add(document)) {
                for (Object imports : document.getImports().values()) {
                    for (Object imported : (List<?>) imports) {
                        Definition importedDefinition = ((Import) imported).getDefinition();
                        if (importedDefinition != null) {
                            unread.push(importedDefinition);
                        }
                    }
                }
            }
        }
        return documents;
    }

    /** Puts {@code added} in place of the extensibility element of the same kind that an earlier call wrote. */
    private static void replace(ElementExtensible extensible, UnknownExtensibilityElement added) {
        List<ExtensibilityElement> earlier = new ArrayList<>();
        for (Object element : extensible.getExtensibilityElements()) {
            if (element instanceof UnknownExtensibilityElement && isOurs((UnknownExtensibilityElement) element)) {
                earlier.add((ExtensibilityElement) element);
            }
        }
        for (ExtensibilityElement element : earlier) {
            extensible.removeExtensibilityElement(element);
        }
        extensible.addExtensibilityElement(added);
    }

    private static boolean isOurs(UnknownExtensibilityElement element) {
        Element dom = element.getElement();
        return dom != null && (("#" + StreamEndpointPolicy.ID).equals(dom.getAttribute("URI"))
                || StreamEndpointPolicy.ID.equals(dom.getAttributeNS(WSU, "Id")));
    }

    private static UnknownExtensibilityElement extension(QName type, Element element) {
        UnknownExtensibilityElement extension = new UnknownExtensibilityElement();
        extension.setElementType(type);
        extension.setElement(element);
        return extension;
    }

    /** The policy as Neethi writes it, as a DOM element. */
    private static Element element(Policy policy) {
        try {
            StringWriter text = new StringWriter();
            XMLStreamWriter out = XMLOutputFactory.newInstance().createXMLStreamWriter(text);
            policy.serialize(out);
            out.flush();
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document document = factory.newDocumentBuilder().parse(new InputSource(new StringReader(text.toString())));
            return document.getDocumentElement();
        } catch (Exception e) {
            throw new IllegalStateException("the stream endpoints' policy cannot be written as XML", e);
        }
    }
}
