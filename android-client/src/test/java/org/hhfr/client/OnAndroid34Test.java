package org.hhfr.client;

import org.junit.runner.RunWith;
import org.robolectric.RobolectricTestRunner;
import org.robolectric.annotation.Config;

/** The Android scenarios on API 34 (Android 14). */
@RunWith(RobolectricTestRunner.class)
@Config(sdk = 34)
public class OnAndroid34Test extends AndroidPlatformScenarios {
    @Override
    int apiLevel() {
        return 34;
    }
}
