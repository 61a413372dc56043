package org.hhfr.axis.admin;

import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

/**
 * The meters of one HHFR node: a registry scraped in the Prometheus text format, with Micrometer's JVM and
 * process meters (memory, garbage collection, threads, CPU, uptime) next to the HHFR meters bound to it
 * later. {@link #close()} stops listening to the garbage collector and closes the registry.
 */
public final class NodeMeters implements AutoCloseable {
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final JvmGcMetrics garbageCollection = new JvmGcMetrics();

    public NodeMeters() {
        new JvmMemoryMetrics().bindTo(registry);
        garbageCollection.bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    @Override
    public void close() {
        garbageCollection.close();
        registry.close();
    }
}
