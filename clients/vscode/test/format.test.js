'use strict';
// The one-line forms of back titles, tints and hits against clients/formats.json, the cases every editor client
// shares (docs/clients.md, "Readable forms"). No daemon needed.
const test = require('node:test');
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const format = require('../format');

const cases = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'formats.json'), 'utf8'));

test('back titles read as clients/formats.json says', () => {
  assert.ok(cases.backTitle.length > 0);
  for (const c of cases.backTitle) assert.strictEqual(format.backTitle(c.result), c.text);
});

test('tints read as clients/formats.json says', () => {
  assert.ok(cases.tint.length > 0);
  for (const c of cases.tint) assert.strictEqual(format.tint(c.result), c.text);
});

test('hits read as clients/formats.json says', () => {
  assert.ok(cases.hit.length > 0);
  for (const c of cases.hit) assert.strictEqual(format.hit(c.x, c.y, c.result), c.text);
});
