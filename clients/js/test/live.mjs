// Live check of clients/cases.json against the real server (run by `make test` through
// scripts/check-deploy.sh): starts BINARY on port 0 with signatures required and the table's
// key, builds every case with the JS client (which must give the table's URL byte for byte,
// as the Swift client's tests also require), requests it, and checks that the answer is what
// the URL's parameters say: status, Content-Type, pixel size, and for PNG the shape's corners.
//   node clients/js/test/live.mjs BINARY
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { inflateSync } from "node:zlib";
import { sign } from "../monogram.mjs";
import { runCase } from "./run-case.mjs";

const root = resolve(new URL("../../..", import.meta.url).pathname);
const binary = resolve(process.argv[2] ?? join(root, ".build/debug/monogram"));
const table = JSON.parse(readFileSync(join(root, "clients/cases.json"), "utf8"));

const work = mkdtempSync(join(tmpdir(), "monogram-clients-"));
const config = join(work, "monogram.json");
writeFileSync(config, JSON.stringify({
  server: { host: "127.0.0.1", port: 0 },
  render: { masks_dir: join(root, "config/masks"), workers: 2 },
  // Nothing listens on port 9: picture cases exercise the fallback (§3) quickly.
  pictures: { allowed_hosts: ["127.0.0.1:9"], connect_timeout: 1, total_timeout: 2 },
  security: { signing_keys: [table.key], require_signature: true },
}));
const server = spawn(binary, ["--config", config], { stdio: ["ignore", "pipe", "inherit"] });
const lines = createInterface({ input: server.stdout });
const port = await new Promise((done, fail) => {
  lines.once("line", (line) => done(Number(line.split(":").pop())));
  server.once("exit", (status) => fail(new Error(`monogram exited with ${status} before listening`)));
});
lines.on("line", () => {}); // keep draining the access log

const types = { png: "image/png", svg: "image/svg+xml", json: "application/json", webp: "image/webp", avif: "image/avif", jpeg: "image/jpeg" };

let failures = 0;
let checked = 0;
const notes = new Set();
const fail = (what) => { failures += 1; console.log(`FAIL ${what}`); };

try {
  for (const c of table.cases) {
    if (c.kind === "error") continue;
    const built = await runCase(c, table);
    const urls = c.kind === "srcset" ? c.srcset.split(", ").map((s) => s.split(" ")[0]) : [c.url];
    if (c.kind === "srcset" ? built.srcset !== c.srcset || built.src !== c.src : built.url !== c.url) fail(`${c.title}: the JS client no longer builds the table's URL`);
    for (const table_url of urls) {
      // Signatures are required: a case the table leaves unsigned is signed here by the same
      // client (its signed cases are the table's, byte for byte), and must be refused unsigned.
      let url = table_url;
      if (!c.sign && c.kind !== "gravatar") {
        url = await sign(table_url, table.key);
        const unsigned = await fetch(table_url.replace(table.base, `http://127.0.0.1:${port}`), { redirect: "manual" });
        if (unsigned.status !== 403) fail(`${c.title}: unsigned ${table_url} got ${unsigned.status}, not 403`);
      }
      checked += 1;
      const problem = await check(c, url);
      if (problem) fail(`${c.title}: ${url}: ${problem}`);
    }
    // `monogram sign` signs the same bytes the same way (it gets the URL without its sig).
    for (const url of c.sign ? urls : []) {
      const unsigned = url.slice(0, url.lastIndexOf(url.includes("&sig=") ? "&sig=" : "?sig="));
      const printed = execFileSync(binary, ["sign", "--config", config, unsigned], { encoding: "utf8" }).trim();
      if (printed !== url) fail(`${c.title}: monogram sign printed ${printed}, the client ${url}`);
    }
    // The same target with its signature altered must be refused: the server really checks.
    if (c.sign) {
      const target = urls[0].slice(table.base.length).replace(/sig=(.)/, (_, ch) => "sig=" + (ch === "A" ? "B" : "A"));
      const answer = await fetch(`http://127.0.0.1:${port}${target}`, { redirect: "manual" });
      if (answer.status !== 403) fail(`${c.title}: an altered signature got ${answer.status}, not 403`);
    }
  }
} finally {
  server.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
}
for (const note of notes) console.log(`note: ${note}`);
console.log(`${checked} URLs from clients/cases.json checked live, ${failures} failed`);
process.exit(failures === 0 && checked > 0 ? 0 : 1);

/** What the URL asks for, read back from the URL itself. */
function expectation(c, url) {
  const parsed = new URL(url);
  const route = parsed.pathname.split("/")[1];
  const last = parsed.pathname.split("/").pop();
  const suffix = /\.(png|svg|json|webp|avif|jpg|jpeg)$/.exec(last)?.[1] ?? "png";
  const q = parsed.searchParams;
  const dpr = Number(q.get("dpr") ?? 1);
  const size = route === "gravatar" ? Math.min(Math.max(Number(q.get("s") ?? 80), 16), 1024) : Number(q.get("size") ?? (route === "group" ? 64 : 128));
  const shape = q.get("shape") ?? (route === "group" ? "circle" : "square");
  return { route, format: suffix === "jpg" ? "jpeg" : suffix, pixels: Math.round(size * dpr), size, shape, transparent: q.get("bg") === "transparent" };
}

async function check(c, url) {
  const answer = await fetch(url.replace(table.base, `http://127.0.0.1:${port}`), { redirect: "manual", headers: { accept: "text/plain" } });
  const body = Buffer.from(await answer.arrayBuffer());
  const status = c.live?.status ?? 200;
  if (answer.status !== status) return `status ${answer.status} (${body.toString("utf8", 0, 200).trim()}), expected ${status}`;
  if (status !== 200) return null;
  const want = expectation(c, url);
  let type = answer.headers.get("content-type")?.split(";")[0];
  if (type !== types[want.format]) return `Content-Type ${type}, expected ${types[want.format]}`;
  switch (want.format) {
    case "png": return checkPNG(body, want);
    case "jpeg": return checkSize(jpegSize(body), want);
    case "webp": return checkSize(webpSize(body), want);
    case "json": {
      const json = JSON.parse(body.toString("utf8"));
      const [size, shape] = want.route === "group" ? [json.height, json.faces?.[0]?.shape] : [json.size, json.shape];
      return size === want.size && shape === want.shape ? null : `JSON says size ${size} shape ${shape}`;
    }
    case "svg": {
      const text = body.toString("utf8");
      if (!text.includes("<svg")) return "not an SVG";
      const height = /<svg[^>]*\sheight="([\d.]+)(?:px)?"/.exec(text)?.[1];
      return Number(height) === want.pixels ? null : `SVG height ${height}, expected ${want.pixels}`;
    }
    default: return null;
  }
}

function checkSize(size, want) {
  if (!size) return "undecodable image header";
  const [width, height] = size;
  if (height !== want.pixels) return `${width}×${height} px, expected height ${want.pixels}`;
  if (want.route !== "group" && width !== want.pixels) return `${width}×${height} px, expected ${want.pixels}×${want.pixels}`;
  if (want.route === "group" && width < height) return `group ${width}×${height} px narrower than one face`;
  return null;
}

function checkPNG(body, want) {
  const image = decodePNG(body);
  if (!image) return "not a PNG this check decodes (8-bit, not interlaced)";
  const problem = checkSize([image.width, image.height], want);
  if (problem) return problem;
  const corner = image.alpha(0, 0);
  const cut = want.shape !== "square";
  if (cut && corner !== 0) return `corner alpha ${corner}: shape ${want.shape} should leave it transparent`;
  if (!cut && !want.transparent && want.route === "avatar" && corner !== 255) return `corner alpha ${corner}: a square avatar is opaque`;
  const middle = image.alpha(Math.floor(image.height / 2), Math.floor(image.height / 2));
  if (!want.transparent && middle !== 255) return `alpha ${middle} inside the face`;
  return null;
}

/** A minimal PNG reader: 8-bit RGB or RGBA, not interlaced (what the server writes). */
function decodePNG(bytes) {
  if (bytes.length < 8 || bytes.readUInt32BE(0) !== 0x89504e47) return null;
  let offset = 8;
  let header = null;
  let palette = null;
  let transparency = Buffer.alloc(0);
  const data = [];
  while (offset + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const kind = bytes.toString("latin1", offset + 4, offset + 8);
    const chunk = bytes.subarray(offset + 8, offset + 8 + length);
    if (kind === "IHDR") header = { width: chunk.readUInt32BE(0), height: chunk.readUInt32BE(4), depth: chunk[8], color: chunk[9], interlace: chunk[12] };
    if (kind === "PLTE") palette = chunk;
    if (kind === "tRNS") transparency = chunk;
    if (kind === "IDAT") data.push(chunk);
    offset += 12 + length;
  }
  // Colour types: 0 grey, 2 RGB, 3 palette (alpha from tRNS), 4 grey + alpha, 6 RGBA.
  const channelsOf = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
  if (!header || header.interlace !== 0 || !(header.color in channelsOf)) return null;
  if (header.color === 3 && !palette) return null;
  const channels = channelsOf[header.color];
  const depth = header.depth;
  // Palette and grey images may pack 1, 2 or 4 bits a pixel; the rest are 8 bits a channel here.
  if (depth !== 8 && !(depth < 8 && (header.color === 0 || header.color === 3))) return null;
  const stride = Math.ceil((header.width * channels * depth) / 8);
  const distance = Math.max(1, (channels * depth) >> 3);
  const raw = inflateSync(Buffer.concat(data));
  const pixels = Buffer.alloc(stride * header.height);
  for (let y = 0; y < header.height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const a = x >= distance ? pixels[y * stride + x - distance] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= distance && y > 0 ? pixels[(y - 1) * stride + x - distance] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  return {
    width: header.width,
    height: header.height,
    alpha: (x, y) => {
      if (depth < 8) {
        const bit = x * depth;
        const sample = (pixels[y * stride + (bit >> 3)] >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
        return header.color === 3 && sample < transparency.length ? transparency[sample] : 255;
      }
      const at = y * stride + x * channels;
      if (header.color === 3) return pixels[at] < transparency.length ? transparency[pixels[at]] : 255;
      return header.color === 4 || header.color === 6 ? pixels[at + channels - 1] : 255;
    },
  };
}

function webpSize(bytes) {
  if (bytes.toString("latin1", 0, 4) !== "RIFF" || bytes.toString("latin1", 8, 12) !== "WEBP") return null;
  const chunk = bytes.toString("latin1", 12, 16);
  if (chunk === "VP8L") {
    const bits = bytes.readUInt32LE(21);
    return [(bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1];
  }
  if (chunk === "VP8X") return [bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1];
  if (chunk === "VP8 ") return [bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff];
  return null;
}

function jpegSize(bytes) {
  let offset = 2;
  while (offset + 9 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1];
    const length = bytes.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return [bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5)];
    offset += 2 + length;
  }
  return null;
}
