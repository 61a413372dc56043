package org.hhfr.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.databind.node.ArrayNode;

/** The demo's sessions as an aligned ASCII table, or as a JSON array of the reports. */
final class DemoTable {
    private static final String[] HEADINGS = {"mode", "service", "messages", "time ms", "bytes up", "bytes down",
        "result"};
    /** Columns aligned to the right (numbers). */
    private static final boolean[] RIGHT = {false, false, true, true, true, true, false};

    private DemoTable() {
    }

    static String text(List<SessionReport> reports) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADINGS);
        for (SessionReport report : reports) {
            rows.add(new String[] {report.mode, report.address.toString(), String.valueOf(report.messages),
                String.format(Locale.ROOT, "%.1f", report.elapsedMillis), SessionReport.bytes(report.bytesUp),
                SessionReport.bytes(report.bytesDown), ResultValue.text(report.result)});
        }
        int[] widths = new int[HEADINGS.length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                String padding = " ".repeat(widths[i] - row[i].length());
                line.append(i == 0 ? "" : "  ").append(RIGHT[i] ? padding + row[i] : row[i] + padding);
            }
            out.append(line.toString().replaceAll("\\s+$", "")).append('\n');
        }
        if (!reports.isEmpty()) {
            out.append("\nbytes: ").append(reports.get(0).bytesSource)
                    .append("; from opening each session to closing it, WSDL fetch not included\n");
        }
        return out.toString();
    }

    static String json(List<SessionReport> reports) {
        ArrayNode sessions = JsonOutput.NODES.arrayNode();
        for (SessionReport report : reports) {
            sessions.add(report.json());
        }
        return JsonOutput.indented(sessions, false);
    }
}
