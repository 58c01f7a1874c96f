'use strict';
// Golden transcripts (docs/protocol/examples/*.json): normalising and replaying with the client.
// The rules are documented in docs/clients.md ("Golden transcripts"); the same in every client.
const assert = require('assert');

class Normaliser {
  constructor(rules = {}) {
    this.volatile = new Set(rules.volatile || []);
    this.ids = new Set(rules.ids || []);
    this.placeholders = new Map();
    this.actual = new Map();
    this.counts = new Map();
  }

  bind(key, value) {
    const identity = `${key}\u0000${JSON.stringify(value)}`;
    let placeholder = this.placeholders.get(identity);
    if (!placeholder) {
      const n = (this.counts.get(key) || 0) + 1;
      this.counts.set(key, n);
      placeholder = `<${key}:${n}>`;
      this.placeholders.set(identity, placeholder);
      this.actual.set(placeholder, value);
    }
    return placeholder;
  }

  normalise(value, parent = '') {
    if (Array.isArray(value)) return value.map((v) => this.normalise(v, parent));
    if (value === null || typeof value !== 'object') return value;
    const out = {};
    for (const [key, item] of Object.entries(value)) {
      if (this.volatile.has(key) || this.volatile.has(`${parent}.${key}`)) out[key] = '<volatile>';
      else if (this.ids.has(key) && (typeof item === 'string' || typeof item === 'number')) out[key] = this.bind(key, item);
      else out[key] = this.normalise(item, key);
    }
    return out;
  }

  restore(value) {
    if (typeof value === 'string' && this.actual.has(value)) return this.actual.get(value);
    if (Array.isArray(value)) return value.map((v) => this.restore(v));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.restore(v)]));
  }
}

/** Plays the transcript's sends on `client` and checks each receive, in order. */
async function replay(client, transcript, timeout = 5000) {
  const normaliser = new Normaliser(transcript.normalise);
  const inbox = [];
  let wake = null;
  client.on('message', (m) => { inbox.push(m); if (wake) wake(); });
  for (const [index, step] of transcript.steps.entries()) {
    if ('send' in step) {
      client.sendMessage(normaliser.restore(step.send));
      continue;
    }
    if (inbox.length === 0) {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${transcript.method}: step ${index}: nothing received`)), timeout);
        wake = () => { clearTimeout(timer); wake = null; resolve(); };
      });
    }
    const actual = normaliser.normalise(inbox.shift());
    assert.deepStrictEqual(actual, step.receive, `${transcript.method}: step ${index} differs`);
  }
}

module.exports = { Normaliser, replay };
