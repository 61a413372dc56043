package org.hhfr.benchmarks.session.output;

import java.util.List;
import java.util.Locale;

import org.hhfr.benchmarks.link.CellularTrace;
import org.hhfr.benchmarks.session.NetworkProfile;

/**
 * What the report says of the trace-driven profiles of a run ({@code umts-trace}, {@code evdo-trace},
 * {@code lte-trace}): which real traces drive them, where the traces come from, and how their lower bound is
 * reckoned. Profiles are known by name only, as the report reads them from {@code sessions.json}.
 */
final class TraceLinks {
    private TraceLinks() {
    }

    static boolean isTraceDriven(String profile) {
        return NetworkProfile.traceDriven(profile).isPresent();
    }

    /** A paragraph on the run's trace-driven profiles, or nothing if it has none. */
    static String paragraph(List<String> profiles) {
        List<NetworkProfile> traced = profiles.stream().map(NetworkProfile::traceDriven).flatMap(p -> p.stream())
                .toList();
        if (traced.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("Trace-driven links: ");
        for (int i = 0; i < traced.size(); i++) {
            NetworkProfile profile = traced.get(i);
            CellularTrace trace = profile.trace();
            out.append(i == 0 ? "" : "; ").append('`').append(profile.name()).append("`, ")
                    .append(String.format(Locale.ROOT, "%.0f", profile.rttMillis()))
                    .append(" ms round trip, each direction driven by its trace of ").append(trace.describe())
                    .append(String.format(Locale.ROOT, ", first uplink opportunity %.0f ms into the trace",
                            trace.up().deliveredMillis(0, 1)));
        }
        return out.append(". The traces are ").append(CellularTrace.SOURCE).append(", as `hhfr-link` bundles them "
                + "(link-emulator/traces). Each session meets them from their start (once the link is quiet before a "
                + "session, the client asks it to start its traces again at the next packet), and so does the lower "
                + "bound: the payload "
                + "leaves at the traces' delivery opportunities, 1,500 bytes each, the request after the set-up "
                + "round trip and the answer half a round trip after it.").toString();
    }
}
