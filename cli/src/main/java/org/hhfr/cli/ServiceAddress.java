package org.hhfr.cli;

import java.net.MalformedURLException;
import java.net.URL;

/**
 * Where {@code --url} and {@code --op Service.operation} point: the service URL (the server base with
 * {@code /axis2/services/Service} added, or a URL that already names a service) and the operation name.
 */
final class ServiceAddress {
    static final String SERVICES_PATH = "/axis2/services/";

    private final String serviceUrl;
    private final String service;
    private final String operation;

    private ServiceAddress(String serviceUrl, String service, String operation) {
        this.serviceUrl = serviceUrl;
        this.service = service;
        this.operation = operation;
    }

    /**
     * @throws IllegalArgumentException the URL is not http(s), {@code op} is not {@code Service.operation}, or
     *                                  the URL names another service than {@code op}
     */
    static ServiceAddress of(String url, String op) {
        int dot = op.lastIndexOf('.');
        if (dot <= 0 || dot == op.length() - 1) {
            throw new IllegalArgumentException("--op must be Service.operation, e.g. FloatSum.sum, not '" + op + "'");
        }
        String service = op.substring(0, dot);
        String operation = op.substring(dot + 1);
        URL parsed;
        try {
            parsed = new URL(url);
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("--url is not a URL: " + url);
        }
        if (!"http".equals(parsed.getProtocol()) && !"https".equals(parsed.getProtocol())) {
            throw new IllegalArgumentException("--url must be http or https: " + url);
        }
        if (parsed.getQuery() != null || parsed.getRef() != null) {
            throw new IllegalArgumentException("--url must not have a query or fragment: " + url);
        }
        String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        int services = base.indexOf(SERVICES_PATH);
        if (services < 0) {
            return new ServiceAddress(base + SERVICES_PATH + service, service, operation);
        }
        String named = base.substring(services + SERVICES_PATH.length());
        if (!named.equals(service)) {
            throw new IllegalArgumentException("--url names service '" + named + "' but --op names '" + service + "'");
        }
        return new ServiceAddress(base, service, operation);
    }

    String serviceUrl() {
        return serviceUrl;
    }

    String service() {
        return service;
    }

    String operation() {
        return operation;
    }

    @Override
    public String toString() {
        return service + "." + operation;
    }
}
