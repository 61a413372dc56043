package org.hhfr.schemas;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

import org.kxml2.io.KXmlParser;
import org.kxml2.io.KXmlSerializer;
import org.xmlpull.v1.XmlPullParser;
import org.xmlpull.v1.XmlPullParserException;
import org.xmlpull.v1.XmlPullParserFactory;
import org.xmlpull.v1.XmlSerializer;

/**
 * Where every XML pull parser and serializer of HHFR comes from. On Android the platform's (it has XmlPull
 * built in, so an app must not ship kxml2: its {@code org.xmlpull.v1} classes would duplicate the platform's);
 * on the JVM kxml2's, which the application puts on the class path. Both are kxml2 underneath. A parser comes
 * with no features set: callers turn on namespace processing.
 */
public final class XmlPull {
    private static final boolean ON_ANDROID = isPresent("android.os.Build");

    private XmlPull() {
    }

    /** A new parser; an {@link IllegalStateException} if the platform has no XmlPull implementation. */
    public static XmlPullParser newParser() {
        if (!ON_ANDROID) {
            return new JvmParser();
        }
        try {
            return Platform.FACTORY.newPullParser();
        } catch (XmlPullParserException e) {
            throw Platform.missing(e);
        }
    }

    /** A new serializer; an {@link IllegalStateException} if the platform has no XmlPull implementation. */
    public static XmlSerializer newSerializer() {
        if (!ON_ANDROID) {
            return new KXmlSerializer();
        }
        try {
            return Platform.FACTORY.newSerializer();
        } catch (XmlPullParserException e) {
            throw Platform.missing(e);
        }
    }

    /**
     * Hands {@code parser} an encoded document as {@code parser.setInput(in, null)} does (the encoding from the
     * byte order mark or the XML declaration, UTF-8 otherwise), except that a declared encoding the platform
     * does not support is refused here, without the platform's costly lookup of an unknown name.
     */
    public static void setInput(XmlPullParser parser, InputStream in) throws XmlPullParserException {
        InputStream marked = in.markSupported() ? in
                : new BufferedInputStream(in, DeclaredEncoding.MAX_DECLARATION_BYTES);
        String encoding;
        try {
            encoding = DeclaredEncoding.in(marked);
        } catch (IOException e) {
            throw new XmlPullParserException("cannot read the document: " + e.getMessage(), null, e);
        }
        if (encoding != null && !DeclaredEncoding.isSupported(encoding)) {
            throw new XmlPullParserException(
                    "the XML declaration names an encoding this platform does not support: "
                    + (encoding.length() > 64 ? encoding.substring(0, 64) + "..." : encoding));
        }
        parser.setInput(marked, null);
    }

    /**
     * The parser's refusal as a peer may read it: kxml2's message without the parser-state dump it appends
     * (position, the event and the reader object) and without the parser object it names ("in" or "at" it).
     * kxml2 reports some malformations (an undefined namespace prefix, an illegal attribute name) with a plain
     * {@link RuntimeException}, so readers of hostile input catch those too and report them through this.
     */
    public static String message(Exception parserError) {
        String message = String.valueOf(parserError.getMessage());
        int state = message.indexOf(" (position:");
        if (state >= 0) {
            message = message.substring(0, state);
        }
        int parserName = message.indexOf(" in org.kxml2.");
        if (parserName < 0) {
            parserName = message.indexOf(" at org.kxml2.");
        }
        return (parserName >= 0 ? message.substring(0, parserName) : message).trim();
    }

    /**
     * kxml2 reading every document through {@link SupplementaryCharacterReferences}: its own reading of a
     * reference to a character beyond U+FFFF keeps only the low 16 bits. Its {@code setInput(InputStream,
     * String)} hands the decoded characters to {@code setInput(Reader)}, so both pass here.
     */
    private static final class JvmParser extends KXmlParser {
        @Override
        public void setInput(Reader reader) throws XmlPullParserException {
            super.setInput(reader == null ? null : new SupplementaryCharacterReferences(reader));
        }
    }

    private static boolean isPresent(String className) {
        try {
            Class.forName(className, false, XmlPull.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** The platform's factory, looked up once, on first use. */
    private static final class Platform {
        static final XmlPullParserFactory FACTORY = newFactory();

        private static XmlPullParserFactory newFactory() {
            try {
                return XmlPullParserFactory.newInstance();
            } catch (XmlPullParserException e) {
                throw missing(e);
            }
        }

        static IllegalStateException missing(XmlPullParserException e) {
            return new IllegalStateException("the platform has no XmlPull implementation", e);
        }
    }
}
