package org.hhfr.benchmarks.transport;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The shoot-out's results as Markdown: the table, the ratios to the anchors, and the shoot-out's targets checked. */
final class ShootoutReport {
    /** The most bytes one float-sum(100) request may cost on the wire, for the contenders that have a target. */
    private static final Map<Contender, Double> MAX_REQUEST_BYTES = Map.of(
            Contender.HHFR_TCP, 408.0, Contender.HHFR_TCP_TLS, 430.0, Contender.HHFR_UDP_AEAD, 440.0);

    private final ShootoutOptions options;
    private final List<ContenderResult> results;
    private final List<String> failures;
    private final String arguments;
    private final String loadBefore;
    private final String loadAfter;

    ShootoutReport(ShootoutOptions options, List<ContenderResult> results, List<String> failures,
                   String arguments, String loadBefore, String loadAfter) {
        this.options = options;
        this.results = results;
        this.failures = failures;
        this.arguments = arguments;
        this.loadBefore = loadBefore;
        this.loadAfter = loadAfter;
    }

    String markdown() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "Pipelined float-sum(100) over 127.0.0.1, %d requests in flight, "
                        + "warm-up %d s, measurement %d s, %d cores, Java %s; arguments: %s%n"
                        + "Load average (1/5/15 min): %s before, %s after.%n%n",
                options.window, options.warmupMillis / 1000, options.measureMillis / 1000,
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.version"),
                arguments.isEmpty() ? "(defaults)" : arguments, loadBefore, loadAfter));
        out.append("| contender | msg/s | vs gRPC best | vs bare Netty | vs Aeron | client CPU µs/msg "
                + "| server CPU µs/msg | bytes/request | bytes/reply | datagrams/request |\n");
        out.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        double grpc = best(Contender.GRPC_DIRECT, Contender.GRPC_DEFAULT);
        double netty = best(Contender.NETTY);
        double aeron = best(Contender.AERON);
        for (ContenderResult r : results) {
            String relay = Double.isNaN(r.relayMicrosPerMessage) ? ""
                    : String.format(Locale.ROOT, " (+%.2f relay)", r.relayMicrosPerMessage);
            out.append(String.format(Locale.ROOT, "| %s | %,.0f | %s | %s | %s | %.2f | %.2f%s | %s | %s | %s |%n",
                    r.contender.label, r.messagesPerSecond,
                    ratio(r.messagesPerSecond, grpc, "%.2fx"), percent(r.messagesPerSecond, netty),
                    r.contender.udp ? percent(r.messagesPerSecond, aeron) : "",
                    r.clientMicrosPerMessage, r.serverMicrosPerMessage, relay,
                    number(r.bytesPerRequest, "%.1f"), number(r.bytesPerReply, "%.1f"),
                    number(r.datagramsPerRequest, "%.3f")));
        }
        out.append('\n');
        ContenderResult tcp = find(Contender.HHFR_TCP);
        if (tcp != null) {
            out.append(target("HHFR TCP >= 2x gRPC-java's best", tcp.messagesPerSecond >= 2 * grpc, grpc > 0));
            out.append(target("HHFR TCP >= 40% of bare Netty", tcp.messagesPerSecond >= 0.4 * netty, netty > 0));
        }
        ContenderResult udp = find(Contender.HHFR_UDP);
        if (udp != null) {
            out.append(target("HHFR UDP (no loss) >= 40% of Aeron", udp.messagesPerSecond >= 0.4 * aeron,
                    aeron > 0));
        }
        for (ContenderResult r : results) {
            Double most = MAX_REQUEST_BYTES.get(r.contender);
            if (most != null) {
                out.append(target(String.format(Locale.ROOT, "%s: <= %.0f bytes per request", r.contender.label, most),
                        r.bytesPerRequest <= most, !Double.isNaN(r.bytesPerRequest)));
            }
        }
        for (String failure : failures) {
            out.append("- FAILED ").append(failure).append('\n');
        }
        return out.toString();
    }

    private static String target(String what, boolean met, boolean measured) {
        return "- " + what + ": " + (!measured ? "not measured (anchor missing)" : met ? "met" : "NOT met") + "\n";
    }

    private double best(Contender... contenders) {
        double best = 0;
        for (Contender contender : contenders) {
            ContenderResult result = find(contender);
            if (result != null) {
                best = Math.max(best, result.messagesPerSecond);
            }
        }
        return best;
    }

    private ContenderResult find(Contender contender) {
        for (ContenderResult result : results) {
            if (result.contender == contender) {
                return result;
            }
        }
        return null;
    }

    private static String ratio(double value, double anchor, String format) {
        return anchor > 0 ? String.format(Locale.ROOT, format, value / anchor) : "";
    }

    private static String percent(double value, double anchor) {
        return anchor > 0 ? String.format(Locale.ROOT, "%.0f%%", 100 * value / anchor) : "";
    }

    private static String number(double value, String format) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, format, value);
    }
}
