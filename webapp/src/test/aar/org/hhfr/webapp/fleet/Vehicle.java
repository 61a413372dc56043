package org.hhfr.webapp.fleet;

/** A vehicle of the fleet: where it is, where it has been, and what it is. */
public class Vehicle {
    private String id;
    private int seats;
    private String[] tags;
    private Position position;
    private Position[] track;

    public String getId() {
        return id;
    }

    public void setId(String id) {
        this.id = id;
    }

    public int getSeats() {
        return seats;
    }

    public void setSeats(int seats) {
        this.seats = seats;
    }

    public String[] getTags() {
        return tags;
    }

    public void setTags(String[] tags) {
        this.tags = tags;
    }

    public Position getPosition() {
        return position;
    }

    public void setPosition(Position position) {
        this.position = position;
    }

    public Position[] getTrack() {
        return track;
    }

    public void setTrack(Position[] track) {
        this.track = track;
    }
}
