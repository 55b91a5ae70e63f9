// Monogram client: URL builders for /avatar, /group and /gravatar, srcset, and URL signing.
// No dependencies: runs in browsers and in Node >= 20 (WebCrypto for HMAC-SHA256 and SHA-256).
// The Swift product MonogramClient builds byte-identical URLs; clients/cases.json holds the
// cases both are tested against. See docs/clients.md.
//
// Sign on your application's backend, never in the browser: a signing key in a page lets
// anyone sign any URL.

/** @typedef {"square" | "circle" | "rounded" | string} Shape  square, circle, rounded, or a mask name */
/** @typedef {"png" | "svg" | "json" | "webp" | "avif" | "jpeg"} Format */
/** @typedef {"light" | "dark" | "auto"} Theme */
/** @typedef {"initials" | "404"} Fallback */
/** @typedef {"ltr" | "rtl"} Direction */
/** @typedef {1 | 1.5 | 2 | 3 | 4} Density */

/**
 * The parameters of `/avatar/{name}` (API §1, §10, §11); every one optional.
 * Colours are hex (`RGB`, `RRGGBB`, `RRGGBBAA`, with or without `#`); `bg` also takes
 * `transparent`. `extra` is appended as given (e.g. `[["v", "2"]]` to bust caches).
 * @typedef {object} AvatarOptions
 * @property {number} [size]        integer CSS px, 16…1024
 * @property {Density} [dpr]
 * @property {Shape} [shape]
 * @property {number} [radius]      0…0.5, for `rounded`
 * @property {string} [bg]          hex or `transparent`
 * @property {string} [color]       hex
 * @property {string} [initials]    up to 3 grapheme clusters
 * @property {number} [length]      1…3
 * @property {boolean} [uppercase]
 * @property {number} [fontSize]    0.1…1.0 sent as `font-size`
 * @property {string} [font]
 * @property {boolean} [bold]
 * @property {string} [id]          colour key
 * @property {Format} [format]      sent as the path suffix (`.png`, …, `.jpg` for jpeg)
 * @property {Theme} [theme]
 * @property {string} [palette]
 * @property {string[]} [colors]    2…32 hex colours: a one-off palette
 * @property {boolean} [gradient]
 * @property {string} [matte]       hex, JPEG only
 * @property {string} [picture]     absolute http(s) URL
 * @property {Fallback} [fallback]
 * @property {Array<[string, string]>} [extra]
 */

/**
 * The parameters of `/group/{names}` (API §2, §10); `ids[i]`/`pictures[i]` belong to the i-th
 * name (null or "" for none).
 * @typedef {object} GroupOptions
 * @property {number} [size]        integer, 16…512
 * @property {Density} [dpr]
 * @property {number} [max]         1…10
 * @property {number} [overlap]     0…0.9
 * @property {number} [border]      integer px
 * @property {string} [borderColor] hex or `transparent` sent as `border-color`
 * @property {boolean} [more]
 * @property {number} [total]
 * @property {Direction} [dir]
 * @property {number} [radius]
 * @property {"circle" | "square" | "rounded"} [shape]
 * @property {number} [length]
 * @property {boolean} [uppercase]
 * @property {number} [fontSize]
 * @property {string} [font]
 * @property {boolean} [bold]
 * @property {Format} [format]
 * @property {Theme} [theme]
 * @property {string} [palette]
 * @property {string[]} [colors]
 * @property {boolean} [gradient]
 * @property {string} [matte]
 * @property {Array<string | null>} [ids]
 * @property {Array<string | null>} [pictures]
 * @property {Array<[string, string]>} [extra]
 */

/**
 * `/gravatar/{hash}` parameters (API §7), spelled as Gravatar's short names.
 * @typedef {object} GravatarOptions
 * @property {number} [size]        `s`, 1…2048 (clamped by the server)
 * @property {string} [fallback]    `d`: 404, mp, mm, blank, initials, color, identicon,
 *                                  monsterid, wavatar, retro, robohash, or an http(s) URL
 * @property {boolean} [forceDefault] `f=y`
 * @property {string} [rating]      `r`
 * @property {string} [name]        for `d=initials`
 * @property {string} [initials]    for `d=initials`
 * @property {"png" | "jpeg"} [format] path suffix `.png` or `.jpg`
 * @property {Array<[string, string]>} [extra]
 */

/** A "liked by" user: an empty or missing name draws the placeholder face.
 * @typedef {{name?: string, id?: string, picture?: string}} User */

/**
 * An AvatarImageView-style configuration; each property is one URL parameter (docs/clients.md).
 * @typedef {object} AvatarViewConfiguration
 * @property {string} [name] sent as path
 * @property {string} [initials] sent as initials
 * @property {string} [avatarId] sent as id
 * @property {string} [bgColor] sent as bg
 * @property {string} [textColor] sent as color
 * @property {Shape} [shape] sent as shape
 * @property {number} [cornerRadius] sent as radius
 * @property {number} [textSizeFactor] sent as font-size
 * @property {string} [fontName] sent as font
 * @property {boolean} [bold] sent as bold
 * @property {number} [pointSize] sent as size
 * @property {Density} [scale] sent as dpr
 * @property {string} [pictureURL] sent as picture
 * @property {Theme} [theme] sent as theme
 * @property {Format} [format] sent as path suffix
 */

/** @typedef {string | ((data: Uint8Array) => Promise<Uint8Array> | Uint8Array)} Signer
 *  a key (UTF-8 string, HMAC-SHA256 through WebCrypto) or a function returning the 32-byte MAC */

const SHAPES = new Set(["square", "circle", "rounded"]);
const FORMATS = { png: "png", svg: "svg", json: "json", webp: "webp", avif: "avif", jpeg: "jpg" };
const THEMES = new Set(["light", "dark", "auto"]);
const FALLBACKS = new Set(["initials", "404"]);
const DIRECTIONS = new Set(["ltr", "rtl"]);
const DENSITIES = new Set([1, 1.5, 2, 3, 4]);
const GRAVATAR_DEFAULTS = new Set(["404", "mp", "mm", "blank", "initials", "color", "identicon", "monsterid", "wavatar", "retro", "robohash"]);
/** Suffixes the server splits off the path (API §1, §11): a name ending in one is escaped. */
const SUFFIXES = ["png", "svg", "json", "webp", "avif", "jpg", "jpeg"];

const HEX = "0123456789ABCDEF";
const encoder = new TextEncoder();

/**
 * Percent-encodes `text` as UTF-8, keeping only RFC 3986's unreserved characters and `keep`.
 * Everything a browser would encode (space, quotes, `<>`, `#`, non-ASCII, …) is encoded here
 * already, so the URL reaches the server byte for byte as signed. `+` is always `%2B`: the
 * server reads a raw `+` as a space.
 * @param {string} text
 * @param {string} keep
 */
function percentEncode(text, keep) {
  let out = "";
  for (const byte of encoder.encode(text)) {
    const c = String.fromCharCode(byte);
    if ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || "-._~".includes(c) || (keep.includes(c) && byte < 0x80)) {
      out += c;
    } else {
      out += "%" + HEX[byte >> 4] + HEX[byte & 15];
    }
  }
  return out;
}

/** A name as one path segment: NFC (as the server normalises), commas encoded.
 * @param {string} name */
const encodeName = (name) => percentEncode(String(name).normalize("NFC"), "@");
/** A query value: `,`, `/`, `:` and `@` stay readable (no browser or server changes them).
 * @param {string} value */
const encodeValue = (value) => percentEncode(String(value), ",/:@");

/**
 * The last path segment: `encoded` plus the format suffix. Without a format, a segment that
 * would end in a format suffix gets its last dot escaped (`a.png` stays the name `a.png`), and
 * `.`/`..`, which browsers resolve away, get `.png` (the default format).
 * @param {string} encoded
 * @param {string | undefined} format
 * @param {Record<string, string>} suffixes
 */
function segment(encoded, format, suffixes) {
  if (format !== undefined) {
    const suffix = suffixes[format];
    if (suffix === undefined) throw new RangeError(`format must be one of ${Object.keys(suffixes).join(", ")}`);
    return encoded + "." + suffix;
  }
  if (encoded === "." || encoded === "..") return encoded + ".png";
  const dot = encoded.lastIndexOf(".");
  if (dot >= 0 && SUFFIXES.includes(encoded.slice(dot + 1))) return encoded.slice(0, dot) + "%2E" + encoded.slice(dot + 1);
  return encoded;
}

/**
 * A number as the server reads it: at most 4 decimals, no exponent, no trailing zeros.
 * Rounded half away from zero on the scaled value, the same in every client.
 * @param {string} name
 * @param {number} value
 */
function decimal(name, value) {
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > 1e9) {
    throw new RangeError(`${name} must be a finite number from 0`);
  }
  const scaled = Math.round(value * 10000);
  const whole = Math.floor(scaled / 10000);
  const fraction = String(scaled % 10000).padStart(4, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

/** @param {string} name @param {number} value */
function integer(name, value) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be an integer`);
  return String(value);
}

/** A hex colour without `#`, lower case; `transparent` where allowed.
 * @param {string} name @param {string} value @param {boolean} [transparent] */
function color(name, value, transparent = false) {
  const text = String(value);
  if (transparent && text.toLowerCase() === "transparent") return "transparent";
  const hex = text.startsWith("#") ? text.slice(1) : text;
  if (!/^[0-9a-fA-F]+$/.test(hex) || ![3, 6, 8].includes(hex.length)) {
    throw new RangeError(`${name} must be hex RGB, RRGGBB or RRGGBBAA${transparent ? " or transparent" : ""}`);
  }
  return hex.toLowerCase();
}

/** @param {string} name @param {any} value @param {Set<any>} allowed */
function oneOf(name, value, allowed) {
  if (!allowed.has(value)) throw new RangeError(`${name} must be one of ${[...allowed].join(", ")}`);
  return String(value);
}

/** @param {Shape} value @param {boolean} allowMasks */
function shape(value, allowMasks) {
  if (SHAPES.has(value)) return value;
  if (!allowMasks || typeof value !== "string" || value === "") throw new RangeError("shape must be square, circle or rounded" + (allowMasks ? " or a mask name" : ""));
  return value;
}

/** @param {number} value */
function dpr(value) {
  if (!DENSITIES.has(value)) throw new RangeError("dpr must be 1, 1.5, 2, 3 or 4");
  return decimal("dpr", value);
}

/** @param {string[]} colors */
function palette(colors) {
  if (!Array.isArray(colors) || colors.length < 2 || colors.length > 32) throw new RangeError("colors must list 2 to 32 hex colours");
  return colors.map((c) => color("colors", c)).join(",");
}

/** Appends `name=value` pairs (already formatted) to a path.
 * @param {string} path @param {Array<[string, string]>} pairs */
function withQuery(path, pairs) {
  const query = pairs.map(([name, value]) => percentEncode(name, "") + "=" + encodeValue(value)).join("&");
  return query ? path + "?" + query : path;
}

/** @param {Array<[string, string]>} pairs @param {{extra?: Array<[string, string]>}} options */
function extra(pairs, options) {
  for (const pair of options.extra ?? []) {
    if (!Array.isArray(pair) || pair.length !== 2) throw new RangeError("extra must be [name, value] pairs");
    pairs.push([String(pair[0]), String(pair[1])]);
  }
}

/** The §1/§10/§11 parameters that `/avatar` and `/group` share, in the canonical order.
 * @param {Array<[string, string]>} pairs @param {AvatarOptions | GroupOptions} o */
function textAndColour(pairs, o) {
  if (o.length !== undefined) pairs.push(["length", integer("length", o.length)]);
  if (o.uppercase !== undefined) pairs.push(["uppercase", String(!!o.uppercase)]);
  if (o.fontSize !== undefined) pairs.push(["font-size", decimal("fontSize", o.fontSize)]);
  if (o.font !== undefined) pairs.push(["font", String(o.font)]);
  if (o.bold !== undefined) pairs.push(["bold", String(!!o.bold)]);
}

/** @param {Array<[string, string]>} pairs @param {AvatarOptions | GroupOptions} o */
function paletteParameters(pairs, o) {
  if (o.theme !== undefined) pairs.push(["theme", oneOf("theme", o.theme, THEMES)]);
  if (o.palette !== undefined) pairs.push(["palette", String(o.palette)]);
  if (o.colors !== undefined) pairs.push(["colors", palette(o.colors)]);
  if (o.gradient !== undefined) pairs.push(["gradient", String(!!o.gradient)]);
  if (o.matte !== undefined) pairs.push(["matte", color("matte", o.matte)]);
}

/**
 * The request target of one avatar: `/avatar/{name}[.suffix]?…` (unsigned).
 * @param {string} name  the person's name ("" draws the placeholder)
 * @param {AvatarOptions} [o]
 * @returns {string}
 */
export function avatarPath(name, o = {}) {
  /** @type {Array<[string, string]>} */
  const pairs = [];
  if (o.size !== undefined) pairs.push(["size", integer("size", o.size)]);
  if (o.dpr !== undefined) pairs.push(["dpr", dpr(o.dpr)]);
  if (o.shape !== undefined) pairs.push(["shape", shape(o.shape, true)]);
  if (o.radius !== undefined) pairs.push(["radius", decimal("radius", o.radius)]);
  if (o.bg !== undefined) pairs.push(["bg", color("bg", o.bg, true)]);
  if (o.color !== undefined) pairs.push(["color", color("color", o.color)]);
  if (o.initials !== undefined) pairs.push(["initials", String(o.initials)]);
  textAndColour(pairs, o);
  if (o.id !== undefined) pairs.push(["id", String(o.id)]);
  paletteParameters(pairs, o);
  if (o.picture !== undefined) pairs.push(["picture", String(o.picture)]);
  if (o.fallback !== undefined) pairs.push(["fallback", oneOf("fallback", String(o.fallback), FALLBACKS)]);
  extra(pairs, o);
  return withQuery("/avatar/" + segment(encodeName(name ?? ""), o.format, FORMATS), pairs);
}

/**
 * The request target of a group: `/group/{name1},{name2},…[.suffix]?…` (unsigned).
 * @param {string[]} names  1…100 names ("" draws the placeholder)
 * @param {GroupOptions} [o]
 * @returns {string}
 */
export function groupPath(names, o = {}) {
  if (!Array.isArray(names) || names.length < 1 || names.length > 100) throw new RangeError("a group lists 1 to 100 names");
  /** @type {Array<[string, string]>} */
  const pairs = [];
  if (o.size !== undefined) pairs.push(["size", integer("size", o.size)]);
  if (o.dpr !== undefined) pairs.push(["dpr", dpr(o.dpr)]);
  if (o.max !== undefined) pairs.push(["max", integer("max", o.max)]);
  if (o.overlap !== undefined) pairs.push(["overlap", decimal("overlap", o.overlap)]);
  if (o.border !== undefined) pairs.push(["border", integer("border", o.border)]);
  if (o.borderColor !== undefined) pairs.push(["border-color", color("borderColor", o.borderColor, true)]);
  if (o.more !== undefined) pairs.push(["more", String(!!o.more)]);
  if (o.total !== undefined) pairs.push(["total", integer("total", o.total)]);
  if (o.dir !== undefined) pairs.push(["dir", oneOf("dir", o.dir, DIRECTIONS)]);
  if (o.radius !== undefined) pairs.push(["radius", decimal("radius", o.radius)]);
  if (o.shape !== undefined) pairs.push(["shape", shape(o.shape, false)]);
  textAndColour(pairs, o);
  paletteParameters(pairs, o);
  /** @type {Array<[string, Array<string | null> | undefined]>} */
  const repeated = [["id", o.ids], ["picture", o.pictures]];
  for (const [parameter, list] of repeated) {
    if (list === undefined) continue;
    if (list.length > names.length) throw new RangeError(`${parameter} is given more often than there are names`);
    // Trailing empty values say nothing: the i-th value belongs to the i-th name.
    let last = list.length;
    while (last > 0 && !list[last - 1]) last -= 1;
    for (let i = 0; i < last; i += 1) pairs.push([parameter, list[i] ? String(list[i]) : ""]);
  }
  extra(pairs, o);
  const joined = names.map((n) => encodeName(n ?? "")).join(",");
  return withQuery("/group/" + segment(joined, o.format, FORMATS), pairs);
}

/**
 * A "liked by" row: the first `max` (≤ 3) users as faces, pictures and colour keys where given,
 * and a `+N` bubble for the rest of `total` (default: the number of users). A user without a
 * picture shows initials, or with `withoutPicture: "placeholder"` the neutral placeholder face.
 * @param {User[]} users
 * @param {{total?: number, max?: number, withoutPicture?: "initials" | "placeholder"} & Omit<GroupOptions, "max" | "more" | "total" | "ids" | "pictures">} [o]
 * @returns {string}
 */
export function likedByPath(users, o = {}) {
  const { total, max, withoutPicture = "initials", ...rest } = /** @type {GroupOptions & {withoutPicture?: string}} */ (o);
  // A liked-by row sets these itself from the users.
  delete rest.more;
  delete rest.ids;
  delete rest.pictures;
  if (max !== undefined && (!Number.isSafeInteger(max) || max < 1 || max > 3)) throw new RangeError("max must be 1, 2 or 3 (faces in a liked-by row)");
  oneOf("withoutPicture", withoutPicture, new Set(["initials", "placeholder"]));
  const shown = users.slice(0, max ?? 3).map((u) => (withoutPicture === "placeholder" && !u.picture ? {} : u));
  const count = total ?? users.length;
  if (!Number.isSafeInteger(count) || count < shown.length) throw new RangeError("total must be at least the number of users shown");
  const names = shown.length ? shown.map((u) => u.name ?? "") : [""];
  /** @type {GroupOptions} */
  const options = max === undefined ? { ...rest } : { ...rest, max };
  if (shown.some((u) => u.id)) options.ids = shown.map((u) => u.id ?? null);
  if (shown.some((u) => u.picture)) options.pictures = shown.map((u) => u.picture ?? null);
  if (count > shown.length) Object.assign(options, { more: true, total: count });
  return groupPath(names, options);
}

/**
 * `/gravatar/{hash}[.png|.jpg]?…` for a 32- or 64-hex-digit hash (see `gravatarHash`).
 * @param {string} hash
 * @param {GravatarOptions} [o]
 * @returns {string}
 */
export function gravatarPath(hash, o = {}) {
  if (!/^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/.test(hash)) throw new RangeError("hash must be 32 or 64 hex digits");
  /** @type {Array<[string, string]>} */
  const pairs = [];
  if (o.size !== undefined) pairs.push(["s", integer("size", o.size)]);
  if (o.fallback !== undefined) {
    const d = String(o.fallback);
    if (!GRAVATAR_DEFAULTS.has(d) && !/^https?:\/\//i.test(d)) throw new RangeError("fallback must be a Gravatar default or an http(s) URL");
    pairs.push(["d", d]);
  }
  if (o.forceDefault) pairs.push(["f", "y"]);
  if (o.rating !== undefined) pairs.push(["r", String(o.rating)]);
  if (o.name !== undefined) pairs.push(["name", String(o.name)]);
  if (o.initials !== undefined) pairs.push(["initials", String(o.initials)]);
  extra(pairs, o);
  return withQuery("/gravatar/" + segment(hash.toLowerCase(), o.format, { png: "png", jpeg: "jpg" }), pairs);
}

/**
 * Gravatar's SHA-256 hash of an e-mail address (trimmed, lower-cased), as hex.
 * @param {string} email
 * @returns {Promise<string>}
 */
export async function gravatarHash(email) {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(email.trim().toLowerCase()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The target of an AvatarImageView-style configuration: one property, one parameter.
 * @param {AvatarViewConfiguration} c
 * @returns {string}
 */
export function avatarViewPath(c) {
  return avatarPath(c.name ?? "", {
    size: c.pointSize, dpr: c.scale, shape: c.shape, radius: c.cornerRadius, bg: c.bgColor,
    color: c.textColor, initials: c.initials, fontSize: c.textSizeFactor, font: c.fontName,
    bold: c.bold, id: c.avatarId, format: c.format, theme: c.theme, picture: c.pictureURL,
  });
}

/** @param {Uint8Array} bytes */
function base64url(bytes) {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * HMAC-SHA256 of `data` with a UTF-8 key, through WebCrypto.
 * @param {string} key
 * @param {Uint8Array} data
 * @returns {Promise<Uint8Array>}
 */
export async function hmacSHA256(key, data) {
  const imported = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", imported, data));
}

/**
 * Signs a target (`/avatar/…`) or a full `http(s)` URL (its path and query are signed, as
 * `monogram sign` does): appends `exp=` when `expires` is given (Unix seconds or a Date), then
 * `sig=` as the last parameter.
 * @param {string} url
 * @param {Signer} signer
 * @param {{expires?: number | Date}} [options]
 * @returns {Promise<string>}
 */
export async function sign(url, signer, options = {}) {
  const { expires } = options;
  const match = /^(https?:\/\/[^/?]*)(.*)$/i.exec(url);
  const prefix = match ? match[1] : "";
  let target = match ? match[2] || "/" : url;
  if (!target.startsWith("/")) throw new RangeError("sign a target starting with / or an http(s) URL");
  if (expires !== undefined) {
    const seconds = expires instanceof Date ? Math.floor(expires.getTime() / 1000) : expires;
    target += (target.includes("?") ? "&" : "?") + "exp=" + integer("expires", seconds);
  }
  const data = encoder.encode(target);
  const mac = typeof signer === "string" ? await hmacSHA256(signer, data) : await signer(data);
  if (!(mac instanceof Uint8Array) || mac.length !== 32) throw new TypeError("a signer returns the 32-byte HMAC-SHA256");
  return prefix + target + (target.includes("?") ? "&" : "?") + "sig=" + base64url(mac);
}

/**
 * `src` (1×) and `srcset` (1×, 2×, 3× by default) of one avatar or group at a point size: each
 * candidate is the same URL with `dpr`, signed one by one when `signer` is given.
 * @param {(dpr: Density) => string} build  e.g. `(dpr) => avatarPath("Jane", {size: 40, dpr})`
 * @param {{base?: string, densities?: Density[], signer?: Signer, expires?: number | Date}} [o]
 * @returns {Promise<{src: string, srcset: string}>}
 */
export async function srcset(build, o = {}) {
  const { base = "", densities = /** @type {Density[]} */ ([1, 2, 3]), signer, expires } = o;
  const root = base.replace(/\/+$/, "");
  const urls = [];
  for (const density of densities) {
    dpr(density);
    let url = root + build(density);
    if (signer !== undefined) url = await sign(url, signer, { expires });
    urls.push(url);
  }
  return { src: urls[0], srcset: urls.map((u, i) => `${u} ${decimal("dpr", densities[i])}x`).join(", ") };
}

/**
 * Builders bound to a base URL (`https://avatars.example.com`) and, on a backend, a signer.
 */
export class Monogram {
  /** @param {{base?: string, signer?: Signer, expires?: number | Date}} [o] */
  constructor(o = {}) {
    const { base = "", signer, expires } = o;
    this.base = base.replace(/\/+$/, "");
    this.signer = signer;
    this.expires = expires;
  }

  /** @param {string} target */
  async #finish(target) {
    const url = this.base + target;
    return this.signer === undefined ? url : sign(url, this.signer, { expires: this.expires });
  }

  /** @param {string} name @param {AvatarOptions} [o] */
  avatar(name, o) { return this.#finish(avatarPath(name, o)); }
  /** @param {string[]} names @param {GroupOptions} [o] */
  group(names, o) { return this.#finish(groupPath(names, o)); }
  /** @param {User[]} users @param {Parameters<typeof likedByPath>[1]} [o] */
  likedBy(users, o) { return this.#finish(likedByPath(users, o)); }
  /** @param {AvatarViewConfiguration} c */
  avatarView(c) { return this.#finish(avatarViewPath(c)); }
  /** Never signed: the applications that call /gravatar cannot sign (API §8).
   * @param {string} hash @param {GravatarOptions} [o] */
  gravatar(hash, o) { return Promise.resolve(this.base + gravatarPath(hash, o)); }
  /** @param {string} name @param {AvatarOptions} [o] @param {Density[]} [densities] */
  avatarSrcset(name, o = {}, densities) {
    return srcset((d) => avatarPath(name, { ...o, dpr: d }), { base: this.base, densities, signer: this.signer, expires: this.expires });
  }
  /** @param {string[]} names @param {GroupOptions} [o] @param {Density[]} [densities] */
  groupSrcset(names, o = {}, densities) {
    return srcset((d) => groupPath(names, { ...o, dpr: d }), { base: this.base, densities, signer: this.signer, expires: this.expires });
  }
}
