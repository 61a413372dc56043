package org.hhfr.axis.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * A self-signed certificate for development HTTPS, made once with the JDK's {@code keytool} (EC P-256, valid for
 * localhost, 127.0.0.1 and ::1, two years) and reused from its file on later starts. Clients trust it by its
 * PEM export or its SHA-256 fingerprint, printed at start; production servers use their own key store. Its
 * password is no secret, so on a POSIX file system only the owner may read the key store: its directory is made
 * {@code rwx------} and the file {@code rw-------}.
 */
public final class DevelopmentCertificate {
    /** The development key store's password: it protects nothing secret, only a throwaway key. */
    static final String PASSWORD = "hhfr-development";
    private static final long KEYTOOL_TIMEOUT_SECONDS = 60;

    private DevelopmentCertificate() {
    }

    /**
     * The key store in {@code directory}, made there first if missing (the directory too, for its owner only);
     * also writes its certificate as PEM. A key store found readable by others is made its owner's only.
     */
    public static HttpsKeyStore in(Path directory) throws IOException {
        Path file = directory.resolve("hhfr-development.p12");
        if (!Files.exists(file)) {
            if (!Files.exists(directory)) {
                createOwnersOnly(directory);
            }
            keytool("-genkeypair", "-alias", "hhfr", "-keyalg", "EC", "-groupname", "secp256r1",
                    "-sigalg", "SHA256withECDSA", "-dname", "CN=localhost", "-validity", "730",
                    "-ext", "SAN=dns:localhost,ip:127.0.0.1,ip:::1", "-storetype", "PKCS12",
                    "-keystore", file.toString(), "-storepass", PASSWORD, "-keypass", PASSWORD);
            keytool("-exportcert", "-rfc", "-alias", "hhfr", "-keystore", file.toString(), "-storepass", PASSWORD,
                    "-file", pemOf(file).toString());
        }
        restrictToOwner(file);
        return new HttpsKeyStore(file, PASSWORD);
    }

    private static void createOwnersOnly(Path directory) throws IOException {
        if (posix(directory)) {
            Files.createDirectories(directory,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } else {
            Files.createDirectories(directory);
        }
    }

    /** Where this user may change the file's mode: one another user made (root, in a container) stays as it is. */
    private static void restrictToOwner(Path keyStore) throws IOException {
        if (posix(keyStore)) {
            Set<PosixFilePermission> ownerOnly = PosixFilePermissions.fromString("rw-------");
            if (!Files.getPosixFilePermissions(keyStore).equals(ownerOnly)) {
                try {
                    Files.setPosixFilePermissions(keyStore, ownerOnly);
                } catch (FileSystemException notTheOwner) {
                    // still usable: it was readable before, and serving HTTPS matters more than its mode
                }
            }
        }
    }

    private static boolean posix(Path path) {
        return path.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    /** Where the PEM export of a development key store's certificate is. */
    public static Path pemOf(Path keystore) {
        return keystore.resolveSibling("hhfr-development.pem");
    }

    private static void keytool(String... arguments) throws IOException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        List<String> command = new ArrayList<>(List.of(keytool.toString()));
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try {
            if (!process.waitFor(KEYTOOL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("keytool did not finish within " + KEYTOOL_TIMEOUT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while making the development certificate", e);
        }
        if (process.exitValue() != 0) {
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            throw new IOException("keytool failed making the development certificate: " + output);
        }
    }
}
