// xterm.js headless, driven by the judge one JSON line at a time (harness/terminals/xterm_screen.py).
//
// A request {"cols", "rows", "data"} resets one terminal of that size, writes the bytes and answers
// {"rows": [...], "cursor": [x, y]}: every row as its characters with SGR for how each cell is drawn.
// A request {"measure": [text, ...]} answers {"cells": [...]}: how far each text moves the cursor,
// written after one ASCII letter so a leading combining mark joins a cell as it would in a row.
// The Unicode table is the first argument: "6" (xterm.js's default) or "11" (@xterm/addon-unicode11).
"use strict";

const readline = require("readline");
const { Terminal } = require("@xterm/headless");

const version = process.argv[2] || "6";

function open(cols, rows) {
  const terminal = new Terminal({ cols, rows, scrollback: 0, allowProposedApi: true });
  if (version === "11") {
    const { Unicode11Addon } = require("@xterm/addon-unicode11");
    terminal.loadAddon(new Unicode11Addon());
    terminal.unicode.activeVersion = "11";
  }
  return terminal;
}

function colour(mode, value, base, bright, extended) {
  if (mode === "default") return [];
  if (mode === "rgb") return [extended, 2, (value >> 16) & 255, (value >> 8) & 255, value & 255];
  if (value < 8) return [base + value];
  if (value < 16) return [bright + value - 8];
  return [extended, 5, value];
}

function sgr(cell) {
  const codes = [0];
  if (cell.isBold()) codes.push(1);
  if (cell.isDim()) codes.push(2);
  if (cell.isItalic()) codes.push(3);
  if (cell.isUnderline()) codes.push(4);
  if (cell.isBlink()) codes.push(5);
  if (cell.isInverse()) codes.push(7);
  if (cell.isInvisible()) codes.push(8);
  if (cell.isStrikethrough()) codes.push(9);
  const fgMode = cell.isFgDefault() ? "default" : cell.isFgRGB() ? "rgb" : "palette";
  const bgMode = cell.isBgDefault() ? "default" : cell.isBgRGB() ? "rgb" : "palette";
  codes.push(...colour(fgMode, cell.getFgColor(), 30, 90, 38));
  codes.push(...colour(bgMode, cell.getBgColor(), 40, 100, 48));
  return "\x1b[" + codes.join(";") + "m";
}

function rowText(line, cols) {
  let out = "";
  let last = null;
  for (let x = 0; x < cols; x++) {
    const cell = line.getCell(x);
    if (!cell || cell.getWidth() === 0) continue;
    const style = sgr(cell);
    if (style !== last) {
      out += style;
      last = style;
    }
    out += cell.getChars() || " ";
  }
  return out;
}

let screen = null;
let ruler = null;

function write(terminal, data) {
  return new Promise((resolve) => terminal.write(data, resolve));
}

async function frame(request) {
  if (screen === null) screen = open(request.cols, request.rows);
  else if (screen.cols !== request.cols || screen.rows !== request.rows) screen.resize(request.cols, request.rows);
  screen.reset();
  await write(screen, request.data);
  const buffer = screen.buffer.active;
  const rows = [];
  for (let y = 0; y < screen.rows; y++) rows.push(rowText(buffer.getLine(y), screen.cols));
  return { rows, cursor: [buffer.cursorX, buffer.cursorY] };
}

async function measure(texts) {
  if (ruler === null) ruler = open(4000, 1);
  const cells = [];
  for (const text of texts) {
    ruler.reset();
    await write(ruler, "a" + text);
    cells.push(ruler.buffer.active.cursorX - 1);
  }
  return { cells };
}

let queue = Promise.resolve();
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  queue = queue.then(async () => {
    const request = JSON.parse(line);
    const answer = "measure" in request ? await measure(request.measure) : await frame(request);
    process.stdout.write(JSON.stringify(answer) + "\n");
  });
});
