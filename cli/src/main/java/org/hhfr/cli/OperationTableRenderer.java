package org.hhfr.cli;

import java.util.ArrayList;
import java.util.List;

import org.hhfr.schemas.OperationStructures;
import org.hhfr.schemas.QualifiedName;

/**
 * Renders a WSDL's per-operation verdicts for people: one aligned row per operation with its request and
 * response elements (local names; the reason gives full names), whether it can stream, and why not.
 */
final class OperationTableRenderer {
    private static final List<String> HEADINGS = List.of("operation", "request", "response", "streamable", "reason");

    String render(String source, List<OperationStructures> operations) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(HEADINGS);
        for (OperationStructures operation : operations) {
            String reason = operation.reason();
            rows.add(List.of(operation.operation(), localName(operation.requestElement()),
                    localName(operation.responseElement()), operation.isStreamable() ? "yes" : "no",
                    reason == null ? "" : reason));
        }
        int[] widths = new int[HEADINGS.size() - 1];
        for (List<String> row : rows) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder out = new StringBuilder();
        out.append(source).append(": ").append(operations.size())
                .append(operations.size() == 1 ? " operation" : " operations").append('\n');
        for (List<String> row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < widths.length; i++) {
                line.append(row.get(i)).append(" ".repeat(widths[i] + 2 - row.get(i).length()));
            }
            line.append(row.get(widths.length));
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private static String localName(QualifiedName name) {
        return name == null ? "-" : name.localName();
    }
}
