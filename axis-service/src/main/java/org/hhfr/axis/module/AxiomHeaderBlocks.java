package org.hhfr.axis.module;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

import org.apache.axiom.om.OMElement;
import org.apache.axiom.om.OMXMLBuilderFactory;
import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPFactory;
import org.apache.axiom.soap.SOAPHeader;
import org.apache.axiom.soap.SOAPHeaderBlock;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.schemas.QualifiedName;

/**
 * Converts between Axiom's header blocks and the negotiation's {@link HeaderBlock}s, which hold each block as
 * self-contained XML (Axiom declares the namespaces a block uses from its ancestors when serializing it).
 */
final class AxiomHeaderBlocks {
    private AxiomHeaderBlocks() {
    }

    /** The envelope's header blocks in document order; none when it has no header. */
    static List<HeaderBlock> of(SOAPEnvelope envelope) {
        SOAPHeader header = envelope.getHeader();
        if (header == null) {
            return Collections.emptyList();
        }
        List<HeaderBlock> blocks = new ArrayList<>();
        for (Iterator<SOAPHeaderBlock> it = header.examineAllHeaderBlocks(); it.hasNext();) {
            SOAPHeaderBlock block = it.next();
            blocks.add(new HeaderBlock(new QualifiedName(nullToEmpty(block.getNamespaceURI()), block.getLocalName()),
                    block.toString()));
        }
        return blocks;
    }

    /** Adds {@code block} to the envelope's header, creating the header if needed. */
    static void add(SOAPEnvelope envelope, HeaderBlock block) {
        SOAPFactory factory = (SOAPFactory) envelope.getOMFactory();
        SOAPHeader header = envelope.getHeader() != null ? envelope.getHeader() : factory.createSOAPHeader(envelope);
        OMElement element = OMXMLBuilderFactory.createOMBuilder(factory, new StringReader(block.xml()))
                .getDocumentElement();
        header.addChild(factory.createSOAPHeaderBlock(element));
    }

    private static String nullToEmpty(String namespace) {
        return namespace == null ? "" : namespace;
    }
}
