package org.hhfr.axis;

import java.util.Arrays;
import java.util.Calendar;

/**
 * A POJO service on {@link Calendar}, which Axis2 publishes as xs:dateTime: a time given, shifted; and the names
 * of time zones, which may be no array at all.
 */
public class Clock {
    public Calendar shift(Calendar when, int minutes) {
        Calendar shifted = (Calendar) when.clone();
        shifted.add(Calendar.MINUTE, minutes);
        return shifted;
    }

    public String[] zones(int count) {
        return count < 0 ? null : Arrays.copyOf(new String[] {"UTC", "CET", "JST"}, count);
    }
}
