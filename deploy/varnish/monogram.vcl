# Varnish 7 in front of Monogram replicas (API §9). Needs varnish-modules for xkey.
#
#   varnishd -a :6081 -p vcl_path=/etc/varnish/monogram:/usr/share/varnish/vcl \
#            -f /etc/varnish/monogram/monogram.vcl
#
# This file is the policy and stays as shipped; the site-specific part (the replicas, who may
# purge) lives in backends.vcl next to it, which defines backends, adds each to the `replicas`
# shard director, and names the `monogram_purgers` ACL. See docs/operations.md.
#
# - Image answers (/avatar, /group, /gravatar) are cached for their Cache-Control max-age and
#   tagged with their xkey tags (Monogram's cache.tag_header, Surrogate-Key by default, is
#   copied to xkey), so `PURGE` with `xkey-purge: p-…` drops one person everywhere.
# - The cache key is normalised as Monogram normalises it: parameters Monogram ignores are
#   dropped and the rest sorted, so `?size=64&v=2&shape=circle` and `?shape=circle&size=64`
#   are one object. Never for a signed URL (the signature covers the target as sent) and
#   never where order means something (repeated picture= or id= on /group, repeated Gravatar
#   parameters).
# - Errors are cached no longer than their Cache-Control (Monogram's say no-store).
# - /healthz and /purge pass straight through; POST (/purge) only from monogram_purgers or
#   signed, /metrics only from monogram_purgers (404 for others, as config/nginx's).
# - URLs are spread over the replicas by a consistent hash of the normalised URL (shard
#   director), so each avatar is rendered by one replica; /healthz probes take a draining or
#   dead replica out, and a failed fetch is retried once on the next replica of the ring.
vcl 4.1;

import std;
import directors;
import xkey;

probe monogram_healthz {
    .url = "/healthz";
    .interval = 500ms;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
    .initial = 2;
}

sub vcl_init {
    new replicas = directors.shard();
}

include "backends.vcl";

sub vcl_init {
    if (!replicas.reconfigure()) {
        return (fail("monogram: the replicas shard director has no backends (backends.vcl)"));
    }
}

sub vcl_recv {
    # Who may purge: an address of monogram_purgers that sent the request itself. varnishd
    # appends client.ip to X-Forwarded-For before vcl_recv, so anything more in it means a
    # proxy forwarded the request (a TLS terminator on the same host, an ingress in the pod
    # network): its address is in monogram_purgers, its clients are anyone.
    if (client.ip ~ monogram_purgers && req.http.X-Forwarded-For == "" + client.ip && !req.http.Forwarded) {
        set req.http.X-Monogram-Purger = "1";
    } else {
        unset req.http.X-Monogram-Purger;
    }
    if (req.method == "PURGE") {
        if (!req.http.X-Monogram-Purger) {
            return (synth(403, "Forbidden"));
        }
        if (req.http.xkey-purge) {
            set req.http.X-Purged = xkey.purge(req.http.xkey-purge);
            return (synth(200, "Purged " + req.http.X-Purged));
        }
        return (purge);
    }
    # POST /purge empties the replicas' caches, and a replica sees the edge's address, which
    # may be inside its cache.purge_from (loopback by default): only monogram_purgers, or a
    # signed target (the replica checks the signature), may send it. Monogram answers no other
    # POST. /metrics is for Prometheus, scraping the replicas directly: not for the world.
    if (req.method == "POST" && !req.http.X-Monogram-Purger && req.url !~ "[?&]sig=") {
        return (synth(403, "Forbidden"));
    }
    if (req.url ~ "^/metrics(\?|$)" && !req.http.X-Monogram-Purger) {
        return (synth(404, "Not Found"));
    }
    unset req.http.X-Monogram-Purger;
    if (req.url ~ "^/(healthz|metrics|purge)(\?|$)") {
        return (pass);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    if (req.url ~ "^/(avatar|group|gravatar)/") {
        # Avatars are the same for everyone: a cookie on the page's domain must not make
        # every request a miss.
        unset req.http.Cookie;
        unset req.http.Authorization;
        if (req.url !~ "[?&]sig=") {
            call monogram_normalise;
        }
        return (hash);
    }
}

# Drops the query parameters Monogram ignores on this route and sorts the rest. A name with a
# `%` is kept (Monogram decodes names, so `%73ize` is `size`). Keep the lists equal to the
# parsers' (a test compares them).
sub monogram_normalise {
    set req.http.X-Monogram-Path = regsub(req.url, "\?.*$", "");
    # Every parameter is preceded by `&`, so one pattern matches the first and the others.
    set req.http.X-Monogram-Query = "&" + regsub(req.url, "^[^?]*\??", "");
    if (req.url ~ "^/avatar/") {
        set req.http.X-Monogram-Query = regsuball(req.http.X-Monogram-Query,
            "&(?![^&=]*%)(?!(?:size|dpr|shape|radius|bg|background|color|initials|length|uppercase|font-size|font|bold|id|format|theme|picture|fallback|palette|colors|gradient|matte)(?:[=&]|$))[^&]*", "");
    } elsif (req.url ~ "^/group/") {
        set req.http.X-Monogram-Query = regsuball(req.http.X-Monogram-Query,
            "&(?![^&=]*%)(?!(?:size|dpr|max|overlap|border|border-color|more|radius|shape|length|uppercase|font-size|font|bold|format|theme|picture|total|id|dir|distinct|palette|colors|gradient|matte)(?:[=&]|$))[^&]*", "");
    } else {
        set req.http.X-Monogram-Query = regsuball(req.http.X-Monogram-Query,
            "&(?![^&=]*%)(?!(?:s|size|d|default|f|forcedefault|name|initials|format)(?:[=&]|$))[^&]*", "");
    }
    if (req.http.X-Monogram-Query == "") {
        set req.url = req.http.X-Monogram-Path;
    } else {
        set req.url = req.http.X-Monogram-Path + "?" + regsub(req.http.X-Monogram-Query, "^&", "");
        # Sorting reorders repeated names too (by value): only where no order matters. A kept
        # name with a `%` may be any of them once decoded (`%69d` is `id`): never sorted.
        if (req.http.X-Monogram-Query !~ "&[^&=]*%"
            && req.http.X-Monogram-Query !~ "&(picture|id)=.*&(picture|id)="
            && req.http.X-Monogram-Query !~ "&(s|size|d|default|f|forcedefault|name|initials|format)=.*&\1(=|&|$)") {
            set req.url = std.querysort(req.url);
        }
    }
    unset req.http.X-Monogram-Path;
    unset req.http.X-Monogram-Query;
}

sub vcl_hash {
    # One site: the Host a client used does not change an avatar.
    hash_data(req.url);
    return (lookup);
}

sub vcl_backend_fetch {
    # The same URL goes to the same replica; a retry goes to the next one on the ring.
    set bereq.backend = replicas.backend(by=URL, alt=bereq.retries);
}

sub vcl_backend_response {
    # Monogram's tag header, whatever cache.tag_header names it, is xkey's input.
    if (!beresp.http.xkey) {
        if (beresp.http.Surrogate-Key) {
            set beresp.http.xkey = beresp.http.Surrogate-Key;
        } elsif (beresp.http.Cache-Tag) {
            set beresp.http.xkey = beresp.http.Cache-Tag;
        }
    }
    # A replica that is busy (503) is asked once more, on the next replica.
    if (beresp.status == 503 && bereq.retries == 0 && bereq.method != "POST") {
        return (retry);
    }
    # Errors: no longer than their own Cache-Control says, and not at all without one (the
    # built-in rule would keep a bare 404 for default_ttl).
    if (beresp.status >= 400 && beresp.http.Cache-Control !~ "max-age") {
        set beresp.ttl = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Exactly max-age: no grace beyond it unless the answer asks for stale-while-revalidate.
    if (beresp.http.Cache-Control !~ "stale-while-revalidate") {
        set beresp.grace = 0s;
    }
}

sub vcl_backend_error {
    # A replica that went away between the probe and the fetch: once more, on the next one.
    if (bereq.retries == 0 && bereq.method != "POST") {
        return (retry);
    }
}

sub vcl_deliver {
    # Tags are for caches, not for browsers.
    unset resp.http.xkey;
    unset resp.http.Surrogate-Key;
    unset resp.http.Cache-Tag;
    if (obj.hits > 0) {
        # The rate-limit fields (API §11) describe the budget of the client whose request
        # made the answer; a hit costs nobody anything.
        unset resp.http.RateLimit;
        unset resp.http.RateLimit-Policy;
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}
