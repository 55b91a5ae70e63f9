# backends.vcl for the Kubernetes example (kubectl apply -k deploy/varnish): the two replicas
# of the StatefulSet by their stable names in the headless Service `monogram-replicas`.
# varnishd resolves these names when it loads the VCL; see docs/operations.md for reloads.

backend replica0 {
    .host = "monogram-0.monogram-replicas";
    .port = "8080";
    .probe = monogram_healthz;
    .connect_timeout = 1s;
    .first_byte_timeout = 10s;
}

backend replica1 {
    .host = "monogram-1.monogram-replicas";
    .port = "8080";
    .probe = monogram_healthz;
    .connect_timeout = 1s;
    .first_byte_timeout = 10s;
}

sub vcl_init {
    replicas.add_backend(replica0);
    replicas.add_backend(replica1);
}

# The pod network: the replicas send PURGE from there (cache.purge_urls).
acl monogram_purgers {
    "127.0.0.1";
    "10.0.0.0"/8;
}
