package org.hhfr.axis;

import javax.xml.datatype.XMLGregorianCalendar;

/** A POJO service taking an {@link XMLGregorianCalendar}, which Axis2 publishes as xs:date. */
public class Calendars {
    public String day(XMLGregorianCalendar when) {
        return when.toXMLFormat();
    }

    public XMLGregorianCalendar same(XMLGregorianCalendar when) {
        return when;
    }
}
