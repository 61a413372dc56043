package org.hhfr.axis.module;

import java.io.IOException;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

import org.apache.axiom.om.ds.AbstractPushOMDataSource;
import org.hhfr.negotiation.Answer;
import org.hhfr.negotiation.NegotiationWriter;

/**
 * The {@code hhfr:Answer} header block's content as Axiom pulls it when it writes the response: the
 * negotiation's writer writes the answer straight into Axiom's output, once (no text built and parsed back).
 */
final class AnswerHeaderSource extends AbstractPushOMDataSource {
    private final Answer answer;

    AnswerHeaderSource(Answer answer) {
        this.answer = answer;
    }

    @Override
    public void serialize(XMLStreamWriter writer) throws XMLStreamException {
        try {
            NegotiationWriter.writeAnswer(new StaxXmlSerializer(writer), answer);
        } catch (IOException e) {
            throw e.getCause() instanceof XMLStreamException cause ? cause : new XMLStreamException(e);
        }
    }

    /** It can be written again: the answer is kept. */
    @Override
    public boolean isDestructiveWrite() {
        return false;
    }
}
