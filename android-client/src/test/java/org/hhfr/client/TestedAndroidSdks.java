package org.hhfr.client;

import java.util.Arrays;
import java.util.TreeMap;

import javax.annotation.Priority;
import javax.inject.Inject;

import org.robolectric.internal.dependency.DependencyResolver;
import org.robolectric.pluginapi.Sdk;
import org.robolectric.plugins.DefaultSdkProvider;

/**
 * Robolectric's Android levels for this module: API 24 and 34, the ones whose framework jars the build
 * fetches (Robolectric would otherwise also want the newest it knows, as its compile SDK). Found by Robolectric
 * through {@code META-INF/services/org.robolectric.pluginapi.SdkProvider}; it outranks the default provider.
 */
@Priority(1)
public class TestedAndroidSdks extends DefaultSdkProvider {
    @Inject
    public TestedAndroidSdks(DependencyResolver dependencyResolver) {
        super(dependencyResolver);
    }

    @Override
    protected void populateSdks(TreeMap<Integer, Sdk> knownSdks) {
        super.populateSdks(knownSdks);
        knownSdks.keySet().retainAll(Arrays.asList(24, 34));
    }
}
