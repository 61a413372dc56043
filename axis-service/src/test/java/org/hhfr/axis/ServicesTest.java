package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.nio.charset.StandardCharsets;

import org.hhfr.axis.services.FloatSum;
import org.hhfr.axis.services.PointOfInterest;
import org.hhfr.axis.services.PointsOfInterest;
import org.hhfr.axis.services.StringConcat;
import org.junit.jupiter.api.Test;

/** The sample services' own behaviour, whatever road a call takes to them. */
class ServicesTest {

    @Test
    void floatSumAddsInOrderInFloatArithmetic() {
        FloatSum service = new FloatSum();
        assertEquals(0f, service.sum(new float[0]));
        assertEquals(0f, service.sum(null));
        assertEquals(0.1f + 0.2f + 0.3f, service.sum(new float[] {0.1f, 0.2f, 0.3f}));
        assertEquals(16777216f, service.sum(new float[] {16777216f, 1f}));
        assertTrue(Float.isNaN(service.sum(new float[] {1f, Float.NaN})));
    }

    @Test
    void stringConcatSkipsNilParts() {
        StringConcat service = new StringConcat();
        assertEquals("", service.concat(null));
        assertEquals("", service.concat(new String[0]));
        assertEquals("ação✓", service.concat(new String[] {"a", null, "ção", null, "✓"}));
    }

    @Test
    void pointsOfInterestAreDeterministicAndAboutSixHundredBytesOfText() throws Exception {
        PointOfInterest[] first = new PointsOfInterest().list(200);
        PointOfInterest[] again = new PointsOfInterest().list(3);
        assertEquals(describe(first[2]), describe(again[2]), "record i is the same whatever the count");
        long bytes = 0;
        for (PointOfInterest poi : first) {
            bytes += describe(poi).getBytes(StandardCharsets.UTF_8).length;
        }
        long average = bytes / first.length;
        assertTrue(average > 450 && average < 750, "average " + average + " bytes");
        assertEquals(1, first[0].getId());
        assertEquals(200, first[199].getId());
    }

    @Test
    void aPointOfInterestHasAnIdAndThirteenTextFields() throws Exception {
        int text = 0;
        int other = 0;
        for (PropertyDescriptor property : Introspector.getBeanInfo(PointOfInterest.class, Object.class)
                .getPropertyDescriptors()) {
            if (property.getPropertyType() == String.class) {
                text++;
            } else {
                other++;
            }
        }
        assertEquals(13, text);
        assertEquals(1, other);
    }

    @Test
    void pointsOfInterestRefusesCountsOutsideItsBounds() {
        PointsOfInterest service = new PointsOfInterest();
        assertEquals(0, service.list(0).length);
        assertThrows(IllegalArgumentException.class, () -> service.list(-1));
        assertThrows(IllegalArgumentException.class, () -> service.list(PointsOfInterest.MAX_COUNT + 1));
    }

    /** Every text field, in property order: the record's text content. */
    private static String describe(PointOfInterest poi) throws Exception {
        StringBuilder text = new StringBuilder();
        for (PropertyDescriptor property : Introspector.getBeanInfo(PointOfInterest.class, Object.class)
                .getPropertyDescriptors()) {
            text.append(property.getReadMethod().invoke(poi));
        }
        return text.toString();
    }
}
