// A starter renderer behind the askbench/1 adapter contract: plain Node 20, no npm dependency.
//
//   askbench check --impl "node examples/starter-node/adapter.mjs"
//
// Copy it and change its layout: `frame` builds the prompt from plain rows, so a new title, new option
// wording or a new indent is a change of a constant. Each `contract:` comment names the rule of
// docs/adapters.md a line keeps. The layout here: the whole prompt in an ASCII box, labels aligned
// (`tool    : bash`), a value's continuation rows under its first, keyed options.
import { createInterface } from "node:readline";

const TITLE = "Permission required";
const OPTIONS = ["(y) Allow once", "(s) Allow for this session", "(n) Deny", "(r) Deny, and tell the agent why"];
const HINT = "enter select, esc deny";
const MORE = "ctrl+o full request"; // contract: offered exactly when the bounded view left something out
const LABEL_CELLS = 20; // contract: a label longer than 20 cells may be clipped, with a "…"
const ELLIPSIS = "\u2026"; // contract: a bare "…" marks every cut
const ARROW = "\u2192 "; // contract: "label : text → detail"
const [GREY, ORANGE, RESET] = ["\x1b[38;5;244m", "\x1b[38;5;166m", "\x1b[39m"]; // contract: 3:1 on every palette
// contract: a box is "+---+" / "| … |" / "+---+" from column 0, both sides on every row. Box drawing
// (╭─╮ │) is East Asian Ambiguous, 2 cells on CJK terminals: "+-|" are 1 cell everywhere.
const SIDE = 2; // "| " before a row and " |" after it
const TAIL_REACH = 64; // contract: how far back a tail may reach for the last command's name
const HEAD_KEEPS = 24; // contract: the cells of the first command a head keeps when the tail reaches back
const SHORT_ROWS = 4; // contract: a core fact of at most 4 rows is within the allowance at any width
// contract: what must be spelled out as ⟨U+XXXX⟩: controls, format characters (bidi, zero-width, tags),
// lone surrogates, line and paragraph separators, unassigned and private-use code points, and blank
// fillers; marks and space separators too (alone they join the prompt's own text), emoji modifiers and
// conjoining Hangul vowels (they join the character before them), "⟨" (input must not forge a notation),
// and "…" (input must not read as the renderer's own cut or its "… N more commands …" count row).
const SPELLED_OUT = /[\p{C}\p{M}\p{Z}\u115f\u1160-\u11ff\u3164\uffa0\u2800\ud7b0-\ud7ff\u27e8\u2026\u{1f3fb}-\u{1f3ff}]/u;

// contract: the judge's "unassigned" is its Python's (Unicode 14 on Python 3.11); Node 20 knows newer
// characters, so outside the emoji blocks and CJK Extensions B-F every astral character is spelled out.
const knownAstral = (code) => (code >= 0x1f000 && code <= 0x1faff) || (code >= 0x20000 && code <= 0x2ebe0);

function spelledOut(char) {
  const code = char.codePointAt(0);
  return char !== " " && (SPELLED_OUT.test(char) || (code > 0xffff && !knownAstral(code)));
}

// contract: cells are counted as the widest terminal draws them. Every non-ASCII character counts 2:
// CJK and emoji are 2 everywhere, and East Asian Ambiguous ones (…, →, ·, Greek, Cyrillic) are 2 on CJK
// terminals. A renderer with an East Asian Width table may count the rest 1.
const cellsOf = (char) => (char.codePointAt(0) < 0x80 ? 1 : 2);

// `text` as shown: [token, its cells, the character of `text` it stands for]
function tokens(text) {
  const out = [];
  for (const char of text) {
    if (char === "\n") out.push(["\n", 0, char]);
    else if (char === "\t") out.push(["    ", 4, char]); // contract: a tab may show as one to eight spaces
    else if (spelledOut(char)) {
      const shown = `\u27e8U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}\u27e9`;
      out.push([shown, widthOf(shown), char]);
    } else out.push([char, cellsOf(char), char]);
  }
  return out;
}

const widthOf = (shown) => [...shown].reduce((sum, char) => sum + cellsOf(char), 0);

// Hard-wrap tokens into rows (lists of token indices) of `first` cells, then `rest`; a line break starts a row.
// contract: blanks at a wrap are free, so a wrapped row starts at its text.
function place(parts, first, rest) {
  const rows = [];
  let row = [], used = 0, room = first, atWrap = false;
  parts.forEach(([token, size], index) => {
    if (token === "\n" || (used + size > room && row.length)) {
      rows.push(row);
      [row, used, room, atWrap] = [[], 0, rest, token !== "\n"];
    }
    if (token === "\n" || (atWrap && token === " ")) return;
    row.push(index);
    used += size;
    atWrap = false;
  });
  return [...rows, row];
}

const wrap = (parts, first, rest) =>
  place(parts, first, rest).map((row) => row.map((index) => parts[index][0]).join("").trimEnd());

const cellsIn = (parts) => parts.reduce((sum, [, size]) => sum + size, 0);
const charsIn = (parts) => parts.reduce((sum, [, , char]) => sum + (char ? 1 : 0), 0); // code points

// contract: a cut's tail must hold a character other than blanks, punctuation, brackets and operators
const saysSomething = (parts) => parts.some(([, , char]) => !/^[\s\p{P}\p{Sm}\p{Sk}]$/u.test(char));

// The first `end` parts, the "…" joined to the last so that no wrap leaves it alone on a row (a "…" alone
// on a row would read as evidence left out).
function withMarker(parts, end) {
  const [token, size, char] = parts[end - 1];
  return [...parts.slice(0, end - 1), [token + ELLIPSIS, size + 2, char]];
}

// How many parts start the text within `budget` cells and `maxRows` rows, the "…" included.
// contract: a wider terminal never shows less, so a head bounded by cells ends at the same character at
// every width; only one bounded by rows ends earlier on a narrower terminal.
function headOf(parts, budget, first, rest, maxRows) {
  let used = 0, end = 0;
  while (end < parts.length && used + parts[end][1] <= budget) used += parts[end++][1];
  const rows = place(parts.slice(0, end), first, rest).slice(0, maxRows).filter((row) => row.length);
  end = rows.length ? rows[rows.length - 1].at(-1) + 1 : 0;
  while (end && (parts[end - 1][0].trim() === "" || place(withMarker(parts, end), first, rest).length > maxRows)) end--;
  return end;
}

// The text's end: its last line whole, or a "…" and the last cells of a long one; [rows, cells, code points].
function tailOf(parts, budget, rest, lastStart = null) {
  let start = parts.length;
  while (start && ["\n", " ", "    "].includes(parts[start - 1][0])) start--; // blanks at the end show nothing
  const end = start;
  let used = 0, lines = 1;
  let at = charsIn(parts.slice(0, end)); // code points before `start`
  while (start && used + parts[start - 1][1] <= budget - 2) {
    if (parts[start - 1][0] === "\n") {
      // contract: the tail carries the last command (lastStart, where it starts), which runs wants on screen
      const beforeLast = lastStart !== null && at > lastStart;
      if (!beforeLast && (saysSomething(parts.slice(start, end)) || lines === 3)) break; // contract: a tail reaches back over lines that say nothing ("}"), a few at most
      lines++;
    }
    used += parts[--start][1];
    at -= charsIn([parts[start]]);
  }
  let shown = parts.slice(start, end);
  if (!saysSomething(shown)) return [[], 0, charsIn(parts.slice(end))];
  if (start > 0 && parts[start - 1][0] !== "\n") shown = [[ELLIPSIS, 2, ""], ...shown];
  return [wrap(shown, rest, rest), used, charsIn(parts.slice(start))];
}

// The cells a tail may take: a quarter of the cap, or as far back as the last command's start.
// contract: the tail reaches back to the last command's name, at most a row's worth (64 cells), where
// the head still keeps the first command's start (its first 24 cells).
function tailBudget(parts, cap, lastStart) {
  const budget = Math.floor(cap / 4);
  if (lastStart === null) return budget;
  let at = 0, need = 2;
  for (const part of parts) {
    if (at >= lastStart) need += part[1];
    at += charsIn([part]);
  }
  return need <= TAIL_REACH && cap - need >= HEAD_KEEPS + 2 ? Math.max(budget, need) : budget;
}

// The parts of the last command's line from its start (lastStart, in code points) that fit `room` cells.
// contract: where neither end shows the last command's start, its line from there shows on a row of its own
// between the count and the tail, with a "…" after it and before it where it starts mid-line.
function lastLine(parts, lastStart, room) {
  let at = 0, start = parts.length;
  for (let index = 0; index < parts.length; index++) {
    if (at >= lastStart) { start = index; break; }
    at += charsIn([parts[index]]);
  }
  let end = start, used = 0;
  while (end < parts.length && parts[end][0] !== "\n" && used + parts[end][1] <= room) used += parts[end++][1];
  return [start, end];
}

// Commands not shown whole before or after the cut: `commands.total` less those the head or tail hold.
// Spans count code points, as `for (const char of text)` does, never UTF-16 units.
function countHidden(commands, headChars, tailFrom) {
  if (!commands) return 0;
  const shown = commands.spans.reduce((sum, [start, end, weight]) => sum + (end <= headChars || start >= tailFrom ? weight : 0), 0);
  return Math.max(0, commands.total - shown);
}

// The rows a value takes in the bounded view, and whether it was cut.
// contract: a field shows at most `fieldMaxWidth` cells (line breaks and markers not counted). A cut field
// shows a head, a bare "…", then a row "… N more commands …" when the cut hides commands, then a tail that
// ends the text, on rows of its own, opened by "…" when it starts mid-line.
function cutField(text, cap, first, rest, maxRows, commands) {
  const parts = tokens(text);
  const whole = wrap(parts, first, rest);
  if (cellsIn(parts) <= cap && whole.length <= maxRows) return [whole, false];
  const lastStart = commands && commands.spans.length ? commands.spans.reduce((most, [start]) => Math.max(most, start), 0) : null;
  const [tail, tailCells, tailChars] = tailOf(parts, tailBudget(parts, cap, lastStart), rest, lastStart); // the same at every width
  const tailFrom = [...text].length - tailChars;
  const headRows = Math.max(1, maxRows - tail.length - (commands ? 1 : 0));
  let end = headOf(parts, cap - tailCells, first, rest, headRows);
  if (!end && parts.length && [...parts[0][0]].length > 1) {
    // contract: a head shows something before its "…": a notation wider than the head is cut inside
    const [notation, , char] = parts[0];
    parts.splice(0, 1, ...[...notation].map((c, at) => [c, cellsOf(c), at === 0 ? char : ""]));
    end = headOf(parts, cap - tailCells, first, rest, headRows);
  }
  // contract: a wider terminal never shows less, so the row's cells are at most a row's worth at any width
  const middle = lastStart !== null && tailFrom > lastStart && maxRows > 3 ? lastLine(parts, lastStart, Math.min(rest, TAIL_REACH) - 4) : [0, 0];
  const middleRows = end <= middle[0] && middle[0] < middle[1] ? 1 : 0; // none where the head shows the last start itself
  if (middleRows) end = Math.min(end, headOf(parts, cap - tailCells - cellsIn(parts.slice(...middle)), first, rest, Math.max(1, headRows - 1)));
  const rows = wrap(end ? withMarker(parts, end) : [[ELLIPSIS, 2, ""]], first, rest);
  let hidden = countHidden(commands, charsIn(parts.slice(0, end)), tailFrom);
  if (middleRows && commands) hidden -= commands.spans.at(-1)[2]; // contract: the last command's row shows it
  // contract: every command the cut hides is counted, on a row of its own right after the "…"
  if (hidden) rows.push(`${ELLIPSIS} ${hidden} more command${hidden === 1 ? "" : "s"} ${ELLIPSIS}`);
  if (middleRows) {
    const [start, stop] = middle;
    const opening = start && parts[start - 1][0] !== "\n" ? ELLIPSIS : "";
    rows.push(opening + parts.slice(start, stop).map(([token]) => token).join("") + ELLIPSIS);
  }
  return [[...rows, ...tail], true];
}

// contract: a clipped label shows at least half its column, so a clip may fall inside a notation.
function labelOf(label) {
  const parts = tokens(label.replace(/\n/g, " "));
  if (cellsIn(parts) <= LABEL_CELLS) return parts.map(([token]) => token).join("");
  const chars = parts.flatMap(([token]) => [...token]);
  while (widthOf(chars.join("")) > LABEL_CELLS - 2) chars.pop();
  return chars.join("") + ELLIPSIS;
}

// One fact: "label : value" with the labels padded to one column, continuation rows under the value.
function factRows(fact, { inner, labelCells, cap, fieldRows, commands, flagged }) {
  const label = labelOf(fact.label);
  const column = labelCells + 3;
  const first = Math.max(10, inner - column);
  let [rows, cut] = cap === null ? [wrap(tokens(fact.text), first, first), false] : cutField(fact.text, cap, first, first, fieldRows, commands);
  if (fact.detail !== null && fact.detail !== undefined) {
    // contract: a detail follows the text after "→" (here on a row of its own) and is capped on its own
    const [more, detailCut] = cap === null ? [wrap(tokens(fact.detail), first - 3, first), false] : cutField(fact.detail, cap, first - 3, first, fieldRows, null);
    rows = [...rows, ARROW + more[0], ...more.slice(1)];
    cut ||= detailCut;
  }
  // contract: paint a flagged value on every row, and any value whose whole text is a flagged text
  if (fact.flagged || flagged.includes(fact.text)) rows = rows.map((row) => (row ? ORANGE + row + RESET : row));
  const head = `${GREY}${label}${RESET}${" ".repeat(Math.max(0, labelCells - widthOf(label)))} : `;
  return [[`${head}${rows[0]}`.trimEnd(), ...rows.slice(1).map((row) => (row ? " ".repeat(column) + row : row))], cut];
}

// The ask: core facts in order, then evidence, each entry whole (capped) or left out behind a lone "…".
function askRows(payload, inner, budget) {
  const { request } = payload;
  const labelCells = [...payload.core, ...payload.evidence].reduce((most, fact) => Math.max(most, widthOf(labelOf(fact.label))), 0);
  const cap = budget ? budget.fieldMaxWidth : null;
  const maxRows = budget ? budget.maxRows : Infinity;
  const context = { inner, labelCells, cap, fieldRows: budget ? Math.ceil(cap / 64) + 1 : Infinity, flagged: payload.flagged };
  const core = () => {
    const rows = [];
    let elided = false;
    for (const fact of payload.core) {
      const commands = fact.label === "shape" ? request.shapeCommands : fact.label === request.valueLabel ? request.valueCommands : null;
      const [shown, cut] = factRows(fact, { ...context, commands });
      rows.push(...shown);
      elided ||= cut;
    }
    return [rows, elided];
  };
  let [rows, elided] = core();
  if (rows.length > maxRows) {
    // contract: a core taller than maxRows may exceed it only with each fact within its allowance,
    // ceil(fieldMaxWidth / (terminal width - indent)) + 3 rows, reckoned from the terminal's width, not
    // the box's inside: at least 4 at any width
    context.fieldRows = SHORT_ROWS;
    [rows, elided] = core();
  }
  for (const [index, fact] of payload.evidence.entries()) {
    const [shown, cut] = factRows(fact, { ...context, commands: null });
    const later = index + 1 < payload.evidence.length ? 1 : 0;
    if (rows.length + shown.length + later > maxRows) {
      if (rows.length < maxRows) rows.push(ELLIPSIS); // contract: evidence left out: a lone "…" row
      return [rows, true];
    }
    rows.push(...shown);
    elided ||= cut;
  }
  return [rows, elided];
}

// contract: the box sides are "| " and " |" on every row, padded by the widest count of cells
function boxed(lines, inner) {
  const rule = "+" + "-".repeat(inner + 2) + "+";
  const plain = (line) => line.replace(/\x1b\[[0-9;]*m/g, "");
  return [rule, ...lines.map((line) => `| ${line}${" ".repeat(Math.max(0, inner - widthOf(plain(line))))} |`), rule];
}

function frame(request) {
  const { view, width, payload } = request;
  const inner = width - 2 * SIDE;
  let ask, elided = false;
  if (view === "legacy") ask = payload.legacyMessage.split("\n").flatMap((line) => wrap(tokens(line), inner, inner));
  else [ask, elided] = askRows(payload, inner, view === "bounded" ? request.budget : null);
  const hint = elided ? `${HINT}, ${MORE}` : HINT;
  // contract: a blank row closes the ask before the options, and another opens the hint
  return { id: request.id, lines: boxed([TITLE, ...ask, "", ...OPTIONS, "", hint], inner), elided };
}

// One request per line, one answer per line, until stdin closes; lines can be hundreds of KB (readline has
// no length limit). JSON.stringify escapes lone surrogates, so every answer is valid UTF-8.
const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of input) {
  if (line.trim() !== "") process.stdout.write(JSON.stringify(frame(JSON.parse(line))) + "\n");
}
