package org.hhfr.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.MessageSchema;
import org.hhfr.negotiation.OperationSchemas;
import org.hhfr.negotiation.server.PublishedSchemas;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.streamer.Message;

/** The paper's float-sum operation: the structures, the service's function, and its WSDL. */
final class FloatSum {
    static final String NS = "http://floatsum.hhfr.org";
    static final String ACTION = "urn:sum";
    static final QualifiedName REQUEST = new QualifiedName(NS, "sum");
    static final QualifiedName RESPONSE = new QualifiedName(NS, "sumResponse");
    static final String XSD = resource("/float-sum.xsd");
    static final String WSDL = resource("/FloatSum.wsdl");
    static final DataStructure REQUEST_STRUCTURE;
    static final DataStructure RESPONSE_STRUCTURE;

    static {
        try {
            Schema schema = new SchemaParser().parse(XSD);
            REQUEST_STRUCTURE = schema.dataStructure(REQUEST);
            RESPONSE_STRUCTURE = schema.dataStructure(RESPONSE);
        } catch (SchemaException e) {
            throw new IllegalStateException(e);
        }
    }

    private FloatSum() {
    }

    static Operation operation() {
        return Operation.of(ACTION, REQUEST_STRUCTURE, RESPONSE_STRUCTURE);
    }

    static ServiceOperation serviceOperation(SoapVersion version) {
        return ServiceOperation.of("FloatSum", "sum", version, ACTION);
    }

    static PublishedSchemas published() {
        return PublishedSchemas.of(OperationSchemas.of(MessageSchema.of(REQUEST, XSD),
                MessageSchema.of(RESPONSE, XSD)), REQUEST_STRUCTURE, RESPONSE_STRUCTURE);
    }

    static Message request(float... values) {
        return Message.of(REQUEST_STRUCTURE).set("values", values).build();
    }

    /** What the service computes. */
    static Message respond(Message request) {
        float sum = 0;
        for (float value : request.record().floats("values")) {
            sum += value;
        }
        return Message.of(RESPONSE_STRUCTURE).set("return", sum).build();
    }

    private static String resource(String name) {
        try (InputStream in = FloatSum.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
