package org.hhfr.axis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.hhfr.axis.module.ModuleSettings;
import org.hhfr.contextstore.StoreLimits;
import org.hhfr.contextstore.redis.RedisStoreSettings;
import org.junit.jupiter.api.Test;

/**
 * The module parameters that choose and bound the context store: {@code memory} or a Redis URI, the Redis
 * timeout, the per-address share and the unopened-session expiry, each refused with a reason naming it.
 */
class ContextStoreParameterTest {

    private static Map<String, String> parameters(String store) {
        Map<String, String> parameters = new HashMap<>();
        parameters.put(ModuleSettings.STREAM_BIND_HOST, "127.0.0.1");
        parameters.put(ModuleSettings.TCP_PORT, "0");
        parameters.put(ModuleSettings.UDP_PORT, "0");
        parameters.put(ModuleSettings.MAX_MESSAGE_BYTES, "1048576");
        parameters.put(ModuleSettings.CONTEXT_STORE, store);
        parameters.put(ModuleSettings.MAX_SESSIONS, "10000");
        parameters.put(ModuleSettings.SESSION_LIFETIME_MILLIS, "600000");
        parameters.put(ModuleSettings.PURGE_INTERVAL_MILLIS, "30000");
        parameters.put(ModuleSettings.DISPATCH_THREADS, "4");
        return parameters;
    }

    @Test
    void memoryIsTheInProcessStoreWithTheDefaultDefences() {
        ModuleSettings settings = ModuleSettings.read(parameters("memory")::get);
        assertNull(settings.redisStore());
        assertEquals(StoreLimits.defaults().maxSessionsPerAddress(), settings.storeLimits().maxSessionsPerAddress());
        assertEquals(StoreLimits.defaults().unopenedGrantMillis(), settings.storeLimits().unopenedGrantMillis());
    }

    @Test
    void aRedisUriNamesTheSharedStoreWithItsTimeout() {
        Map<String, String> parameters = parameters("redis://cache.example:6380/2");
        parameters.put(ModuleSettings.CONTEXT_STORE_TIMEOUT_MILLIS, "250");
        parameters.put(ModuleSettings.MAX_SESSIONS_PER_ADDRESS, "8");
        parameters.put(ModuleSettings.UNOPENED_SESSION_MILLIS, "5000");
        ModuleSettings settings = ModuleSettings.read(parameters::get);
        RedisStoreSettings redis = settings.redisStore();
        assertEquals("cache.example", redis.host());
        assertEquals(6380, redis.port());
        assertEquals(2, redis.database());
        assertEquals(250, redis.connectTimeoutMillis());
        assertEquals(250, redis.socketTimeoutMillis());
        assertEquals(8, settings.storeLimits().maxSessionsPerAddress());
        assertEquals(5000, settings.storeLimits().unopenedGrantMillis());
    }

    @Test
    void credentialsInTheUriAreKeptButNeverShown() {
        RedisStoreSettings redis = ModuleSettings.read(parameters("redis://hhfr:s3cret@10.0.0.5")::get).redisStore();
        assertEquals("hhfr", redis.user());
        assertEquals("s3cret", redis.password());
        assertEquals(RedisStoreSettings.DEFAULT_PORT, redis.port());
        assertEquals("redis://10.0.0.5:6379/0", redis.toString());
    }

    @Test
    void aRecordKeySealsTheRedisStoresRecordsAndABadOneIsRefusedNamingTheParameter() {
        Map<String, String> sealed = parameters("redis://h");
        sealed.put(ModuleSettings.CONTEXT_STORE_KEY, "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
        assertNotNull(ModuleSettings.read(sealed::get).redisStore().recordSeal());
        assertNull(ModuleSettings.read(parameters("redis://h")::get).redisStore().recordSeal(), "none by default");

        Map<String, String> shortKey = parameters("redis://h");
        shortKey.put(ModuleSettings.CONTEXT_STORE_KEY, "AAECAwQFBgcICQoLDA0ODw==");
        assertRefused(shortKey, "contextStoreKey: the record key is 32 bytes in base64 (openssl rand -base64 32), "
                + "not 16");
        Map<String, String> unsetVariable = parameters("redis://h");
        unsetVariable.put(ModuleSettings.CONTEXT_STORE_KEY, "env:HHFR_NO_SUCH_VARIABLE");
        assertRefused(unsetVariable, "contextStoreKey names the environment variable HHFR_NO_SUCH_VARIABLE, which "
                + "is not set");
        Map<String, String> memory = parameters("memory");
        memory.put(ModuleSettings.CONTEXT_STORE_KEY, "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");
        assertRefused(memory, "contextStoreKey seals the session records kept in Redis, but contextStore is memory");
    }

    @Test
    void anUnknownStoreOrABadUriIsRefusedNamingTheParameter() {
        assertRefused(parameters("redis"), "contextStore \"redis\" is unknown");
        assertRefused(parameters("memcached://h:1"), "contextStore \"memcached://h:1\" is unknown");
        assertRefused(parameters("redis://h:1/zero"), "contextStore: the Redis database is a number");
        Map<String, String> timeout = parameters("redis://h");
        timeout.put(ModuleSettings.CONTEXT_STORE_TIMEOUT_MILLIS, "0");
        assertRefused(timeout, "contextStoreTimeoutMillis out of range");
        Map<String, String> share = parameters("memory");
        share.put(ModuleSettings.MAX_SESSIONS_PER_ADDRESS, "none");
        assertRefused(share, "maxSessionsPerAddress is not a number");
    }

    private static void assertRefused(Map<String, String> parameters, String reason) {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> ModuleSettings.read(parameters::get));
        assertTrue(refused.getMessage().startsWith(reason), refused.getMessage());
    }
}
