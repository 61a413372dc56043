package org.hhfr.axis.reservations;

/** A bean derived from another, which Axis2 publishes as an {@code xs:complexContent} extension. */
public class GroupBooking extends Booking {
    private int size;

    public int getSize() {
        return size;
    }

    public void setSize(int size) {
        this.size = size;
    }
}
