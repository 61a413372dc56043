package org.hhfr.sample;

import java.io.IOException;
import java.io.InputStream;

import org.hhfr.client.CompiledOperations;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.HhfrException;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;

/**
 * A minimal app using the HHFR client as an Android app does: one {@link HhfrClient} for the float-sum
 * service, a {@link Session} on its {@code sum} operation, one call. This module shrinks it with R8 into
 * dex (what an app ships) and into class files that run on a JVM against Android's own classes.
 * Run with {@code <service URL> <value>...}; it prints {@code sum=<total> mode=<mode>}.
 */
public final class FloatSumApp {
    /**
     * The service's compiled description ({@code hhfr schema --compile src/main/wsdl/FloatSum.wsdl}): its
     * operations and message structures, shipped with the app (on Android an asset) instead of fetched and
     * parsed from {@code ?wsdl} at run time.
     */
    static final String DESCRIPTION = "floatsum.hhfr";

    private FloatSumApp() {
    }

    public static void main(String[] args) throws IOException {
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
    static String sum(String serviceUrl, float[] values) throws IOException {
        Operation sum;
        try (InputStream description = FloatSumApp.class.getResourceAsStream(DESCRIPTION)) {
            if (description == null) {
                throw new HhfrException("the app has no " + DESCRIPTION);
            }
            sum = CompiledOperations.read(description).operation("sum");
        }
        // Negotiating on open puts even the first call on the stream (by default the offer rides on it).
        try (HhfrClient client = HhfrClient.builder(serviceUrl).callTimeoutMillis(10_000).negotiateOnOpen(true)
                .build(); Session session = client.open(sum)) {
            float total = session.call(Float.class, values);
            return "sum=" + total + " mode=" + session.mode();
        }
    }
}
