package org.hhfr.axis;

import java.util.Calendar;

/** A POJO service on {@link Calendar}, which Axis2 publishes as xs:dateTime: a time given, shifted. */
public class Clock {
    public Calendar shift(Calendar when, int minutes) {
        Calendar shifted = (Calendar) when.clone();
        shifted.add(Calendar.MINUTE, minutes);
        return shifted;
    }
}
