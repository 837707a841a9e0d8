// Checks the catalogs beyond what the typecheck does: every key has the same {placeholders}
// in both languages of a game (Heks: nl and en; Andorra: ru and en), no text is empty, and
// every engine rejection code in docs/heks-commands.md and every protocol error code has a
// text. Prints "N passed, N failed".
import { build } from "esbuild";
import { readFileSync, existsSync } from "node:fs";

async function load(path) {
  const out = await build({ entryPoints: [path], bundle: true, format: "esm", write: false, platform: "neutral" });
  const src = out.outputFiles[0].text;
  return import("data:text/javascript;base64," + Buffer.from(src).toString("base64"));
}

let passed = 0;
let failed = 0;
const fail = (msg) => {
  failed++;
  console.log("FAIL", msg);
};
const holes = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");

/** Both catalogs of one game: the same keys, the same placeholders, no empty text. */
function compare(game, [srcName, src], [otherName, other]) {
  for (const k of Object.keys(src)) {
    if (!(k in other)) fail(`${game}: ${otherName} lacks ${k}`);
    else if (holes(src[k]) !== holes(other[k]))
      fail(`${game} ${k}: placeholders differ (${srcName} {${holes(src[k])}} / ${otherName} {${holes(other[k])}})`);
    else if (!src[k].trim() || !other[k].trim()) fail(`${game} ${k}: empty text`);
    else passed++;
  }
  for (const k of Object.keys(other)) if (!(k in src)) fail(`${game}: ${srcName} lacks ${k}`);
}

const { nl } = await load("src/heks/i18n/nl.ts");
const { en } = await load("src/heks/i18n/en.ts");
compare("heks", ["nl", nl], ["en", en]);
const { ru } = await load("src/andorra/i18n/ru.ts");
const { en: andorraEn } = await load("src/andorra/i18n/en.ts");
compare("andorra", ["ru", ru], ["en", andorraEn]);

const doc = "../docs/heks-commands.md";
if (existsSync(doc)) {
  const text = readFileSync(doc, "utf8");
  const para = text.slice(text.indexOf("Rejections are"), text.indexOf("## View"));
  for (const [, code] of para.matchAll(/`([a-z_]+)`/g)) {
    if (`err.${code}` in nl) passed++;
    else fail(`no text for the engine rejection code ${code}`);
  }
}
const proto = "../docs/protocol.md";
if (existsSync(proto)) {
  // Error codes a client may be shown: the rows of the protocol's error tables, and bad_name etc. in §2.
  const text = readFileSync(proto, "utf8");
  const codes = new Set();
  // Tables whose header names a code column: "| code | when |" and "| situation | error code | …".
  for (const table of text.split(/\n(?=\| (?:code|situation) \|)/).slice(1)) {
    const rows = table.split("\n\n")[0].split("\n").slice(2);
    const col = table.startsWith("| situation") ? 2 : 1;
    for (const row of rows) for (const [, c] of (row.split("|")[col] || "").matchAll(/`([a-z_]+)`/g)) codes.add(c);
  }
  for (const [, c] of text.matchAll(/`(?:400|404|409|429|503) ([a-z_]+)`/g)) codes.add(c);
  for (const c of codes) {
    if (`err.${c}` in nl) passed++;
    else fail(`heks: no text for the protocol error code ${c}`);
    if (`err.${c}` in ru) passed++;
    else fail(`andorra: no text for the protocol error code ${c}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
