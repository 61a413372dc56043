package org.hhfr.benchmarks.transport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A handle on one peer JVM (the shoot-out's {@link PeerMain}, or another main class on the same class path):
 * starts it with this JVM's class path, sends commands, waits (bounded) for answers, stops it. A command is
 * one line; its answer is one line starting with the command's name. Its standard error goes to a log file.
 */
public final class PeerProcess implements AutoCloseable {
    private static final String EOF = "\u0000EOF";

    private final String name;
    private final Process process;
    private final Writer commands;
    private final BlockingQueue<String> answers = new LinkedBlockingQueue<>();

    private PeerProcess(String name, Process process) {
        this.name = name;
        this.process = process;
        this.commands = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread reader = new Thread(this::readAnswers, name + "-answers");
        reader.setDaemon(true);
        reader.start();
    }

    static PeerProcess start(String name, List<String> jvmOptions, List<String> arguments, Path log)
            throws IOException {
        return start(name, PeerMain.class, jvmOptions, arguments, log);
    }

    /** Starts {@code main} in a JVM of its own with this JVM's class path. */
    public static PeerProcess start(String name, Class<?> main, List<String> jvmOptions, List<String> arguments,
            Path log) throws IOException {
        return start(name, javaCommand(main, jvmOptions, arguments), log);
    }

    /** The command line of a JVM running {@code main} with this JVM's class path. */
    public static List<String> javaCommand(Class<?> main, List<String> jvmOptions, List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(arguments);
        return command;
    }

    /**
     * Starts {@code command} (a {@link #javaCommand}, or one wrapped around it, such as an emulated link's), which
     * must speak the peer protocol on its standard input and output.
     */
    public static PeerProcess start(String name, List<String> command, Path log) throws IOException {
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        return new PeerProcess(name, process);
    }

    private void readAnswers() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                answers.add(line);
            }
        } catch (IOException e) {
            // The process is gone; EOF below says so.
        }
        answers.add(EOF);
    }

    /** The next answer, which must start with {@code expected}; its words after that one. */
    public String[] await(String expected, long timeoutMillis) throws IOException, InterruptedException {
        String line = answers.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new IOException(name + ": no " + expected + " within " + timeoutMillis + " ms");
        }
        if (line.equals(EOF)) {
            throw new IOException(name + " exited (" + exitCode() + ") instead of answering " + expected);
        }
        String[] words = line.split(" ", -1);
        if (!words[0].equals(expected)) {
            throw new IOException(name + " answered \"" + line + "\" instead of " + expected);
        }
        return words;
    }

    /**
     * Sends {@code command} and returns the words of its answer, which starts with the command's first word (the
     * answer's name, at index 0).
     */
    public String[] request(String command, long timeoutMillis) throws IOException, InterruptedException {
        commands.write(command + "\n");
        commands.flush();
        return await(command.split(" ", 2)[0], timeoutMillis);
    }

    /** Process CPU time and count, at once. */
    Sample sample() throws IOException, InterruptedException {
        String[] words = request("SAMPLE", 10_000);
        return new Sample(System.nanoTime(), Long.parseLong(words[1]), Long.parseLong(words[2]));
    }

    /** The peer JVM's process id (for {@code jcmd}). */
    public long pid() {
        return process.pid();
    }

    private String exitCode() {
        try {
            return process.waitFor(1, TimeUnit.SECONDS) ? "exit " + process.exitValue() : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    /** Asks the JVM to stop; ends it forcibly when it does not within 15 s. */
    @Override
    public void close() {
        try {
            commands.write("STOP\n");
            commands.flush();
        } catch (IOException e) {
            // Already gone.
        }
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                process.waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** A reading of one peer. */
    static final class Sample {
        final long atNanos;
        final long cpuNanos;
        final long count;

        Sample(long atNanos, long cpuNanos, long count) {
            this.atNanos = atNanos;
            this.cpuNanos = cpuNanos;
            this.count = count;
        }
    }
}
