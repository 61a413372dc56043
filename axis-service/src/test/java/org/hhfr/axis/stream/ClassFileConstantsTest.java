package org.hhfr.axis.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.hhfr.axis.HelperContextReader;
import org.junit.jupiter.api.Test;

class ClassFileConstantsTest {
    @Test
    void everyClassFileOfTheJavaBaseModuleReads() throws IOException {
        FileSystem runtime = FileSystems.getFileSystem(URI.create("jrt:/"));
        List<Path> files;
        try (Stream<Path> tree = Files.walk(runtime.getPath("modules", "java.base"))) {
            files = tree.filter(path -> path.toString().endsWith(".class")).collect(Collectors.toList());
        }
        assertTrue(files.size() > 5_000, files.size() + " class files");
        for (Path file : files) {
            try (InputStream in = Files.newInputStream(file)) {
                ClassFileConstants.read(in);
            }
        }
    }

    @Test
    void aMethodReferenceNamesTheClassOfItsMethod() throws IOException {
        assertTrue(constantsOf(HelperContextReader.class).classNames().contains("org/hhfr/axis/CallerDescription"));
    }

    @Test
    void anArrayClassNamesItsElementClass() throws IOException {
        ClassFileConstants constants = constantsOf(ArrayHolder.class);
        assertTrue(constants.classNames().contains("java/lang/StringBuilder"), constants.classNames().toString());
    }

    @Test
    void whatIsNoClassFileOrIsCutShortIsRefused() throws IOException {
        byte[] file;
        try (InputStream in = classFile(HelperContextReader.class)) {
            file = in.readAllBytes();
        }
        IOException notOne = assertThrows(IOException.class,
                () -> ClassFileConstants.read(new ByteArrayInputStream("<xml/>".getBytes())));
        assertEquals("not a class file", notOne.getMessage());
        assertThrows(IOException.class,
                () -> ClassFileConstants.read(new ByteArrayInputStream(Arrays.copyOf(file, file.length / 3))));
    }

    static final class ArrayHolder {
        final StringBuilder[][] grid = new StringBuilder[2][2];
    }

    private static ClassFileConstants constantsOf(Class<?> type) throws IOException {
        try (InputStream in = classFile(type)) {
            return ClassFileConstants.read(in);
        }
    }

    private static InputStream classFile(Class<?> type) {
        return type.getClassLoader().getResourceAsStream(type.getName().replace('.', '/') + ".class");
    }
}
