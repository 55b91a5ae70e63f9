// What the JS client builds for one entry of clients/cases.json (shared by the unit test and
// the live check). Signed cases use the table's key; URLs start with `base`.
import * as monogram from "../monogram.mjs";

/** @param {any} c @param {{base: string, key: string}} table @returns {Promise<{url?: string, src?: string, srcset?: string}>} */
export async function runCase(c, table) {
  const base = table.base;
  const o = c.options ?? {};
  const finish = async (target) => {
    const url = base + target;
    return c.sign ? monogram.sign(url, table.key, { expires: c.sign.expires }) : url;
  };
  switch (c.kind) {
    case "avatar": return { url: await finish(monogram.avatarPath(c.name, o)) };
    case "group": return { url: await finish(monogram.groupPath(c.names, o)) };
    case "likedBy": return { url: await finish(monogram.likedByPath(c.users, o)) };
    case "avatarView": return { url: await finish(monogram.avatarViewPath(c.config)) };
    case "gravatar": {
      const hash = c.hash ?? (await monogram.gravatarHash(c.email));
      return { url: await finish(monogram.gravatarPath(hash, o)) };
    }
    case "srcset": {
      const build = c.of === "group" ? (d) => monogram.groupPath(c.names, { ...o, dpr: d }) : (d) => monogram.avatarPath(c.name, { ...o, dpr: d });
      return monogram.srcset(build, { base, densities: c.densities, signer: c.sign ? table.key : undefined, expires: c.sign?.expires });
    }
    case "error": {
      switch (c.of) {
        case "avatar": return { url: monogram.avatarPath(c.name, o) };
        case "group": return { url: monogram.groupPath(c.names, o) };
        default: return { url: monogram.gravatarPath(c.hash, o) };
      }
    }
    default: throw new Error(`unknown case kind ${c.kind}`);
  }
}
