package org.hhfr.streamer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

/** Representations are found by their URI, in preference order. */
class RepresentationsTest {
    @Test
    void standardRegistryOffersBinaryThenXmlByTheirUris() {
        Representations standard = Representations.standard();
        assertEquals(Arrays.asList("urn:hhfr:rep:binary", "urn:hhfr:rep:xml"), standard.uris());
        assertTrue(standard.get("urn:hhfr:rep:binary") instanceof BinaryRepresentation);
        assertTrue(standard.get("urn:hhfr:rep:xml") instanceof XmlRepresentation);
    }

    @Test
    void unknownUriIsRefusedListingTheKnownOnes() {
        Representations standard = Representations.standard();
        assertFalse(standard.supports("urn:hhfr:rep:exi"));
        String message = assertThrows(IllegalArgumentException.class, () -> standard.get("urn:hhfr:rep:exi"))
                .getMessage();
        assertTrue(message.contains("urn:hhfr:rep:binary"), message);
    }

    @Test
    void withReplacesByUriAndKeepsTheOrder() {
        XmlRepresentation strictXml = new XmlRepresentation(StreamerLimits.defaults().toBuilder().maxDepth(4).build());
        Representations changed = Representations.standard().with(strictXml);
        assertSame(strictXml, changed.get(XmlRepresentation.URI));
        assertEquals(Representations.standard().uris(), changed.uris());
        assertThrows(IllegalArgumentException.class,
                () -> Representations.of(new BinaryRepresentation(), new BinaryRepresentation()));
    }
}
