package org.hhfr.contextstore;

import com.google.auto.value.AutoValue;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * Who negotiated a session, as the server's HTTP side saw it: the user its HTTP authentication established
 * (the container's principal) and the request headers that describe the caller rather than the one request
 * ({@code Authorization}, {@code Cookie}, an API key, a tenant). It is kept with the session and handed to every
 * message of its streams, so a stream carries exactly the identity that negotiated it. The SOAP side of the
 * identity (a WS-Security header, say) is among the session's static header blocks.
 *
 * <p>Header names are kept in lower case (HTTP names are case-insensitive) and in name order, so two identities
 * are equal exactly when their principals and headers are.
 */
@AutoValue
public abstract class CallerIdentity {
    /** Headers a session keeps of its caller, at most. */
    public static final int MAX_HEADERS = 64;
    /** Characters of header names and values a session keeps of its caller, at most. */
    public static final int MAX_HEADER_CHARS = 16 * 1024;

    private static final CallerIdentity ANONYMOUS =
            new AutoValue_CallerIdentity(null, Collections.<String, String>emptyMap());

    /** No HTTP authentication and no caller headers. */
    public static CallerIdentity anonymous() {
        return ANONYMOUS;
    }

    /**
     * @param principal the user the server's HTTP authentication established, or {@code null}
     * @param headers the caller's request headers, names in any case; a name given twice (in two cases) keeps
     *                the later value
     */
    public static CallerIdentity of(@Nullable String principal, Map<String, String> headers) {
        if (principal == null && headers.isEmpty()) {
            return ANONYMOUS;
        }
        Map<String, String> kept = new TreeMap<>();
        for (Map.Entry<String, String> header : headers.entrySet()) {
            kept.put(header.getKey().toLowerCase(Locale.ROOT), header.getValue());
        }
        return new AutoValue_CallerIdentity(principal, Collections.unmodifiableMap(kept));
    }

    /** The user name the server's HTTP authentication established, or {@code null}. */
    public abstract @Nullable String principal();

    /** The caller's request headers as received, by lower-case name in name order. Unmodifiable. */
    public abstract Map<String, String> headers();

    /** The value of the caller's header {@code name} (any case), or {@code null}. */
    public @Nullable String header(String name) {
        return headers().get(name.toLowerCase(Locale.ROOT));
    }

    public boolean isAnonymous() {
        return principal() == null && headers().isEmpty();
    }

    /**
     * Whether a session can keep this identity: at most {@link #MAX_HEADERS} headers of at most
     * {@link #MAX_HEADER_CHARS} characters in all. A caller beyond that is served over SOAP only.
     */
    public boolean fitsSession() {
        if (headers().size() > MAX_HEADERS) {
            return false;
        }
        long chars = 0;
        for (Map.Entry<String, String> header : headers().entrySet()) {
            chars += header.getKey().length() + header.getValue().length();
        }
        return chars <= MAX_HEADER_CHARS;
    }

    /** The principal and the header names only: header values may be credentials. */
    @Override
    public final String toString() {
        return isAnonymous() ? "anonymous" : "CallerIdentity[" + (principal() != null ? principal() : "no principal")
                + (headers().isEmpty() ? "" : ", headers " + headers().keySet()) + "]";
    }
}
