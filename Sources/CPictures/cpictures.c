#include "cpictures.h"

#include <curl/curl.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <turbojpeg.h>
#include <webp/decode.h>

// ---------------------------------------------------------------------------------------------
// Fetching

int monogram_fetch_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK ? 0 : 1; }

typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
    size_t max_bytes;
    int too_large;
    int refused;
    monogram_address_check check;
} monogram_transfer;

// CURLOPT_WRITEFUNCTION: appends to a growable buffer, and aborts the transfer (by returning
// less than it was given) the moment the body would pass max_bytes.
static size_t monogram_write(char *bytes, size_t size, size_t count, void *user) {
    monogram_transfer *transfer = (monogram_transfer *)user;
    size_t length = size * count;
    if (length > transfer->max_bytes - transfer->size) {
        transfer->too_large = 1;
        return 0;
    }
    if (transfer->size + length > transfer->capacity) {
        size_t capacity = transfer->capacity ? transfer->capacity : 16384;
        while (capacity < transfer->size + length) capacity *= 2;
        if (capacity > transfer->max_bytes) capacity = transfer->max_bytes;
        unsigned char *grown = (unsigned char *)realloc(transfer->data, capacity);
        if (!grown) return 0;
        transfer->data = grown;
        transfer->capacity = capacity;
    }
    memcpy(transfer->data + transfer->size, bytes, length);
    transfer->size += length;
    return length;
}

// CURLOPT_OPENSOCKETFUNCTION: the last moment before connect(2), with the address libcurl
// resolved. Returning CURL_SOCKET_BAD makes libcurl try the next address, then fail.
static curl_socket_t monogram_open_socket(void *user, curlsocktype purpose, struct curl_sockaddr *address) {
    monogram_transfer *transfer = (monogram_transfer *)user;
    (void)purpose;
    if (transfer->check) {
        int allowed = 0;
        if (address->family == AF_INET && address->addrlen >= sizeof(struct sockaddr_in)) {
            const struct sockaddr_in *in4 = (const struct sockaddr_in *)&address->addr;
            allowed = transfer->check(AF_INET, (const unsigned char *)&in4->sin_addr);
        } else if (address->family == AF_INET6 && address->addrlen >= sizeof(struct sockaddr_in6)) {
            const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *)&address->addr;
            allowed = transfer->check(AF_INET6, (const unsigned char *)&in6->sin6_addr);
        }
        if (!allowed) {
            transfer->refused = 1;
            return CURL_SOCKET_BAD;
        }
    }
    return socket(address->family, address->socktype, address->protocol);
}

static char *monogram_copy_header(CURL *curl, const char *name) {
    struct curl_header *header = NULL;
    if (curl_easy_header(curl, name, 0, CURLH_HEADER, -1, &header) != CURLHE_OK || !header) return NULL;
    return strdup(header->value);
}

void monogram_fetch(const monogram_fetch_request *request, monogram_fetch_result *result) {
    memset(result, 0, sizeof *result);
    result->outcome = MONOGRAM_FETCH_FAILED;
    CURL *curl = curl_easy_init();
    if (!curl) {
        strcpy(result->error, "curl_easy_init failed");
        return;
    }
    monogram_transfer transfer;
    memset(&transfer, 0, sizeof transfer);
    transfer.max_bytes = request->max_bytes;
    transfer.check = request->address_check;

    struct curl_slist *headers = curl_slist_append(NULL, "Accept: image/webp,image/png,image/jpeg;q=0.9,*/*;q=0.1");
    curl_easy_setopt(curl, CURLOPT_URL, request->url);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, request->user_agent);
    // Only HTTP(S), redirects followed by the caller (each hop re-checked against the
    // allow-list), no proxies from the environment (the address check would see the proxy).
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_PROXY, "");
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, request->connect_timeout_ms);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, request->total_timeout_ms);
    // A declared Content-Length over the limit fails before the body is read; the write
    // callback enforces the limit for bodies of unknown length.
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)request->max_bytes);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, monogram_write);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, monogram_open_socket);
    curl_easy_setopt(curl, CURLOPT_OPENSOCKETDATA, &transfer);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, result->error);

    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
    if (code == CURLE_OK) {
        result->outcome = MONOGRAM_FETCH_OK;
        char *location = NULL;
        if (curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &location) == CURLE_OK && location) {
            result->location = strdup(location);
        }
        result->cache_control = monogram_copy_header(curl, "Cache-Control");
        result->content_type = monogram_copy_header(curl, "Content-Type");
        result->body = transfer.data;
        result->body_size = transfer.size;
        transfer.data = NULL;
    } else if (transfer.too_large || code == CURLE_FILESIZE_EXCEEDED) {
        result->outcome = MONOGRAM_FETCH_TOO_LARGE;
    } else if (transfer.refused) {
        result->outcome = MONOGRAM_FETCH_ADDRESS_REFUSED;
    } else if (code == CURLE_OPERATION_TIMEDOUT) {
        result->outcome = MONOGRAM_FETCH_TIMEOUT;
    } else if (code == CURLE_COULDNT_CONNECT || code == CURLE_COULDNT_RESOLVE_HOST) {
        result->outcome = MONOGRAM_FETCH_CONNECT_FAILED;
    }
    if (code != CURLE_OK && result->error[0] == '\0') {
        strncpy(result->error, curl_easy_strerror(code), sizeof result->error - 1);
    }
    free(transfer.data);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
}

void monogram_fetch_result_free(monogram_fetch_result *result) {
    free(result->body);
    free(result->location);
    free(result->cache_control);
    free(result->content_type);
    result->body = NULL;
    result->location = result->cache_control = result->content_type = NULL;
}

// ---------------------------------------------------------------------------------------------
// Decoding

static inline uint32_t monogram_premultiply(uint32_t pixel) {
    uint32_t a = pixel >> 24;
    if (a == 255) return pixel;
    if (a == 0) return 0;
    uint32_t r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF;
    r = (r * a + 127) / 255;
    g = (g * a + 127) / 255;
    b = (b * a + 127) / 255;
    return a << 24 | r << 16 | g << 8 | b;
}

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define MONOGRAM_PNG_NATIVE PNG_FORMAT_BGRA
#define MONOGRAM_TJ_NATIVE TJPF_BGRA
#define MONOGRAM_WEBP_NATIVE MODE_bgrA
#else
#define MONOGRAM_PNG_NATIVE PNG_FORMAT_ARGB
#define MONOGRAM_TJ_NATIVE TJPF_ARGB
#define MONOGRAM_WEBP_NATIVE MODE_Argb
#endif

const char *monogram_libpng_version(void) { return png_get_libpng_ver(NULL); }

int monogram_png_header(const unsigned char *data, size_t size, int *width, int *height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) return MONOGRAM_DECODE_INVALID;
    *width = (int)image.width;
    *height = (int)image.height;
    png_image_free(&image);
    return MONOGRAM_DECODE_OK;
}

int monogram_png_decode_argb(const unsigned char *data, size_t size, uint32_t *pixels, int width, int height) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    // The simplified API catches libpng's longjmps itself; truncated data fails here.
    if (!png_image_begin_read_from_memory(&image, data, size)) return MONOGRAM_DECODE_INVALID;
    if ((int)image.width != width || (int)image.height != height) {
        png_image_free(&image);
        return MONOGRAM_DECODE_INVALID;
    }
    image.format = MONOGRAM_PNG_NATIVE;
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) return MONOGRAM_DECODE_INVALID;
    size_t count = (size_t)width * (size_t)height;
    for (size_t i = 0; i < count; i++) pixels[i] = monogram_premultiply(pixels[i]);
    return MONOGRAM_DECODE_OK;
}

int monogram_jpeg_header(const unsigned char *data, size_t size, int *width, int *height) {
    tjhandle handle = tjInitDecompress();
    if (!handle) return MONOGRAM_DECODE_NO_MEMORY;
    int subsampling = 0, colorspace = 0;
    int status = tjDecompressHeader3(handle, data, (unsigned long)size, width, height, &subsampling, &colorspace);
    tjDestroy(handle);
    return status == 0 ? MONOGRAM_DECODE_OK : MONOGRAM_DECODE_INVALID;
}

int monogram_jpeg_decode_argb(const unsigned char *data, size_t size, uint32_t *pixels, int width, int height) {
    tjhandle handle = tjInitDecompress();
    if (!handle) return MONOGRAM_DECODE_NO_MEMORY;
    int status = tjDecompress2(handle, data, (unsigned long)size, (unsigned char *)pixels, width, width * 4, height,
                               MONOGRAM_TJ_NATIVE, TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS);
    tjDestroy(handle);
    // TJFLAG_LIMITSCANS (libjpeg-turbo's fixed 500) backs up the work bound checked in Swift
    // (JPEGStructure), which also covers many scans of a large image.
    // TJPF_BGRA writes alpha 0xFF, so the pixels are already valid premultiplied ARGB32.
    return status == 0 ? MONOGRAM_DECODE_OK : MONOGRAM_DECODE_INVALID;
}

int monogram_webp_header(const unsigned char *data, size_t size, int *width, int *height, int *lossless, int *alpha) {
    WebPBitstreamFeatures features;
    if (WebPGetFeatures(data, size, &features) != VP8_STATUS_OK) return MONOGRAM_DECODE_INVALID;
    *width = features.width;
    *height = features.height;
    *lossless = features.format == 2;
    *alpha = features.has_alpha;
    return MONOGRAM_DECODE_OK;
}

int monogram_webp_decode_square_argb(const unsigned char *data, size_t size, int crop_left, int crop_top,
                                     int crop_side, uint32_t *pixels, int out_side) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return MONOGRAM_DECODE_INVALID;
    config.options.use_cropping = 1;
    config.options.crop_left = crop_left;
    config.options.crop_top = crop_top;
    config.options.crop_width = crop_side;
    config.options.crop_height = crop_side;
    if (out_side != crop_side) {
        config.options.use_scaling = 1;
        config.options.scaled_width = out_side;
        config.options.scaled_height = out_side;
    }
    config.output.colorspace = MONOGRAM_WEBP_NATIVE; // premultiplied
    config.output.is_external_memory = 1;
    config.output.u.RGBA.rgba = (uint8_t *)pixels;
    config.output.u.RGBA.stride = out_side * 4;
    config.output.u.RGBA.size = (size_t)out_side * (size_t)out_side * 4;
    VP8StatusCode status = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    return status == VP8_STATUS_OK ? MONOGRAM_DECODE_OK : MONOGRAM_DECODE_INVALID;
}
