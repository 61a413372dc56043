package org.hhfr.axis.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The development key store is made once, reused, and readable by its owner only: its password is no secret. */
class DevelopmentCertificateTest {
    @Test
    void theKeyStoreAndItsNewDirectoryAreTheOwnersOnly(@TempDir Path parent) throws Exception {
        Path directory = parent.resolve(".hhfr");
        HttpsKeyStore store = DevelopmentCertificate.in(directory);

        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(directory)));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store.file())));
        assertTrue(Files.isRegularFile(DevelopmentCertificate.pemOf(store.file())), "the certificate's PEM export");
    }

    @Test
    void aKeyStoreFoundReadableByOthersIsMadeTheOwnersOnlyAndReused(@TempDir Path directory) throws Exception {
        Path file = DevelopmentCertificate.in(directory).file();
        byte[] made = Files.readAllBytes(file);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        HttpsKeyStore again = DevelopmentCertificate.in(directory);

        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(again.file())));
        assertArrayEquals(made, Files.readAllBytes(again.file()), "reused, not made again");
    }
}
