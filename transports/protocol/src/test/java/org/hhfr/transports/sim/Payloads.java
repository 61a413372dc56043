package org.hhfr.transports.sim;

/** Message bodies that say which message they are and prove they arrived intact. */
final class Payloads {
    private Payloads() {
    }

    /** Request {@code index}: the index in four bytes, then a pattern derived from it. */
    static byte[] request(int index, int size) {
        byte[] payload = new byte[Math.max(4, size)];
        writeInt(payload, index);
        for (int i = 4; i < payload.length; i++) {
            payload[i] = (byte) (index * 31 + i * 7);
        }
        return payload;
    }

    /** The index of an intact request, or -1 when a byte is wrong. */
    static int requestIndex(byte[] payload) {
        if (payload.length < 4) {
            return -1;
        }
        int index = readInt(payload, 0);
        for (int i = 4; i < payload.length; i++) {
            if (payload[i] != (byte) (index * 31 + i * 7)) {
                return -1;
            }
        }
        return index;
    }

    /** The response to request {@code index}: the index and its complement, then a pattern up to {@code size}. */
    static byte[] response(int index, int size) {
        byte[] payload = new byte[Math.max(8, size)];
        writeInt(payload, index);
        payload[4] = (byte) ~index;
        payload[5] = (byte) (~index >> 8);
        payload[6] = (byte) (~index >> 16);
        payload[7] = (byte) (~index >> 24);
        for (int i = 8; i < payload.length; i++) {
            payload[i] = (byte) (index * 17 + i * 5);
        }
        return payload;
    }

    /** The index of an intact response, or -1 when a byte is wrong. */
    static int responseIndex(byte[] payload) {
        if (payload.length < 8) {
            return -1;
        }
        int index = readInt(payload, 0);
        if (readInt(payload, 4) != ~index) {
            return -1;
        }
        for (int i = 8; i < payload.length; i++) {
            if (payload[i] != (byte) (index * 17 + i * 5)) {
                return -1;
            }
        }
        return index;
    }

    private static void writeInt(byte[] dst, int value) {
        for (int i = 0; i < 4; i++) {
            dst[i] = (byte) (value >> (8 * i));
        }
    }

    private static int readInt(byte[] src, int offset) {
        int value = 0;
        for (int i = 0; i < 4; i++) {
            value |= (src[offset + i] & 0xFF) << (8 * i);
        }
        return value;
    }
}
