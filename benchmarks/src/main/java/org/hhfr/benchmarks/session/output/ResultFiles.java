package org.hhfr.benchmarks.session.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.hhfr.benchmarks.session.CellResult;

/** Writes every cell as {@code sessions.json} (an array of flat objects) and {@code sessions.csv}. */
public final class ResultFiles {
    private static final ObjectWriter JSON = JsonMapper.builder().build().writerWithDefaultPrettyPrinter();

    private ResultFiles() {
    }

    public static void write(Path directory, List<CellResult> results) throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("sessions.json"), json(results), StandardCharsets.UTF_8);
        Files.writeString(directory.resolve("sessions.csv"), csv(results), StandardCharsets.UTF_8);
    }

    static String json(List<CellResult> results) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (CellResult result : results) {
            rows.add(ResultRow.of(result));
        }
        try {
            return JSON.writeValueAsString(rows) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("the rows could not be written as JSON", e);
        }
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

}
