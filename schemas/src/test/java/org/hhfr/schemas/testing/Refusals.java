package org.hhfr.schemas.testing;

import java.nio.charset.StandardCharsets;

/**
 * Tells a decoder's deliberate refusal of hostile input from a bug that its catch-all turned into one. The
 * XML decoders wrap whatever the parser library throws into their checked exception; an unchecked exception
 * thrown by HHFR's own code behind such a refusal is a bug all the same, and its text would reach the peer.
 */
public final class Refusals {
    private static final int MAX_CAUSES = 16;

    private Refusals() {
    }

    /**
     * @throws AssertionError if a cause of {@code refusal} is an unchecked exception whose first frame outside
     *                        the JDK is HHFR's code, or if the refusal's message shows an unchecked cause's name
     */
    public static void requireDeliberate(Exception refusal) {
        requireDeliberate(refusal, new byte[0]);
    }

    /**
     * As {@link #requireDeliberate(Exception)}, for a refusal of {@code input}: an exception's name the input
     * holds itself (a peer may write {@code java.lang.RuntimeException:} as an attribute name, which the refusal
     * then quotes) is the peer's text, not an internal exception's.
     */
    public static void requireDeliberate(Exception refusal, byte[] input) {
        String peerText = new String(input, StandardCharsets.ISO_8859_1);
        String message = String.valueOf(refusal.getMessage());
        Throwable cause = refusal.getCause();
        for (int i = 0; cause != null && i < MAX_CAUSES; i++, cause = cause.getCause()) {
            if (cause instanceof RuntimeException && thrownByHhfr(cause)) {
                throw new AssertionError("refusal hides a bug: " + message, cause);
            }
            String shown = cause.getClass().getName() + ":";
            if (cause instanceof RuntimeException && message.contains(shown) && !peerText.contains(shown)) {
                throw new AssertionError("refusal shows an internal exception to the peer: " + message, cause);
            }
        }
    }

    private static boolean thrownByHhfr(Throwable exception) {
        for (StackTraceElement frame : exception.getStackTrace()) {
            String type = frame.getClassName();
            if (!(type.startsWith("java.") || type.startsWith("javax.") || type.startsWith("jdk.")
                    || type.startsWith("sun."))) {
                return type.startsWith("org.hhfr.");
            }
        }
        return false;
    }
}
