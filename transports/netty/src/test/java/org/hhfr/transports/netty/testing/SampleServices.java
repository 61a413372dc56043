package org.hhfr.transports.netty.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.hhfr.schemas.DataStructure;
import org.hhfr.schemas.Schema;
import org.hhfr.schemas.SchemaException;
import org.hhfr.schemas.SchemaParser;
import org.hhfr.streamer.BinaryRepresentation;
import org.hhfr.streamer.MalformedMessageException;
import org.hhfr.streamer.Message;

/**
 * The paper's services as plain functions over streamed binary bodies, with the schemas Axis2 publishes for
 * them: {@code FloatSum.sum(float[]) -> float} and {@code StringConcat.concat(String[]) -> String}.
 */
public final class SampleServices {
    public static final String FLOAT_SUM_NS = "http://floatsum.hhfr.org";
    public static final String CONCAT_NS = "http://concat.hhfr.org";
    public static final String FLOAT_SUM_XSD = resource("float-sum.xsd");
    public static final String CONCAT_XSD = resource("string-concat.xsd");

    private static final BinaryRepresentation BINARY = new BinaryRepresentation();
    private static final Schema FLOAT_SUM = parse(FLOAT_SUM_XSD);
    private static final Schema CONCAT = parse(CONCAT_XSD);
    public static final DataStructure SUM_REQUEST = FLOAT_SUM.dataStructure("sum");
    public static final DataStructure SUM_RESPONSE = FLOAT_SUM.dataStructure("sumResponse");
    public static final DataStructure CONCAT_REQUEST = CONCAT.dataStructure("concat");
    public static final DataStructure CONCAT_RESPONSE = CONCAT.dataStructure("concatResponse");

    private SampleServices() {
    }

    /** The binary request body of {@code sum(values)}. */
    public static byte[] sumRequest(float... values) {
        return BINARY.encode(Message.of(SUM_REQUEST).set("values", values).build());
    }

    /** Decodes a binary sum request, sums it, encodes the binary response. */
    public static byte[] sum(byte[] request) {
        return BINARY.encode(sum(decode(SUM_REQUEST, request)));
    }

    /** {@code FloatSum.sum}: the sum of the request's values, in float arithmetic as Java sums them. */
    public static Message sum(Message request) {
        float sum = 0;
        for (float value : request.record().floats("values")) {
            sum += value;
        }
        return Message.of(SUM_RESPONSE).set("return", sum).build();
    }

    public static float sumResult(byte[] response) {
        return decode(SUM_RESPONSE, response).record().floatValue("return");
    }

    /** The binary request body of {@code concat(parts)}. */
    public static byte[] concatRequest(String... parts) {
        return BINARY.encode(Message.of(CONCAT_REQUEST).set("parts", parts).build());
    }

    public static byte[] concat(byte[] request) {
        return BINARY.encode(concat(decode(CONCAT_REQUEST, request)));
    }

    /** {@code StringConcat.concat}: the parts joined, nil parts skipped. */
    public static Message concat(Message request) {
        StringBuilder joined = new StringBuilder();
        for (String part : request.record().strings("parts")) {
            if (part != null) {
                joined.append(part);
            }
        }
        return Message.of(CONCAT_RESPONSE).set("return", joined.toString()).build();
    }

    public static String concatResult(byte[] response) {
        return decode(CONCAT_RESPONSE, response).record().string("return");
    }

    private static Message decode(DataStructure structure, byte[] body) {
        try {
            return BINARY.decode(structure, body, 0, body.length);
        } catch (MalformedMessageException e) {
            throw new IllegalArgumentException("not a " + structure + " body: " + e.getMessage(), e);
        }
    }

    private static Schema parse(String xsd) {
        try {
            return new SchemaParser().parse(xsd);
        } catch (SchemaException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = SampleServices.class.getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
