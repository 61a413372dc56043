package org.hhfr.webapp.fleet;

/** No vehicle of the fleet has the id asked for. */
public class UnknownVehicleException extends Exception {
    private static final long serialVersionUID = 1L;

    public UnknownVehicleException(String message) {
        super(message);
    }
}
