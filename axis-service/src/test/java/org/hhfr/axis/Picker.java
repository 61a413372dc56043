package org.hhfr.axis;

import java.util.EventObject;

import org.hhfr.axis.reservations.Booking;
import org.hhfr.axis.reservations.GroupBooking;

/**
 * A POJO service whose methods return beans: one of a subclass of the declared class (which Axis2 writes over SOAP
 * with the subclass's properties, beyond its WSDL), one of the declared class, one with a property that has
 * a getter only (which Axis2 publishes and writes), one of a class extending a platform class (whose
 * properties Axis2 neither publishes nor writes), and one with a {@code Boolean} read by an is method (which
 * Axis2 writes but does not publish).
 */
public class Picker {
    public Booking group(String guest) {
        GroupBooking booking = new GroupBooking();
        booking.setGuest(guest);
        booking.setSize(7);
        return booking;
    }

    public Booking single(String guest) {
        Booking booking = new Booking();
        booking.setGuest(guest);
        return booking;
    }

    public Badge badge(String name) {
        Badge badge = new Badge();
        badge.setName(name);
        return badge;
    }

    public Notice notice(String text) {
        Notice notice = new Notice();
        notice.setText(text);
        return notice;
    }

    public Flag flag(String name) {
        Flag flag = new Flag();
        flag.setName(name);
        flag.setActive(Boolean.TRUE);
        return flag;
    }

    /** A bean whose Boolean property is read by an is-method, which Axis2 writes but does not publish. */
    public static class Flag {
        private String name;
        private Boolean active;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public Boolean isActive() {
            return active;
        }

        public void setActive(Boolean active) {
            this.active = active;
        }
    }

    /** A bean with a read-only property. */
    public static class Badge {
        private String name;

        public String getName() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        public String getInitial() {
            return name == null || name.isEmpty() ? "" : name.substring(0, 1);
        }
    }

    /** A bean extending a platform class with a property of its own, {@code source}. */
    public static class Notice extends EventObject {
        private String text;

        public Notice() {
            super(Picker.class);
        }

        public String getText() {
            return text;
        }

        public void setText(String text) {
            this.text = text;
        }
    }
}
