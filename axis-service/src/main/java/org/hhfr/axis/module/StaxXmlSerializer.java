package org.hhfr.axis.module;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import org.xmlpull.v1.XmlSerializer;

/**
 * The xmlpull {@link XmlSerializer} that the negotiation's writer takes, writing to a StAX
 * {@link XMLStreamWriter} (Axiom's output), so a negotiation element is written once, straight into the SOAP
 * message. It writes element subtrees: a document's start and end, and a change of output, are refused.
 * Prefixes declared with {@link #setPrefix} are declared on the next start tag; a namespace with no prefix in
 * scope gets one.
 */
final class StaxXmlSerializer implements XmlSerializer {
    private final XMLStreamWriter out;
    /** Declarations for the next start tag: prefix to namespace. */
    private final Map<String, String> pending = new LinkedHashMap<>();
    /** The open elements, innermost first. */
    private final Deque<Element> open = new ArrayDeque<>();

    StaxXmlSerializer(XMLStreamWriter out) {
        this.out = out;
    }

    /** An open element: its name and the prefixes it declared. */
    private record Element(String namespace, String name, Map<String, String> declared) {
    }

    @Override
    public void setPrefix(String prefix, String namespace) {
        pending.put(prefix == null ? "" : prefix, namespace == null ? "" : namespace);
    }

    @Override
    public XmlSerializer startTag(String namespace, String name) throws IOException {
        String uri = namespace == null ? "" : namespace;
        Map<String, String> declared = new LinkedHashMap<>(pending);
        pending.clear();
        String prefix = prefixIn(declared, uri);
        if (prefix == null) {
            prefix = prefixInScope(uri);
        }
        if (prefix == null) {
            prefix = uri.isEmpty() ? "" : "n" + open.size();
            declared.put(prefix, uri);
        }
        String elementPrefix = prefix;
        write(stax -> {
            stax.writeStartElement(elementPrefix, name, uri);
            for (Map.Entry<String, String> declaration : declared.entrySet()) {
                if (declaration.getKey().isEmpty()) {
                    stax.writeDefaultNamespace(declaration.getValue());
                } else {
                    stax.writeNamespace(declaration.getKey(), declaration.getValue());
                }
            }
        });
        open.push(new Element(uri, name, declared));
        return this;
    }

    @Override
    public XmlSerializer attribute(String namespace, String name, String value) throws IOException {
        if (namespace == null || namespace.isEmpty()) {
            write(stax -> stax.writeAttribute(name, value));
            return this;
        }
        String prefix = prefixInScope(namespace);
        if (prefix == null || prefix.isEmpty()) {
            throw new IllegalStateException("no prefix is declared for attribute namespace " + namespace);
        }
        write(stax -> stax.writeAttribute(prefix, namespace, name, value));
        return this;
    }

    @Override
    public XmlSerializer endTag(String namespace, String name) throws IOException {
        Element element = open.pop();
        if (!element.name.equals(name)) {
            throw new IllegalStateException("end tag " + name + " does not close " + element.name);
        }
        write(XMLStreamWriter::writeEndElement);
        return this;
    }

    @Override
    public XmlSerializer text(String text) throws IOException {
        write(stax -> stax.writeCharacters(text));
        return this;
    }

    @Override
    public XmlSerializer text(char[] buffer, int start, int length) throws IOException {
        write(stax -> stax.writeCharacters(buffer, start, length));
        return this;
    }

    @Override
    public void cdsect(String text) throws IOException {
        write(stax -> stax.writeCData(text));
    }

    @Override
    public void entityRef(String name) throws IOException {
        write(stax -> stax.writeEntityRef(name));
    }

    @Override
    public void processingInstruction(String text) throws IOException {
        int space = text.indexOf(' ');
        if (space < 0) {
            write(stax -> stax.writeProcessingInstruction(text));
        } else {
            write(stax -> stax.writeProcessingInstruction(text.substring(0, space), text.substring(space + 1)));
        }
    }

    @Override
    public void comment(String text) throws IOException {
        write(stax -> stax.writeComment(text));
    }

    @Override
    public void ignorableWhitespace(String text) throws IOException {
        text(text);
    }

    @Override
    public void flush() throws IOException {
        write(XMLStreamWriter::flush);
    }

    @Override
    public String getPrefix(String namespace, boolean generatePrefix) {
        String prefix = prefixInScope(namespace);
        if (prefix == null && generatePrefix) {
            throw new UnsupportedOperationException("prefixes are generated by the next start tag");
        }
        return prefix;
    }

    @Override
    public int getDepth() {
        return open.size();
    }

    @Override
    public String getNamespace() {
        return open.isEmpty() ? null : open.peek().namespace;
    }

    @Override
    public String getName() {
        return open.isEmpty() ? null : open.peek().name;
    }

    @Override
    public void setFeature(String name, boolean state) {
        throw new IllegalArgumentException("no features: " + name);
    }

    @Override
    public boolean getFeature(String name) {
        return false;
    }

    @Override
    public void setProperty(String name, Object value) {
        throw new IllegalArgumentException("no properties: " + name);
    }

    @Override
    public Object getProperty(String name) {
        return null;
    }

    @Override
    public void setOutput(OutputStream stream, String encoding) {
        throw new UnsupportedOperationException("writes to its XMLStreamWriter only");
    }

    @Override
    public void setOutput(Writer writer) {
        throw new UnsupportedOperationException("writes to its XMLStreamWriter only");
    }

    @Override
    public void startDocument(String encoding, Boolean standalone) {
        throw new UnsupportedOperationException("writes element subtrees into a message, not documents");
    }

    @Override
    public void endDocument() {
        throw new UnsupportedOperationException("writes element subtrees into a message, not documents");
    }

    @Override
    public void docdecl(String text) {
        throw new UnsupportedOperationException("writes element subtrees into a message, not documents");
    }

    /** Makes one write to the StAX writer, its failure an {@link IOException} as xmlpull's callers expect. */
    private void write(StaxWrite write) throws IOException {
        try {
            write.to(out);
        } catch (XMLStreamException e) {
            throw new IOException(e);
        }
    }

    /** One write to a StAX writer. */
    @FunctionalInterface
    private interface StaxWrite {
        void to(XMLStreamWriter out) throws XMLStreamException;
    }

    private String prefixInScope(String namespace) {
        String found = prefixIn(pending, namespace);
        if (found != null) {
            return found;
        }
        List<String> shadowed = new ArrayList<>();
        for (Element element : open) {
            for (Map.Entry<String, String> declaration : element.declared.entrySet()) {
                if (declaration.getValue().equals(namespace) && !shadowed.contains(declaration.getKey())) {
                    return declaration.getKey();
                }
            }
            shadowed.addAll(element.declared.keySet());
        }
        return namespace.isEmpty() && !shadowed.contains("") ? "" : null;
    }

    private static String prefixIn(Map<String, String> declarations, String namespace) {
        for (Map.Entry<String, String> declaration : declarations.entrySet()) {
            if (declaration.getValue().equals(namespace)) {
                return declaration.getKey();
            }
        }
        return null;
    }
}
