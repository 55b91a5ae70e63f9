#include "ccrypto.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

// OpenSSL wants non-NULL pointers even for empty input; a static byte stands in for them.
static const uint8_t empty = 0;

int monogram_hmac_sha256(const uint8_t *key, size_t key_length, const uint8_t *data, size_t data_length, uint8_t *out) {
    if (key_length > INT32_MAX) return 0;  // HMAC() takes the key length as an int
    unsigned int written = 0;
    const unsigned char *result = HMAC(
        EVP_sha256(), key_length ? key : &empty, (int)key_length, data_length ? data : &empty, data_length, out, &written);
    return result != NULL && written == MONOGRAM_SHA256_BYTES;
}

static int digest(const EVP_MD *type, size_t expected, const uint8_t *data, size_t length, uint8_t *out) {
    unsigned int written = 0;
    int ok = EVP_Digest(length ? data : &empty, length, out, &written, type, NULL);
    return ok == 1 && written == expected;
}

int monogram_sha256(const uint8_t *data, size_t length, uint8_t *out) {
    return digest(EVP_sha256(), MONOGRAM_SHA256_BYTES, data, length, out);
}

int monogram_md5(const uint8_t *data, size_t length, uint8_t *out) {
    return digest(EVP_md5(), MONOGRAM_MD5_BYTES, data, length, out);
}

int monogram_equal_constant_time(const uint8_t *a, const uint8_t *b, size_t length) {
    if (length == 0) return 1;
    return CRYPTO_memcmp(a, b, length) == 0;
}
