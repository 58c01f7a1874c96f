'use strict';
// The client's method table against the contract, docs/openrpc.json (no daemon needed).
const test = require('node:test');
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { METHODS, NOTIFICATION_METHODS, NavdClient } = require('../client');

const document = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'openrpc.json'), 'utf8'));
// What a client sends: the requests and the client's own notifications (not the daemon's).
const sent = document.methods.filter((m) => m['x-sender'] !== 'daemon').map((m) => m.name).sort();
const notifications = document.methods.filter((m) => m['x-sender'] === 'client').map((m) => m.name).sort();

test('the method table is docs/openrpc.json\'s', () => {
  assert.deepStrictEqual(Object.keys(METHODS).sort(), sent);
});

test('every helper exists, and the client notifications are sent as notifications', () => {
  for (const [method, helper] of Object.entries(METHODS)) {
    assert.strictEqual(typeof NavdClient.prototype[helper], 'function', `${method}: no ${helper}`);
  }
  assert.deepStrictEqual([...NOTIFICATION_METHODS].sort(), notifications);
});
