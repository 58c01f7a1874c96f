'use strict';
// Replays every golden transcript in docs/protocol/examples against a fresh daemon.
const test = require('node:test');
const assert = require('assert');
const fs = require('fs');
const path = require('path');
const { METHODS, NavdClient } = require('../client');
const { startDaemon, repo } = require('./daemon');
const { replay } = require('./transcript');

const dir = path.join(repo, 'docs', 'protocol', 'examples');
const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];

test('there are transcripts', () => {
  assert.ok(files.length > 0, 'docs/protocol/examples is empty; run make examples');
});

for (const file of files) {
  test(`transcript ${path.basename(file, '.json')}`, async () => {
    const transcript = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    assert.ok(METHODS[transcript.method], `no helper for ${transcript.method}`);
    const daemon = await startDaemon();
    const client = await NavdClient.connect(daemon.socket);
    try {
      await replay(client, transcript);
    } finally {
      client.close();
      await daemon.stop();
    }
  });
}
