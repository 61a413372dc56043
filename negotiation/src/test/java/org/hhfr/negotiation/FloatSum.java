package org.hhfr.negotiation;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;

import org.hhfr.contextstore.ServiceOperation;
import org.hhfr.contextstore.SoapVersion;
import org.hhfr.negotiation.server.PublishedSchemas;
import org.hhfr.negotiation.server.SchemaSource;
import org.hhfr.schemas.QualifiedName;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaParser;

/** The paper's float-sum operation, as the service under test publishes it. */
final class FloatSum {
    static final String NS = "http://floatsum.hhfr.org";
    static final String ACTION = "urn:sum";
    static final QualifiedName REQUEST = new QualifiedName(NS, "sum");
    static final QualifiedName RESPONSE = new QualifiedName(NS, "sumResponse");
    static final String XSD = load();

    private FloatSum() {
    }

    static ServiceOperation operation(SoapVersion version) {
        return ServiceOperation.of("FloatSum", "sum", version, ACTION);
    }

    static OperationSchemas schemas() {
        return OperationSchemas.of(MessageSchema.of(REQUEST, XSD), MessageSchema.of(RESPONSE, XSD));
    }

    static PublishedSchemas published() {
        try {
            Schema schema = new SchemaParser().parse(XSD);
            return PublishedSchemas.of(schemas(), schema.dataStructure(REQUEST), schema.dataStructure(RESPONSE));
        } catch (SchemaException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A service that publishes the float-sum schemas for every operation it is asked about. */
    static SchemaSource publishing() {
        PublishedSchemas published = published();
        return operation -> published;
    }

    /** A service that publishes nothing. */
    static SchemaSource publishingNothing() {
        return operation -> null;
    }

    static List<String> requestBody(float... values) {
        StringBuilder xml = new StringBuilder("<f:sum xmlns:f=\"" + NS + "\">");
        for (float value : values) {
            xml.append("<values>").append(value).append("</values>");
        }
        return Collections.singletonList(xml.append("</f:sum>").toString());
    }

    /** Sums the values of a request body element, the way the service does. */
    static List<String> responseBody(String request) {
        float sum = 0;
        int at = 0;
        while ((at = request.indexOf("<values>", at)) >= 0) {
            int end = request.indexOf("</values>", at);
            sum += Float.parseFloat(request.substring(at + "<values>".length(), end));
            at = end;
        }
        return Collections.singletonList("<f:sumResponse xmlns:f=\"" + NS + "\"><return>" + sum
                + "</return></f:sumResponse>");
    }

    private static String load() {
        try (InputStream in = FloatSum.class.getResourceAsStream("/float-sum.xsd")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
