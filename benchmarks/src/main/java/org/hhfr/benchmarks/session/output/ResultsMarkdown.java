package org.hhfr.benchmarks.session.output;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import org.hhfr.benchmarks.session.WireSize;
import org.hhfr.benchmarks.session.WireSizes;
import org.hhfr.benchmarks.session.output.ReportFigures.Figure;

/**
 * {@code RESULTS.md}, for a reader of the paper: which run the page comes from, the targets judged on it, five
 * captioned figures, the wire size of one message, and a link to the full grid ({@code sessions.csv}), which
 * the page itself does not repeat.
 */
public final class ResultsMarkdown {
    private ResultsMarkdown() {
    }

    /**
     * @param run how the run was made, if known
     * @param grid the CSV of every cell, relative to the report
     * @param plots the plots directory, relative to the report
     */
    static String render(Optional<RunInfo> run, RunCells cells, List<WireSize> wireSizes, List<Figure> figures,
            String grid, String plots) {
        StringBuilder out = new StringBuilder("# Benchmark sessions: results");
        out.append(run.filter(RunInfo::quick).isPresent() ? " of the QUICK grid" : "").append("\n\n");
        out.append(run.map(r -> origin(r, cells)).orElse("The figures and targets below come from a saved "
                + "`sessions.json` of " + cells.all().size() + " cells; when and how that run was made was not "
                + "saved with it.")).append("\n\n");
        if (run.filter(RunInfo::quick).isPresent()) {
            out.append("**This is the reduced grid of `--quick`, not the full run.** It shows that the harness works "
                    + "end to end; what the targets say rests on a few cells.\n\n");
        }
        String traces = TraceLinks.paragraph(cells.profiles());
        if (!traces.isEmpty()) {
            out.append(traces).append("\n\n");
        }
        out.append("Every cell of the run, one row each (median session time, spread, bytes, lower bound, "
                + "transport ended on; the fields are described in [SESSIONS.md](SESSIONS.md#metrics-one-row-per-cell)): "
                + "[").append(grid).append("](").append(grid).append(").\n\n");
        out.append("## Targets\n\n");
        out.append("Judged on this run's cells, per network profile where the target applies; \"worst cell\" is "
                + "the one furthest from the target. HHFR is compared cold with cold (a first session, negotiating) and "
                + "warm with warm (resumed from a ticket); \"best HHFR mode\" is the fastest HHFR mode in each "
                + "cell. Headers in the bytes target are IPv4 and UDP, " + TargetsReport.IP_UDP_HEADER_BYTES
                + " bytes per datagram.\n\n");
        out.append(TargetsReport.render(cells));
        out.append("## Figures\n\n");
        for (int i = 0; i < figures.size(); i++) {
            Figure figure = figures.get(i);
            out.append("### Figure ").append(i + 1).append(". ").append(figure.title()).append("\n\n");
            if (figure.image().isPresent()) {
                String image = plots + "/" + figure.image().get();
                out.append("![Figure ").append(i + 1).append(": ").append(figure.title()).append("](").append(image)
                        .append(")\n\n*Figure ").append(i + 1).append(".* ");
            }
            out.append(figure.caption()).append("\n\n");
        }
        if (!wireSizes.isEmpty()) {
            wireSizes(out, wireSizes);
        }
        return out.toString();
    }

    /** Which run, where, on what, and whether every cell ended as asked. */
    private static String origin(RunInfo run, RunCells cells) {
        String shaped = switch (run.links()) {
            case "relay" -> "relay-shaped run (the bench's own relays on 127.0.0.1 shape every path)";
            case "toxiproxy" -> "Toxiproxy-shaped run (TCP paths through Toxiproxy, UDP through the bench's relays)";
            default -> run.links().startsWith("emulated") ? "run over emulated links (`hhfr-link` shapes the IP "
                    + "packets of every transport; bytes are whole packets)" : "run over " + run.links() + " links";
        };
        String date = run.startedUtc().length() >= 10 ? run.startedUtc().substring(0, 10) : run.startedUtc();
        return "The figures and targets below come from the " + shaped + " of " + date + ": `" + run.command()
                + "`, started " + run.startedUtc() + ", " + format(run.durationSeconds()) + " s, " + cells.all().size()
                + " cells, on " + run.processors() + " processors (load average " + format(run.loadBefore())
                + " before, " + format(run.loadAfter()) + " after, shared with other work), " + run.java() + ". "
                + (run.uncleanCells() == 0 ? "Every answer was right and every session ended on the transport its "
                + "mode asked for." : run.uncleanCells() + " cells had wrong answers or ended on another transport "
                + "(`ended_on`, `wrong_answers` in the grid).");
    }

    private static void wireSizes(StringBuilder out, List<WireSize> sizes) {
        out.append("## Wire size of one message, bytes\n\n");
        out.append("Each form encoded from the real message by its own library (`WireSizes`); Fast Infoset and EXI "
                + "were decoded back and read into a message equal to the original. **SOAP**: the SOAP 1.1 "
                + "envelope the client library writes; **body**: its body element alone. **FI**: Fast Infoset "
                + "2.1.1 (SAX serializer, defaults). **EXI**: exificient 1.0.7, schema-informed by the service's "
                + "schemas as the embedded Axis2 server publishes them in its WSDL, default options (bit-packed, "
                + "non-strict, no options in the header, prefixes, comments, PIs and lexical values not "
                + "preserved); the envelope's own elements take EXI's built-in grammars. **protobuf**: the same "
                + "values in the obvious schema; **gRPC**: with its 5-byte message prefix; **gRPC/HTTP2**: plus "
                + "the 9-byte HTTP/2 DATA frame header, as grpc-java sends each message of a stream in a frame of "
                + "its own (HEADERS frames of the call not counted). **HHFR**: HHFR's binary body; **HHFR/TCP**: "
                + "as one DATA frame of the TCP stream, encoded by the stream's `FrameCodec` as message number "
                + WireSizes.FRAME_MESSAGE_NUMBER + " (length varint, type, message number and, on a response, "
                + "the correlation difference). HTTP headers are not counted anywhere.\n\n");
        out.append("| message | SOAP | body | FI SOAP | FI body | EXI SOAP | EXI body | protobuf | gRPC "
                + "| gRPC/HTTP2 | HHFR | HHFR/TCP |\n");
        out.append("| --- |").append(" --: |".repeat(11)).append('\n');
        for (WireSize size : sizes) {
            out.append("| ").append(size.message());
            for (int bytes : new int[] {size.soapEnvelope(), size.xmlBody(), size.fastInfosetEnvelope(),
                    size.fastInfosetBody(), size.exiEnvelope(), size.exiBody(), size.protobuf(), size.grpcMessage(),
                    size.grpcOnHttp2(), size.hhfrBinary(), size.hhfrOnTcp()}) {
                out.append(" | ").append(bytes);
            }
            out.append(" |\n");
        }
        out.append('\n');
    }

    static String format(double value) {
        return value >= 100 ? String.format(Locale.ROOT, "%.0f", value)
                : value >= 10 ? String.format(Locale.ROOT, "%.1f", value) : String.format(Locale.ROOT, "%.2f", value);
    }
}
