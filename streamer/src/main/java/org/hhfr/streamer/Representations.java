package org.hhfr.streamer;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The representations a peer supports, looked up by URI. Negotiation offers {@link #uris()} in preference
 * order and picks the agreed one with {@link #get(String)}; adding a representation is adding an
 * implementation here, nothing else. Immutable.
 */
public final class Representations {
    private final Map<String, Representation> byUri;

    private Representations(Map<String, Representation> byUri) {
        this.byUri = Collections.unmodifiableMap(byUri);
    }

    /** Binary first, then XML, with the default limits. */
    public static Representations standard() {
        return standard(StreamerLimits.defaults());
    }

    /** Binary first, then XML, decoding within {@code limits}. */
    public static Representations standard(StreamerLimits limits) {
        return of(new BinaryRepresentation(limits), new XmlRepresentation(limits));
    }

    /** The given representations, in preference order; URIs must be distinct. */
    public static Representations of(Representation... representations) {
        Map<String, Representation> byUri = new LinkedHashMap<>();
        for (Representation representation : representations) {
            if (byUri.put(representation.uri(), representation) != null) {
                throw new IllegalArgumentException("two representations named " + representation.uri());
            }
        }
        return new Representations(byUri);
    }

    /** These plus {@code representation}, replacing one with the same URI (at its place) or last. */
    public Representations with(Representation representation) {
        Map<String, Representation> copy = new LinkedHashMap<>(byUri);
        copy.put(representation.uri(), representation);
        return new Representations(copy);
    }

    public boolean supports(String uri) {
        return byUri.containsKey(uri);
    }

    /** @throws IllegalArgumentException if no representation has that URI */
    public Representation get(String uri) {
        Representation representation = byUri.get(uri);
        if (representation == null) {
            throw new IllegalArgumentException("no representation named " + uri + "; known: " + byUri.keySet());
        }
        return representation;
    }

    /** The URIs in preference order. */
    public List<String> uris() {
        return Collections.unmodifiableList(new ArrayList<>(byUri.keySet()));
    }

    @Override
    public String toString() {
        return "Representations" + byUri.keySet();
    }
}
