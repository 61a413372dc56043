package org.hhfr.axis.services;

import java.util.Locale;
import java.util.Random;

/**
 * The tourism download of seed 000: {@code list(count)} returns the first {@code count} points of interest of
 * a fixed, generated catalogue around Porto. Record {@code i} is the same in every call (it is generated from
 * its own seed), so results can be compared across transports; each has about 600 bytes of text, some of it
 * outside ASCII, as the paper's records do.
 */
public class PointsOfInterest {
    /** The largest list one call returns (about 3 MB of text): a bound on the response, not on the catalogue. */
    public static final int MAX_COUNT = 5_000;

    private static final String[] WORDS = {
        "festival", "cinema", "porto", "ribeira", "aníbal", "cunha", "museu", "jardim", "praça", "igreja",
        "ponte", "mercado", "torre", "fantasia", "europeu", "cultura", "evento", "histórico", "vinho", "douro",
        "azulejos", "miradouro", "café", "livraria", "estação", "são", "bento", "clérigos", "palácio", "foz",
    };

    public PointOfInterest[] list(int count) {
        if (count < 0 || count > MAX_COUNT) {
            throw new IllegalArgumentException("count must be between 0 and " + MAX_COUNT + ", not " + count);
        }
        PointOfInterest[] list = new PointOfInterest[count];
        for (int i = 0; i < count; i++) {
            list[i] = generate(i + 1);
        }
        return list;
    }

    private static PointOfInterest generate(int id) {
        Random random = new Random(0x5EED_0000L + id);
        PointOfInterest poi = new PointOfInterest();
        poi.setId(id);
        poi.setName(capitalized(words(random, 2, 4)));
        poi.setDescription(capitalized(words(random, 40, 50)) + ".");
        poi.setPoiClassId(String.valueOf(1 + random.nextInt(90)));
        poi.setLatitude(String.format(Locale.ROOT, "%.7f", 41.1 + random.nextDouble() / 10));
        poi.setLongitude(String.format(Locale.ROOT, "%.7f", -8.7 + random.nextDouble() / 10));
        poi.setAddress("Rua " + capitalized(words(random, 2, 3)) + ", nº " + (1 + random.nextInt(500))
                + " - 4050-" + String.format(Locale.ROOT, "%03d", random.nextInt(1000)) + " Porto");
        poi.setPhone("351 222 " + (100_000 + random.nextInt(900_000)));
        poi.setFax("351 222 " + (100_000 + random.nextInt(900_000)));
        poi.setEmail("info" + id + "@poi.example.pt");
        poi.setUrl("www.poi.example.pt/" + id);
        poi.setAvgCost(String.valueOf(random.nextInt(100)));
        poi.setAvgDuration(String.valueOf(30 + random.nextInt(300)));
        poi.setActive(random.nextInt(10) == 0 ? "0" : "1");
        return poi;
    }

    private static String words(Random random, int min, int max) {
        int n = min + random.nextInt(max - min + 1);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                text.append(' ');
            }
            text.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return text.toString();
    }

    private static String capitalized(String text) {
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
