// Unit tests of clients/js/monogram.mjs: every case of clients/cases.json (the table the Swift
// client is tested against too), RFC 4231's HMAC vectors, and the rules behind the table.
// Run: node --test clients/js/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as monogram from "../monogram.mjs";
import { runCase } from "./run-case.mjs";

const table = JSON.parse(readFileSync(new URL("../../cases.json", import.meta.url), "utf8"));

for (const c of table.cases) {
  test(`case: ${c.title}`, async () => {
    if (c.kind === "error") {
      await assert.rejects(runCase(c, table), (error) => error instanceof RangeError && error.message.startsWith(c.error + " "));
      return;
    }
    const got = await runCase(c, table);
    if (c.kind === "srcset") {
      assert.equal(got.src, c.src);
      assert.equal(got.srcset, c.srcset);
    } else {
      assert.equal(got.url, c.url);
    }
  });
}

const hex = (s) => Uint8Array.from(s.match(/../g).map((b) => parseInt(b, 16)));
const toHex = (b) => [...b].map((x) => x.toString(16).padStart(2, "0")).join("");

// RFC 4231 §4.2–4.7 (test case 5, a truncated MAC, is left out: we always use all 32 bytes).
const rfc4231 = [
  ["0b".repeat(20), "4869205468657265", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"],
  ["4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"],
  ["aa".repeat(20), "dd".repeat(50), "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"],
  ["0102030405060708090a0b0c0d0e0f10111213141516171819", "cd".repeat(50), "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"],
  ["aa".repeat(131), "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727374", "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"],
  ["aa".repeat(131), "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e", "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"],
];

test("an injected signer gets the exact target bytes (RFC 4231 vectors through WebCrypto)", async () => {
  for (const [key, data, mac] of rfc4231) {
    const imported = await crypto.subtle.importKey("raw", hex(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const signer = async (bytes) => new Uint8Array(await crypto.subtle.sign("HMAC", imported, bytes));
    assert.equal(toHex(await signer(hex(data))), mac);
  }
  // The string key and a signer given the same key sign alike; the signer sees the target with exp.
  let seen = "";
  const signer = async (bytes) => { seen = new TextDecoder().decode(bytes); return monogram.hmacSHA256("k".repeat(16), bytes); };
  const a = await monogram.sign("https://h.example/avatar/x?size=64", signer, { expires: new Date(4102444800000) });
  const b = await monogram.sign("https://h.example/avatar/x?size=64", "k".repeat(16), { expires: 4102444800 });
  assert.equal(a, b);
  assert.equal(seen, "/avatar/x?size=64&exp=4102444800");
  await assert.rejects(monogram.sign("/x", () => new Uint8Array(31)), TypeError);
  await assert.rejects(monogram.sign("avatar/x", "k".repeat(16)), RangeError);
});

test("a signed URL changes when any byte of the target does", async () => {
  const key = "k".repeat(16);
  const one = await monogram.sign(monogram.avatarPath("Jane", { size: 64 }), key);
  const two = await monogram.sign(monogram.avatarPath("Jane", { size: 65 }), key);
  assert.notEqual(one.split("sig=")[1], two.split("sig=")[1]);
  assert.match(one, /^\/avatar\/Jane\?size=64&sig=[A-Za-z0-9_-]{43}$/);
});

test("every byte outside the unreserved set is percent-encoded in a name, upper-case hex", () => {
  for (let byte = 0; byte < 128; byte += 1) {
    const c = String.fromCharCode(byte);
    const path = monogram.avatarPath("a" + c + "a");
    const encoded = path.slice("/avatar/".length);
    if (/[A-Za-z0-9._~@-]/.test(c)) assert.equal(encoded, "a" + c + "a");
    else assert.equal(encoded, "a%" + byte.toString(16).toUpperCase().padStart(2, "0") + "a");
  }
});

test("numbers have at most 4 decimals, no exponent, ties rounded away from zero", () => {
  const fs = (x) => monogram.avatarPath("a", { fontSize: x }).split("font-size=")[1];
  assert.equal(fs(0.5), "0.5");
  assert.equal(fs(1), "1");
  assert.equal(fs(0.1 + 0.2), "0.3");
  assert.equal(fs(0.00005), "0.0001");
  assert.equal(fs(1e-7), "0");
  assert.equal(fs(0.15625), "0.1563");
  assert.throws(() => fs(Number.NaN), RangeError);
  assert.throws(() => fs(-0.1), RangeError);
});

test("a URL a browser parses keeps its target byte for byte", () => {
  for (const c of table.cases) {
    for (const url of [c.url, ...(c.srcset ?? "").split(", ").map((s) => s.split(" ")[0])]) {
      if (!url) continue;
      const parsed = new URL(url);
      assert.equal(parsed.origin + parsed.pathname + parsed.search, url, c.title);
    }
  }
});

test("liked by: at most 3 faces, total at least the users shown", () => {
  const users = Array.from({ length: 5 }, (_, i) => ({ name: `U${i}` }));
  assert.equal(monogram.likedByPath(users), "/group/U0,U1,U2?more=true&total=5");
  assert.equal(monogram.likedByPath(users, { max: 2, total: 9 }), "/group/U0,U1?max=2&more=true&total=9");
  assert.throws(() => monogram.likedByPath(users, { max: 4 }), RangeError);
  assert.throws(() => monogram.likedByPath(users, { total: 2 }), RangeError);
});

test("the bound client adds base, signature and srcset", async () => {
  const client = new monogram.Monogram({ base: "https://a.example/", signer: "k".repeat(16), expires: 4102444800 });
  const url = await client.avatar("Jane", { size: 40 });
  assert.equal(url, await monogram.sign("https://a.example/avatar/Jane?size=40", "k".repeat(16), { expires: 4102444800 }));
  const set = await client.avatarSrcset("Jane", { size: 40 });
  assert.equal(set.srcset.split(", ").length, 3);
  assert.equal(set.src, set.srcset.split(" ")[0]);
  assert.equal(await client.gravatar("0".repeat(32)), "https://a.example/gravatar/" + "0".repeat(32));
});
