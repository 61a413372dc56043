package org.hhfr.benchmarks.session.output;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.hhfr.benchmarks.session.CellResult;
import org.hhfr.benchmarks.session.WireSize;

/**
 * The files of a run: every cell as {@code sessions.json} (an array of flat objects) and {@code sessions.csv},
 * and {@code run.json} beside them (how the run was made, and the wire size of one message); and reading them
 * back, so the report can be rendered again from a saved run.
 */
public final class ResultFiles {
    static final String SESSIONS_JSON = "sessions.json";
    static final String SESSIONS_CSV = "sessions.csv";
    static final String RUN_JSON = "run.json";
    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    private static final ObjectWriter JSON = MAPPER.writerWithDefaultPrettyPrinter();

    /** A run as {@code run.json} keeps it. */
    record SavedRun(RunInfo run, List<WireSize> wireSizes) {
    }

    private ResultFiles() {
    }

    public static void write(Path directory, RunInfo run, List<CellResult> results, List<WireSize> wireSizes)
            throws IOException {
        Files.createDirectories(directory);
        Files.writeString(directory.resolve(SESSIONS_JSON), json(results), StandardCharsets.UTF_8);
        Files.writeString(directory.resolve(SESSIONS_CSV), csv(results), StandardCharsets.UTF_8);
        Files.writeString(directory.resolve(RUN_JSON), JSON.writeValueAsString(new SavedRun(run, wireSizes)) + "\n",
                StandardCharsets.UTF_8);
    }

    /** @throws IOException unreadable, not a JSON array of objects, or a row without a field every run writes */
    static List<CellFigures> readCells(Path sessionsJson) throws IOException {
        List<Map<String, Object>> rows;
        try {
            rows = MAPPER.readValue(sessionsJson.toFile(), new TypeReference<List<Map<String, Object>>>() { });
        } catch (JsonProcessingException e) {
            throw new IOException(sessionsJson + " is not an array of result rows: " + e.getOriginalMessage());
        }
        List<CellFigures> cells = new ArrayList<>();
        for (Map<String, Object> row : rows) {
            try {
                cells.add(CellFigures.of(row));
            } catch (IllegalArgumentException e) {
                throw new IOException(sessionsJson + ": " + e.getMessage());
            }
        }
        return cells;
    }

    /** The {@code run.json} in {@code directory}, if there is one. */
    static Optional<SavedRun> readRun(Path directory) throws IOException {
        Path file = directory.resolve(RUN_JSON);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(MAPPER.readValue(file.toFile(), SavedRun.class));
        } catch (JsonProcessingException e) {
            throw new IOException(file + " is not a run description: " + e.getOriginalMessage());
        }
    }

    /** The cells as the report reads them: each through its row, exactly as {@code sessions.json} holds it. */
    static List<CellFigures> figures(List<CellResult> results) {
        return results.stream().map(r -> CellFigures.of(ResultRow.of(r))).toList();
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

    /** One line per cell under a header of every field any cell has; a field a cell lacks is left empty. */
    static String csv(List<CellResult> results) {
        List<Map<String, Object>> rows = results.stream().map(ResultRow::of).toList();
        List<String> fields = rows.stream().flatMap(row -> row.keySet().stream()).distinct().toList();
        StringBuilder out = new StringBuilder(String.join(",", fields)).append('\n');
        for (Map<String, Object> row : rows) {
            for (int i = 0; i < fields.size(); i++) {
                Object value = row.get(fields.get(i));
                out.append(i == 0 ? "" : ",").append(value == null ? "" : value);
            }
            out.append('\n');
        }
        return out.toString();
    }
}
