package org.hhfr.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;
import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;

class SupplementaryCharacterReferencesTest {
    private static final String GRINNING = new String(Character.toChars(0x1F600));

    @Test
    void referencesBeyondTheBasicPlaneBecomeTheirCharactersInTextAndAttributeValues() throws IOException {
        assertEquals("<s a='" + GRINNING + "'>" + GRINNING + " and " + GRINNING + "</s>",
                translated("<s a='&#x1F600;'>&#x1F600; and &#128512;</s>"));
    }

    @Test
    void everyOtherReferenceAndAnythingMalformedIsPassedOnAsItIs() throws IOException {
        String document = "<s>&#x41; &#65; &amp; &#xFFFF; &#0; &#X1F600; &#x1F600 &#; &#x; &#x1F6O0; &</s>";
        assertEquals(document, translated(document));
    }

    @Test
    void aReferenceWithLeadingZerosBeyondTheBasicPlaneBecomesItsCharacter() throws IOException {
        assertEquals("<s>" + GRINNING + GRINNING + "</s>", translated("<s>&#x00001F600;&#0000128512;</s>"));
    }

    /** kxml2 would keep the low 16 bits of such a reference: U+0000 for {@code &#x110000;}, a surrogate, another. */
    @Test
    void aReferenceBeyondUnicodeIsRefusedByTheParserNamingIt() throws Exception {
        assertEquals("<s a='&no-character-x110000;'>&no-character-1114112;&no-character-xFFFFFFFFF;</s>",
                translated("<s a='&#x110000;'>&#1114112;&#xFFFFFFFFF;</s>"));
        for (String document : new String[] {"<s a='&#x1edede;'/>", "<s>&#x000000110000;</s>"}) {
            XmlPullParser parser = XmlPull.newParser();
            parser.setInput(new StringReader(document));
            XmlPullParserException refused = assertThrows(XmlPullParserException.class, () -> {
                parser.nextTag();
                parser.nextText();
            }, document);
            assertTrue(XmlPull.message(refused).contains("&no-character-"), refused.getMessage());
        }
    }

    @Test
    void commentsCdataSectionsAndProcessingInstructionsAreLeftAsTheyAre() throws IOException {
        String document = "<?pi &#x1F600;?><s><!-- &#x1F600; --><![CDATA[&#x1F600;]]>&#x1F600;</s>";
        assertEquals("<?pi &#x1F600;?><s><!-- &#x1F600; --><![CDATA[&#x1F600;]]>" + GRINNING + "</s>",
                translated(document));
    }

    /**
     * kxml2 takes a {@code <} inside an attribute value as a character (XML forbids it): it opens no processing
     * instruction there, or what follows would be left untranslated and read as another character.
     */
    @Test
    void aLessThanSignInAnAttributeValueOpensNothing() throws IOException {
        assertEquals("<s a=\"x<?y" + GRINNING + "\" b='>" + GRINNING + "'>" + GRINNING + "<?pi &#x1F600;?></s>",
                translated("<s a=\"x<?y&#x1F600;\" b='>&#x1F600;'>&#x1F600;<?pi &#x1F600;?></s>"));
    }

    @Test
    void referencesAndSectionEndsAcrossTheBufferAreFound() throws IOException {
        for (int pad = 8170; pad < 8200; pad++) {
            String filler = "x".repeat(pad);
            assertEquals("<s>" + filler + GRINNING + "</s>", translated("<s>" + filler + "&#x1F600;</s>"),
                    "reference after " + pad);
            assertEquals("<s><!--" + filler + "-->" + GRINNING + "</s>",
                    translated("<s><!--" + filler + "-->&#x1F600;</s>"), "comment end after " + pad);
        }
    }

    @Test
    void theJvmParserReadsACharacterReferenceBeyondTheBasicPlaneAsThatCharacter() throws Exception {
        XmlPullParser parser = XmlPull.newParser();
        parser.setInput(new ByteArrayInputStream(
                "<s a='&#x1F600;'>&#128512;</s>".getBytes(StandardCharsets.US_ASCII)), null);
        parser.nextTag();
        assertEquals(GRINNING, parser.getAttributeValue(null, "a"));
        assertEquals(GRINNING, parser.nextText());
    }

    @Test
    void aParserGivenCharactersReadsTheReferenceToo() throws XmlPullParserException, IOException {
        XmlPullParser parser = XmlPull.newParser();
        parser.setInput(new StringReader("<s>&#x1F600;</s>"));
        parser.nextTag();
        assertEquals(GRINNING, parser.nextText());
    }

    private static String translated(String document) throws IOException {
        StringWriter out = new StringWriter();
        try (Reader in = new SupplementaryCharacterReferences(new StringReader(document))) {
            char[] chunk = new char[7];
            for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
                out.write(chunk, 0, n);
            }
        }
        return out.toString();
    }
}
