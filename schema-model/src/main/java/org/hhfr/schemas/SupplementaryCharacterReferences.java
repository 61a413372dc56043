package org.hhfr.schemas;

import java.io.IOException;
import java.io.Reader;

/**
 * A document's characters with each numeric character reference to a character beyond U+FFFF
 * ({@code &#x1F600;}, {@code &#128512;}) in text and attribute values written as the character itself (its
 * surrogate pair), which means the same to XML. kxml2 2.3.0, the JVM's parser, casts such a reference to one
 * {@code char} and so reads another character; Android's parser reads them right. Comments, CDATA sections and
 * processing instructions are passed on as they are, as is every other reference and anything malformed (the
 * parser refuses it). Within a tag's quoted attribute value a {@code <} opens nothing: kxml2 takes it there as a
 * character, and the references after it are translated too. A reference beyond U+10FFFF, which names no
 * character and which kxml2 would cut to 16 bits and read as another, becomes a reference to an entity no document
 * declares, {@code &no-character-x110000;}, which the parser refuses by that name.
 */
final class SupplementaryCharacterReferences extends Reader {
    /** The longest reference looked into, {@code &#x} or {@code &#} and up to twelve digits, leading zeros included. */
    private static final int LONGEST_REFERENCE = 16;
    /** {@code <![CDATA[}, the longest opening of a section passed on as it is. */
    private static final int LONGEST_OPENING = 9;

    private final Reader in;
    private final char[] buffer = new char[8192];
    private int position;
    private int limit;
    private boolean ended;
    /** The end of the comment, CDATA section or processing instruction being passed on, or {@code null}. */
    private String sectionEnd;
    /** Within a tag, from its {@code <} to its {@code >}. */
    private boolean inTag;
    /** The quote of the attribute value being read, or 0. */
    private char quote;
    /** Translated characters not read yet: those from {@link #pendingStart} on. */
    private final StringBuilder pending = new StringBuilder();
    private int pendingStart;

    SupplementaryCharacterReferences(Reader in) {
        this.in = in;
    }

    @Override
    public int read(char[] into, int offset, int length) throws IOException {
        if (length == 0) {
            return 0;
        }
        while (pending.length() == pendingStart) {
            pending.setLength(0);
            pendingStart = 0;
            if (!translate()) {
                return -1;
            }
        }
        int count = Math.min(length, pending.length() - pendingStart);
        pending.getChars(pendingStart, pendingStart + count, into, offset);
        pendingStart += count;
        return count;
    }

    /** Moves what the buffer holds, or can hold, to {@link #pending}; false at the end of the input. */
    private boolean translate() throws IOException {
        if (available(1) == 0) {
            return false;
        }
        if (sectionEnd != null) {
            passSection();
            return true;
        }
        int run = position;
        while (run < limit && !isMarkup(buffer[run])) {
            run++;
        }
        if (run > position) {
            pending.append(buffer, position, run - position);
            position = run;
            return true;
        }
        char c = buffer[position];
        if (c == '&') {
            reference();
        } else if (c == '<' && quote == 0) {
            openSection();
        } else {
            if (c == '>' && quote == 0) {
                inTag = false;
            } else if (c == quote) {
                quote = 0;
            } else if (inTag && quote == 0 && c != '<') {
                quote = c;
            }
            pending.append(c);
            position++;
        }
        return true;
    }

    /** Whether {@code c} is a reference's start, a tag's, or in a tag a quote or its end. */
    private boolean isMarkup(char c) {
        return c == '&' || c == '<' || inTag && (quote != 0 ? c == quote : c == '"' || c == '\'' || c == '>');
    }

    /** At {@code <}: notes the section it opens, if any, and passes on the {@code <}. */
    private void openSection() throws IOException {
        int seen = available(LONGEST_OPENING);
        if (opens("<!--", seen)) {
            sectionEnd = "-->";
            pending.append(buffer, position, 4);
            position += 4;
        } else if (opens("<![CDATA[", seen)) {
            sectionEnd = "]]>";
            pending.append(buffer, position, 9);
            position += 9;
        } else if (opens("<?", seen)) {
            sectionEnd = "?>";
            pending.append(buffer, position, 2);
            position += 2;
        } else {
            inTag = true;
            pending.append('<');
            position++;
        }
    }

    /** In a section: passes on the characters up to and with its end, or as many as the buffer holds. */
    private void passSection() throws IOException {
        int length = sectionEnd.length();
        if (available(length) < length) {
            pending.append(buffer, position, limit - position);
            position = limit;
            return;
        }
        for (int at = position; at + length <= limit; at++) {
            if (matches(sectionEnd, at)) {
                pending.append(buffer, position, at + length - position);
                position = at + length;
                sectionEnd = null;
                return;
            }
        }
        int kept = limit - (length - 1);
        pending.append(buffer, position, kept - position);
        position = kept;
    }

    /** At {@code &}: a reference beyond U+FFFF becomes its surrogate pair; anything else is passed on. */
    private void reference() throws IOException {
        int seen = available(LONGEST_REFERENCE);
        int semicolon = -1;
        for (int i = 1; i < seen; i++) {
            if (buffer[position + i] == ';') {
                semicolon = i;
                break;
            }
        }
        int codePoint = semicolon < 0 ? -1 : codePoint(position + 1, position + semicolon);
        if (codePoint > 0xFFFF && codePoint <= Character.MAX_CODE_POINT) {
            pending.append(Character.toChars(codePoint));
            position += semicolon + 1;
        } else if (codePoint > Character.MAX_CODE_POINT) {
            pending.append("&no-character-").append(buffer, position + 2, semicolon - 1);
            position += semicolon + 1;
        } else {
            pending.append('&');
            position++;
        }
    }

    /** The code point of {@code #digits} or {@code #xhex} between {@code from} and {@code to}, else -1. */
    private int codePoint(int from, int to) {
        if (to - from < 2 || buffer[from] != '#') {
            return -1;
        }
        boolean hex = buffer[from + 1] == 'x';
        int digits = from + (hex ? 2 : 1);
        if (digits == to) {
            return -1;
        }
        int value = 0;
        for (int i = digits; i < to; i++) {
            char c = buffer[i];
            int digit = c >= '0' && c <= '9' ? c - '0'
                    : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (digit < 0) {
                return -1;
            }
            value = Math.min(value * (hex ? 16 : 10) + digit, Character.MAX_CODE_POINT + 1);
        }
        return value;
    }

    private boolean opens(String opening, int seen) {
        return seen >= opening.length() && matches(opening, position);
    }

    private boolean matches(String text, int at) {
        for (int i = 0; i < text.length(); i++) {
            if (buffer[at + i] != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Reads until at least {@code wanted} characters follow {@link #position}, or the input ends: how many do. */
    private int available(int wanted) throws IOException {
        if (limit - position < wanted && !ended) {
            System.arraycopy(buffer, position, buffer, 0, limit - position);
            limit -= position;
            position = 0;
            while (limit < wanted && !ended) {
                int read = in.read(buffer, limit, buffer.length - limit);
                if (read < 0) {
                    ended = true;
                } else {
                    limit += read;
                }
            }
        }
        return Math.min(limit - position, wanted);
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
