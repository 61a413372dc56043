package org.hhfr.axis.module;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

import org.apache.axiom.soap.SOAPEnvelope;
import org.apache.axiom.soap.SOAPHeader;
import org.apache.axiom.soap.SOAPHeaderBlock;
import org.hhfr.contextstore.HeaderBlock;
import org.hhfr.schemas.QualifiedName;

/**
 * Reads Axiom's header blocks as the negotiation's {@link HeaderBlock}s, which hold each block as self-contained
 * XML (Axiom declares the namespaces a block uses from its ancestors when serializing it): each block is
 * serialized once, and that text is what the negotiation reads (the offer) and keeps (static headers).
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
            blocks.add(HeaderBlock.of(new QualifiedName(nullToEmpty(block.getNamespaceURI()), block.getLocalName()),
                    block.toString()));
        }
        return blocks;
    }

    private static String nullToEmpty(String namespace) {
        return namespace == null ? "" : namespace;
    }
}
