package org.hhfr.benchmarks.transport;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** The shoot-out's command line: {@code --warmup 40s --measure 20s --window 1000 --count 20000 --only a,b}. */
final class ShootoutOptions {
    static final String USAGE = "usage: TransportShootout [--warmup 40s] [--measure 20s] [--window 1000] "
            + "[--count 20000] [--seed 1] [--only netty,grpc-direct,grpc-default,aeron,hhfr-tcp,hhfr-udp,"
            + "hhfr-udp-loss5,hhfr-tcp-tls,hhfr-udp-aead] (by default all but the last two)";

    long warmupMillis = 40_000;
    long measureMillis = 20_000;
    int window = 1000;
    long countMessages = 20_000;
    long seed = 1;
    List<Contender> contenders = cleartextContenders();

    /** The default run: every contender but HHFR's encrypted streams, which are compared on request. */
    private static List<Contender> cleartextContenders() {
        List<Contender> contenders = new ArrayList<>(Arrays.asList(Contender.values()));
        contenders.removeIf(Contender::encrypted);
        return contenders;
    }

    static ShootoutOptions parse(String[] args) {
        ShootoutOptions options = new ShootoutOptions();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(name + " needs a value; " + USAGE);
            }
            String value = args[++i];
            switch (name) {
                case "--warmup":
                    options.warmupMillis = millis(value);
                    break;
                case "--measure":
                    options.measureMillis = millis(value);
                    break;
                case "--window":
                    options.window = positive(Integer.parseInt(value), name);
                    break;
                case "--count":
                    options.countMessages = positive(Long.parseLong(value), name);
                    break;
                case "--seed":
                    options.seed = Long.parseLong(value);
                    break;
                case "--only":
                    options.contenders = new ArrayList<>();
                    for (String contender : value.split(",")) {
                        options.contenders.add(Contender.byCliName(contender.trim()));
                    }
                    break;
                default:
                    throw new IllegalArgumentException("unknown option " + name + "; " + USAGE);
            }
        }
        if (options.measureMillis == 0) {
            throw new IllegalArgumentException("--measure must be more than 0");
        }
        return options;
    }

    /** {@code 40s}, {@code 500ms}, {@code 2m}. */
    static long millis(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT);
        if (value.endsWith("ms")) {
            return Long.parseLong(value.substring(0, value.length() - 2));
        } else if (value.endsWith("s")) {
            return Long.parseLong(value.substring(0, value.length() - 1)) * 1_000;
        } else if (value.endsWith("m")) {
            return Long.parseLong(value.substring(0, value.length() - 1)) * 60_000;
        }
        throw new IllegalArgumentException("a duration is like 40s, 500ms or 2m, not " + text);
    }

    private static <T extends Number> T positive(T value, String name) {
        if (value.longValue() <= 0) {
            throw new IllegalArgumentException(name + " must be positive");
        }
        return value;
    }
}
