package org.hhfr.axis.admin;

import java.util.function.Function;

/**
 * Where the admin endpoint listens, read from the HHFR module's parameters: {@code adminPort} (-1 or absent:
 * no admin endpoint, 0: a free port) and {@code adminBindHost} (absent: {@code 127.0.0.1}, so the endpoint is
 * reachable only from the node itself until the operator opens it to the load balancer and the monitoring).
 *
 * @param bindHost the interface the endpoint binds
 * @param port     the port; {@link #NOT_SERVED} for none
 */
public record AdminSettings(String bindHost, int port) {
    /** No admin endpoint. */
    public static final int NOT_SERVED = -1;
    public static final String PORT = "adminPort";
    public static final String BIND_HOST = "adminBindHost";
    public static final String DEFAULT_BIND_HOST = "127.0.0.1";

    public AdminSettings {
        if (bindHost == null || bindHost.isBlank()) {
            throw new IllegalArgumentException(BIND_HOST + " is empty");
        }
        if (port < NOT_SERVED || port > 65_535) {
            throw new IllegalArgumentException(PORT + " out of range (-1..65535): " + port);
        }
    }

    /**
     * Reads the two parameters; {@code parameters} answers a name with its text, or {@code null}.
     *
     * @throws IllegalArgumentException naming the parameter that is not a number or out of range
     */
    public static AdminSettings read(Function<String, String> parameters) {
        String host = parameters.apply(BIND_HOST);
        String port = parameters.apply(PORT);
        int number;
        try {
            number = port == null || port.isBlank() ? NOT_SERVED : Integer.parseInt(port.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PORT + " is not a number: \"" + port + "\"");
        }
        return new AdminSettings(host == null || host.isBlank() ? DEFAULT_BIND_HOST : host.trim(), number);
    }

    /** Whether an admin endpoint is served. */
    public boolean serves() {
        return port != NOT_SERVED;
    }
}
