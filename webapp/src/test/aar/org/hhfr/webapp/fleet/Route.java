package org.hhfr.webapp.fleet;

/** A planned route: the vehicle as it will be at the end, and the stops on the way. */
public class Route {
    private Vehicle vehicle;
    private Position[] stops;
    private String summary;

    public Vehicle getVehicle() {
        return vehicle;
    }

    public void setVehicle(Vehicle vehicle) {
        this.vehicle = vehicle;
    }

    public Position[] getStops() {
        return stops;
    }

    public void setStops(Position[] stops) {
        this.stops = stops;
    }

    public String getSummary() {
        return summary;
    }

    public void setSummary(String summary) {
        this.summary = summary;
    }
}
