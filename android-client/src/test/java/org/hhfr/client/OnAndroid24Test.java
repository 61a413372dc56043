package org.hhfr.client;

import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;

/** The Android scenarios on API 24 (Android 7.0), the client's minimum. */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 24)
public class OnAndroid24Test extends AndroidPlatformScenarios {
    @Override
    int apiLevel() {
        return 24;
    }
}
