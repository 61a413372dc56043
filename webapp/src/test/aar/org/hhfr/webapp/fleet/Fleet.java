package org.hhfr.webapp.fleet;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A user's POJO service, deployed as {@code fleet.aar}: beans nested in beans, arrays of strings and beans,
 * a void operation and one that throws.
 */
public class Fleet {
    private static final Map<String, Vehicle> REPORTED = new ConcurrentHashMap<>();

    /** {@code count} vehicles north of {@code center}, each with a track of two positions. */
    public Vehicle[] nearby(Position center, int count) {
        Vehicle[] vehicles = new Vehicle[count];
        for (int i = 0; i < count; i++) {
            Vehicle vehicle = new Vehicle();
            vehicle.setId("bus-" + i);
            vehicle.setSeats(40 + i);
            vehicle.setTags(new String[] {"line " + i, "low floor"});
            vehicle.setPosition(new Position(center.getLatitude() + i, center.getLongitude()));
            vehicle.setTrack(new Position[] {
                    new Position(center.getLatitude() + i - 0.5, center.getLongitude()),
                    new Position(center.getLatitude() + i - 0.25, center.getLongitude())});
            vehicles[i] = vehicle;
        }
        return vehicles;
    }

    /** The vehicle moved to the last stop, with the stops appended to its track. */
    public Route plan(Vehicle vehicle, Position[] stops) {
        Position[] previous = vehicle.getTrack() == null ? new Position[0] : vehicle.getTrack();
        Position[] track = new Position[previous.length + stops.length];
        System.arraycopy(previous, 0, track, 0, previous.length);
        System.arraycopy(stops, 0, track, previous.length, stops.length);
        vehicle.setTrack(track);
        if (stops.length > 0) {
            vehicle.setPosition(stops[stops.length - 1]);
        }
        Route route = new Route();
        route.setVehicle(vehicle);
        route.setStops(stops);
        route.setSummary(vehicle.getId() + " via " + stops.length + " stops");
        return route;
    }

    /** Remembers the vehicle as reported; answers nothing. */
    public void report(Vehicle vehicle) {
        REPORTED.put(vehicle.getId(), vehicle);
    }

    /** A reported vehicle. */
    public Vehicle find(String id) throws UnknownVehicleException {
        Vehicle vehicle = REPORTED.get(id);
        if (vehicle == null) {
            throw new UnknownVehicleException("no vehicle " + id);
        }
        return vehicle;
    }
}
