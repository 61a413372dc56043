package org.hhfr.axis.reservations;

import java.util.Date;

/** A bean with a field Axis2 publishes as {@code xs:date}, which a stream carries as its text. */
public class Booking {
    private String guest;
    private Date when;

    public String getGuest() {
        return guest;
    }

    public void setGuest(String guest) {
        this.guest = guest;
    }

    public Date getWhen() {
        return when;
    }

    public void setWhen(Date when) {
        this.when = when;
    }
}
