#ifndef MONOGRAM_CCRYPTO_H
#define MONOGRAM_CCRYPTO_H

// The system's OpenSSL libcrypto for the few primitives Monogram needs: HMAC-SHA256 (signed
// URLs, API §8), SHA-256 and MD5 (Gravatar hashes of e-mail addresses, §7), and a
// constant-time comparison. Plain functions with fixed-size outputs and a status code, so the
// Swift owner (MonogramCrypto) never sees an OpenSSL type. Hand-rolled crypto is never
// simpler than a call into the library every TLS connection of this machine already trusts.

#include <stddef.h>
#include <stdint.h>

enum {
    MONOGRAM_SHA256_BYTES = 32,
    MONOGRAM_MD5_BYTES = 16,
};

/// HMAC-SHA256 of `data` under `key` into `out` (32 bytes). Returns 1 on success, 0 on failure.
/// Either pointer may be NULL when its length is 0.
int monogram_hmac_sha256(const uint8_t *key, size_t key_length, const uint8_t *data, size_t data_length, uint8_t *out);

/// SHA-256 of `data` into `out` (32 bytes). Returns 1 on success, 0 on failure.
int monogram_sha256(const uint8_t *data, size_t length, uint8_t *out);

/// MD5 of `data` into `out` (16 bytes): only for Gravatar-compatible hashes, never for security.
/// Returns 1 on success, 0 on failure.
int monogram_md5(const uint8_t *data, size_t length, uint8_t *out);

/// 1 when the `length` bytes at `a` and `b` are equal, 0 otherwise, in time that depends only
/// on `length` (OpenSSL's CRYPTO_memcmp), so a signature check leaks nothing through timing.
int monogram_equal_constant_time(const uint8_t *a, const uint8_t *b, size_t length);

#endif
