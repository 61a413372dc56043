package org.hhfr.negotiation;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;

import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.QualifiedName;
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

    static OperationSchemas schemas() {
        return OperationSchemas.of(MessageSchema.of(REQUEST, XSD), MessageSchema.of(RESPONSE, XSD));
    }

    static DataStructure request() {
        return structure(REQUEST);
    }

    static DataStructure response() {
        return structure(RESPONSE);
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

    private static DataStructure structure(QualifiedName element) {
        try {
            return new SchemaParser().parse(XSD).dataStructure(element);
        } catch (SchemaException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String load() {
        try (InputStream in = FloatSum.class.getResourceAsStream("/float-sum.xsd")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
