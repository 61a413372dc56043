package org.hhfr.benchmarks.session.output;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.hhfr.benchmarks.session.CellResult;

/** Writes every cell as {@code sessions.json} (an array of flat objects) and {@code sessions.csv}. */
public final class ResultFiles {
    private ResultFiles() {
    }

    public static void write(Path directory, List<CellResult> results) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("sessions.json"), json(results), StandardCharsets.UTF_8);
        Files.writeString(directory.resolve("sessions.csv"), csv(results), StandardCharsets.UTF_8);
    }

    static String json(List<CellResult> results) {
        StringBuilder out = new StringBuilder("[\n");
        for (int i = 0; i < results.size(); i++) {
            out.append("  {");
            boolean first = true;
            for (Map.Entry<String, Object> field : ResultRow.of(results.get(i)).entrySet()) {
                out.append(first ? "" : ", ").append('"').append(field.getKey()).append("\": ");
                Object value = field.getValue();
                out.append(value == null ? "null" : value instanceof String s ? '"' + escape(s) + '"' : value);
                first = false;
            }
            out.append(i + 1 < results.size() ? "},\n" : "}\n");
        }
        return out.append("]\n").toString();
    }

    static String csv(List<CellResult> results) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < results.size(); i++) {
            Map<String, Object> row = ResultRow.of(results.get(i));
            if (i == 0) {
                out.append(String.join(",", row.keySet())).append('\n');
            }
            boolean first = true;
            for (Object value : row.values()) {
                out.append(first ? "" : ",").append(value == null ? "" : value);
                first = false;
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** Labels are plain ASCII names; quotes and backslashes are escaped all the same. */
    private static String escape(String text) {
        return text.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
