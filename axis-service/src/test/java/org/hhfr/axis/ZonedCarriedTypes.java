package org.hhfr.axis;

/** {@link CarriedTypes} deployed with Axis2's TimeZone service parameter. */
public class ZonedCarriedTypes extends CarriedTypes {
}
