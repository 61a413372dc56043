package org.hhfr.axis.stream;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What a class file's constant pool tells without loading the class: the classes it names (as operands of
 * {@code new}, calls, field accesses, casts, method handles, and as its superclass, interfaces and nest) and its
 * text constants. Read as the JVM specification's chapter 4.4 lays the pool out; anything else in the file is
 * not read.
 */
final class ClassFileConstants {
    private static final int MAGIC = 0xCAFEBABE;

    private final List<String> texts;
    private final List<String> classNames;

    private ClassFileConstants(List<String> texts, List<String> classNames) {
        this.texts = texts;
        this.classNames = classNames;
    }

    /**
     * Reads the constant pool of the class file {@code in} holds.
     *
     * @throws IOException if it cannot be read or is not a class file
     */
    static ClassFileConstants read(InputStream in) throws IOException {
        DataInputStream file = new DataInputStream(in);
        if (file.readInt() != MAGIC) {
            throw new IOException("not a class file");
        }
        file.readUnsignedShort();
        file.readUnsignedShort();
        int count = file.readUnsignedShort();
        String[] utf8 = new String[count];
        List<Integer> classNameIndexes = new ArrayList<>();
        for (int index = 1; index < count; index++) {
            int tag = file.readUnsignedByte();
            switch (tag) {
                case 1: // Utf8: modified UTF-8, as DataInput reads it, so that a class named beyond ASCII is found
                    utf8[index] = file.readUTF();
                    break;
                case 7: // Class
                    classNameIndexes.add(file.readUnsignedShort());
                    break;
                case 8: case 16: case 19: case 20: // String, MethodType, Module, Package
                    file.skipBytes(2);
                    break;
                case 15: // MethodHandle
                    file.skipBytes(3);
                    break;
                case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18:
                    // Integer, Float, the three member references, NameAndType, Dynamic, InvokeDynamic
                    file.skipBytes(4);
                    break;
                case 5: case 6: // Long, Double: two entries
                    file.skipBytes(8);
                    index++;
                    break;
                default:
                    throw new IOException("constant pool entry " + index + " has the unknown tag " + tag);
            }
        }
        List<String> texts = new ArrayList<>();
        for (String text : utf8) {
            if (text != null) {
                texts.add(text);
            }
        }
        List<String> classNames = new ArrayList<>(classNameIndexes.size());
        for (int nameIndex : classNameIndexes) {
            String name = nameIndex < count ? utf8[nameIndex] : null;
            if (name == null) {
                throw new IOException("a class entry names constant " + nameIndex + ", which is no text");
            }
            classNames.add(elementClass(name));
        }
        return new ClassFileConstants(texts, classNames);
    }

    /** The class an array class's name ({@code [[Lcom/example/Helper;}) holds; other names as they are. */
    private static String elementClass(String name) {
        int dimensions = 0;
        while (dimensions < name.length() && name.charAt(dimensions) == '[') {
            dimensions++;
        }
        return dimensions > 0 && name.endsWith(";") ? name.substring(dimensions + 1, name.length() - 1) : name;
    }

    /** Whether a text constant contains {@code part}. */
    boolean mentions(String part) {
        for (String text : texts) {
            if (text.contains(part)) {
                return true;
            }
        }
        return false;
    }

    /** The internal names ({@code com/example/Helper}) of the classes the pool names; arrays of primitives too. */
    List<String> classNames() {
        return classNames;
    }
}
