package org.hhfr.cli;

import java.io.UncheckedIOException;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * How the command line writes JSON, with Jackson: a session report on one line, arrays and schemas indented,
 * decimals as written (never in exponent form). The output is built as a tree of {@link #NODES} first, so
 * field order is the order of insertion.
 */
final class JsonOutput {
    /** Builds the trees; decimals keep their exact digits. */
    static final JsonNodeFactory NODES = JsonNodeFactory.withExactBigDecimals(true);

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
            .build();
    private static final ObjectWriter LINE = MAPPER.writer();
    private static final ObjectWriter INDENTED = MAPPER.writerWithDefaultPrettyPrinter();
    private static final ObjectWriter INDENTED_ASCII = INDENTED.with(JsonWriteFeature.ESCAPE_NON_ASCII);

    private JsonOutput() {
    }

    /** {@code value} on one line. */
    static String line(JsonNode value) {
        return write(LINE, value);
    }

    /** {@code value} indented, ending with a newline; with {@code asciiOnly}, other characters escaped. */
    static String indented(JsonNode value, boolean asciiOnly) {
        return write(asciiOnly ? INDENTED_ASCII : INDENTED, value) + "\n";
    }

    /** {@code text} as a JSON string literal, for people: quotes, backslashes and control characters escaped. */
    static String quoted(String text) {
        return "\"" + new String(JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
    }

    private static String write(ObjectWriter writer, JsonNode value) {
        try {
            return writer.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("a JSON tree in memory could not be written", e);
        }
    }
}
