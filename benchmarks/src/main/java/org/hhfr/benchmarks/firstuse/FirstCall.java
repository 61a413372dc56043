package org.hhfr.benchmarks.firstuse;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLSocketFactory;

import com.sun.management.OperatingSystemMXBean;
import org.hhfr.client.HhfrClient;
import org.hhfr.client.Operation;
import org.hhfr.client.Session;
import org.hhfr.client.WsdlOperations;

/**
 * What a client's first call costs in a fresh process, as an app meets it: a new JVM fetches the float-sum
 * service's WSDL, opens a session and makes one call, and prints the wall time to the operation and to the
 * answer (from the JVM's start) and the process's CPU time. Run it several times against a running server;
 * only the client's classes are loaded, though the benchmarks' jar holds others. {@code --tls-up-front} hands
 * the client the platform's SSL socket factory, made before the client (what building a client cost before TLS
 * was set up on first use), for a side-by-side comparison against an http service.
 *
 * <pre>java -cp benchmarks/target/hhfr-benchmarks.jar org.hhfr.benchmarks.firstuse.FirstCall SERVICE_URL [--tls-up-front]</pre>
 */
public final class FirstCall {
    private FirstCall() {
    }

    public static void main(String[] args) throws Exception {
        boolean tlsUpFront = args.length == 2 && args[1].equals("--tls-up-front");
        if (args.length != 1 && !tlsUpFront) {
            System.err.println("usage: FirstCall <float-sum service URL> [--tls-up-front]");
            System.exit(2);
        }
        HhfrClient.Builder builder = HhfrClient.builder(args[0]);
        if (tlsUpFront) {
            builder.sslSocketFactory((SSLSocketFactory) SSLSocketFactory.getDefault());
        }
        try (HhfrClient client = builder.build()) {
            Operation sum = WsdlOperations.fetch(client).operation("sum");
            long operationMillis = ManagementFactory.getRuntimeMXBean().getUptime();
            try (Session session = client.open(sum)) {
                float total = session.call(Float.class, new float[] {1.5f, 2.25f});
                long answerMillis = ManagementFactory.getRuntimeMXBean().getUptime();
                long cpuMillis = TimeUnit.NANOSECONDS.toMillis(((OperatingSystemMXBean)
                        ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime());
                System.out.printf("sum=%s mode=%s tls_up_front=%s operation_ms=%d answer_ms=%d process_cpu_ms=%d%n",
                        total, session.mode(), tlsUpFront, operationMillis, answerMillis, cpuMillis);
            }
        }
    }
}
