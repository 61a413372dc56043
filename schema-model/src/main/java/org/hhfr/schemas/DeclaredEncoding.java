package org.hhfr.schemas;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The encoding an XML declaration names, found where kxml2 finds it, and whether the platform supports it,
 * known without asking the platform each time: the platform looks a name it does not know up by loading every
 * charset provider again, about a millisecond per document (ten to a hundred times the cost of reading a small
 * document), which a peer could otherwise make every document it sends cost.
 */
final class DeclaredEncoding {
    /** kxml2 reads an XML declaration into a buffer of this many characters and fails on a longer one. */
    static final int MAX_DECLARATION_BYTES = 8192;

    private DeclaredEncoding() {
    }

    /**
     * The encoding named in the XML declaration at the start of {@code document}, as kxml2 reads it when it
     * detects the encoding itself: from a document starting {@code <?xm}, the text between the quotes after the
     * first {@code encoding} before the first {@code >}. {@code null} when there is none for kxml2 to look up.
     * Reads at most {@link #MAX_DECLARATION_BYTES} and leaves the stream where it was ({@code document} must
     * support {@link InputStream#mark}).
     */
    static String in(InputStream document) throws IOException {
        document.mark(MAX_DECLARATION_BYTES);
        try {
            StringBuilder declaration = new StringBuilder();
            int read;
            while (declaration.length() < MAX_DECLARATION_BYTES && (read = document.read()) >= 0) {
                declaration.append((char) read);
                if (declaration.length() == 4 && !"<?xm".contentEquals(declaration)) {
                    return null;
                }
                if (read == '>') {
                    return encodingIn(declaration.toString());
                }
            }
            return null;
        } finally {
            document.reset();
        }
    }

    private static String encodingIn(String declaration) {
        if (!declaration.startsWith("<?xm")) {
            return null;
        }
        int start = declaration.indexOf("encoding");
        while (start >= 0 && start < declaration.length() && declaration.charAt(start) != '"'
                && declaration.charAt(start) != '\'') {
            start++;
        }
        if (start < 0 || start == declaration.length()) {
            return null;
        }
        int close = declaration.indexOf(declaration.charAt(start), start + 1);
        return close < 0 ? null : declaration.substring(start + 1, close);
    }

    /**
     * Whether the platform has a charset of this name or alias (names are compared ignoring case). The names
     * SOAP documents use are answered without listing the platform's charsets, which loads every provider's
     * classes: tens of milliseconds of a client's first call.
     */
    static boolean isSupported(String name) {
        String lowerCase = name.toLowerCase(Locale.ROOT);
        return Standard.NAMES.contains(lowerCase) || Supported.NAMES.contains(lowerCase);
    }

    /** The names and common aliases of the charsets every Java platform and Android has, lower case. */
    static final class Standard {
        static final Set<String> NAMES = new HashSet<>(Arrays.asList(
                "utf-8", "utf8", "utf-16", "utf-16be", "utf-16le", "utf16",
                "iso-8859-1", "iso8859_1", "latin1", "us-ascii", "ascii"));

        private Standard() {
        }
    }

    /** Every charset name and alias of the platform, lower case, looked up once, on first use. */
    private static final class Supported {
        static final Set<String> NAMES = names();

        private static Set<String> names() {
            Set<String> names = new HashSet<>();
            for (Charset charset : Charset.availableCharsets().values()) {
                names.add(charset.name().toLowerCase(Locale.ROOT));
                for (String alias : charset.aliases()) {
                    names.add(alias.toLowerCase(Locale.ROOT));
                }
            }
            return names;
        }
    }
}
