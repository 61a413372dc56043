package org.hhfr.streamer;

/**
 * Input that is not a valid message for the expected structure: truncated, corrupt, over a
 * {@link StreamerLimits limit}, or not matching the schema. It is the only exception a decoder throws for
 * bad input, whatever the representation. The message says what is wrong, where (byte offset in binary
 * input, line:column in XML) and in which element (a path such as {@code /sum/values[3]}).
 */
public final class MalformedMessageException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String reason;
    private final String location;
    private final String path;

    /**
     * @param reason what is wrong
     * @param location where in the input, e.g. {@code "byte 17"} or {@code "line 3:14"}; empty if unknown
     * @param path the element path, e.g. {@code "/sum/values[3]"}; empty if outside any element
     */
    public MalformedMessageException(String reason, String location, String path) {
        super(describe(reason, location, path));
        this.reason = reason;
        this.location = location;
        this.path = path;
    }

    public MalformedMessageException(String reason, String location, String path, Throwable cause) {
        this(reason, location, path);
        initCause(cause);
    }

    private static String describe(String reason, String location, String path) {
        StringBuilder text = new StringBuilder(reason);
        if (!location.isEmpty()) {
            text.append(" at ").append(location);
        }
        if (!path.isEmpty()) {
            text.append(" in ").append(path);
        }
        return text.toString();
    }

    /** What is wrong, without location or path. */
    public String reason() {
        return reason;
    }

    /** Where in the input: {@code "byte N"}, {@code "line L:C"}, or empty. */
    public String location() {
        return location;
    }

    /** The path of the element being read, e.g. {@code /sum/values[3]}, or empty. */
    public String path() {
        return path;
    }
}
