package org.hhfr.sample;

import org.hhfr.client.HhfrClient;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaParser;

/**
 * A minimal app using the HHFR client as an Android app does: one {@link HhfrClient} for the float-sum
 * service, a {@link Session} on its {@code sum} operation, one call. This module shrinks it with R8 into
 * dex (what an app ships) and into class files that run on a JVM against Android's own classes.
 * Run with {@code <service URL> <value>...}; it prints {@code sum=<total> mode=<mode>}.
 */
public final class FloatSumApp {
    /** The service's schema, as Axis2 publishes it for {@code float sum(float[] values)}. */
    static final String FLOAT_SUM_XSD = "<xs:schema xmlns:xs=\"http://www.w3.org/2001/XMLSchema\""
            + " targetNamespace=\"http://floatsum.hhfr.org\" attributeFormDefault=\"qualified\""
            + " elementFormDefault=\"unqualified\">"
            + "<xs:element name=\"sum\"><xs:complexType><xs:sequence>"
            + "<xs:element maxOccurs=\"unbounded\" name=\"values\" type=\"xs:float\"/>"
            + "</xs:sequence></xs:complexType></xs:element>"
            + "<xs:element name=\"sumResponse\"><xs:complexType><xs:sequence>"
            + "<xs:element name=\"return\" type=\"xs:float\"/>"
            + "</xs:sequence></xs:complexType></xs:element>"
            + "</xs:schema>";

    private FloatSumApp() {
    }

    public static void main(String[] args) throws HhfrException, SchemaException {
        if (args.length < 1) {
            System.err.println("usage: FloatSumApp <service URL> <value>...");
            System.exit(2);
        }
        float[] values = new float[args.length - 1];
        for (int i = 0; i < values.length; i++) {
            values[i] = Float.parseFloat(args[i + 1]);
        }
        System.out.println(sum(args[0], values));
    }

    /** Sums {@code values} with the service at {@code serviceUrl}: {@code sum=<total> mode=<mode>}. */
    static String sum(String serviceUrl, float[] values) throws HhfrException, SchemaException {
        Schema schema = new SchemaParser().parse(FLOAT_SUM_XSD);
        Operation sum = Operation.of("urn:sum", schema.dataStructure("sum"), schema.dataStructure("sumResponse"));
        // Negotiating on open puts even the first call on the stream (by default the offer rides on it).
        try (HhfrClient client = HhfrClient.builder(serviceUrl).callTimeoutMillis(10_000).negotiateOnOpen(true)
                .build(); Session session = client.open(sum)) {
            float total = session.call(Float.class, values);
            return "sum=" + total + " mode=" + session.mode();
        }
    }
}
