package org.hhfr.axis.services;

/**
 * The paper's float benchmark service: the sum of the values, added in order in {@code float} arithmetic
 * (so every path to this method rounds the same way). No values give 0.
 */
public class FloatSum {

    public float sum(float[] values) {
        float total = 0f;
        if (values != null) {
            for (float value : values) {
                total += value;
            }
        }
        return total;
    }
}
