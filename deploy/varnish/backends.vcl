# The site-specific part of monogram.vcl: the Monogram replicas and who may purge.
# Add one backend per replica, each probed on /healthz, and add it to the shard director.

backend replica1 {
    .host = "127.0.0.1";
    .port = "8081";
    .probe = monogram_healthz;
    .connect_timeout = 1s;
    .first_byte_timeout = 10s;
}

backend replica2 {
    .host = "127.0.0.1";
    .port = "8082";
    .probe = monogram_healthz;
    .connect_timeout = 1s;
    .first_byte_timeout = 10s;
}

sub vcl_init {
    replicas.add_backend(replica1);
    replicas.add_backend(replica2);
}

# Addresses that may send PURGE (Monogram's cache.purge_urls senders, your admin hosts).
acl monogram_purgers {
    "127.0.0.1";
    "::1";
}
