// Words a player reads: no internal identifier reaches a screen (docs/web.md). The shapes an
// identifier has and plain English has not: snake_case and SCREAMING_CASE, camelCase, a
// "spec:name" pair, a flag's "true"/"false" after a colon, and code such as "team = seat % 2".
// The unit tests (on every game's drawing) and the Chromium test (on the pages) use this.
const SHAPES = [
  ["snake_case", /\b[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]+\b/g],
  ["camelCase", /\b[a-z]+[A-Z][A-Za-z]*\b/g],
  ["a spec", /\b[a-z]+:[a-z]+\b/g],
  ["a flag", /:\s*(?:true|false)\b/g],
  ["code", /\b[A-Za-z_]+ (?:=|%|==) [A-Za-z_]+\b/g],
];

/** The identifier-shaped words of `text`: [{shape, word}] (none in plain words). */
export function identifierWords(text) {
  const found = [];
  for (const [shape, pattern] of SHAPES) {
    for (const m of String(text).matchAll(pattern)) found.push({ shape, word: m[0] });
  }
  return found;
}
