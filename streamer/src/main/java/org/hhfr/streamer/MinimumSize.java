package org.hhfr.streamer;

import org.hhfr.schemas.AttributeDecl;
import org.hhfr.schemas.ComplexType;
import org.hhfr.schemas.ElementDecl;
import org.hhfr.schemas.XsdType;

/**
 * The fewest bits one item of a repeated element can take in the binary layout. A reader multiplies a
 * claimed count by it and compares with the bytes left, so a forged count cannot make it allocate a large
 * array for a short message.
 */
final class MinimumSize {
    private MinimumSize() {
    }

    /** Lower bound of the bits of one non-nil item of the repeated {@code element}. */
    static long itemBits(ElementDecl element) {
        if (!element.isSimple()) {
            return recordBits(element.complexType());
        }
        XsdType base = element.simpleType().base();
        return base == XsdType.BOOLEAN ? 1 : valueBits(base);
    }

    /** Lower bound of the bits of one value written on its own (booleans take a byte). */
    private static long valueBits(XsdType base) {
        switch (base) {
            case FLOAT:
                return 32;
            case DOUBLE:
                return 64;
            case DECIMAL:
            case DATE_TIME:
                return 24;
            default:
                return 8;
        }
    }

    private static long recordBits(ComplexType type) {
        long bits = 0;
        long bitmapBits = 0;
        for (AttributeDecl attribute : type.attributes()) {
            if (attribute.required()) {
                bits += valueBits(attribute.type().base());
            } else {
                bitmapBits++;
            }
        }
        for (ElementDecl element : type.elements()) {
            if (element.isRepeated()) {
                bits += element.isFixedLength() ? 0 : 8;
            } else {
                bitmapBits += (element.isOptional() ? 1 : 0) + (element.nillable() ? 1 : 0);
                if (element.isSingle() && !element.nillable()) {
                    bits += element.isSimple() ? valueBits(element.simpleType().base())
                            : recordBits(element.complexType());
                }
            }
        }
        return bits + (bitmapBits + 7) / 8 * 8;
    }
}
