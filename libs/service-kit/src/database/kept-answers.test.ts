import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeptAnswers } from './kept-answers.js';

test('concurrent asks of one key share one computation; another key computes its own', async () => {
  const kept = new KeptAnswers<number>(10);
  let runs = 0;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const compute = async () => {
    runs++;
    await gate;
    return 42;
  };
  const asks = Array.from({ length: 50 }, () => kept.get('park|7', compute));
  const other = kept.get('park|8', async () => 7);
  release();
  assert.deepEqual(new Set(await Promise.all(asks)), new Set([42]));
  assert.equal(runs, 1);
  assert.equal(await other, 7);
  assert.equal(await kept.get('park|7', compute), 42);
  assert.equal(runs, 1);
});

test('a failed computation is not kept: the next ask computes again', async () => {
  const kept = new KeptAnswers<string>(10);
  await assert.rejects(
    kept.get('k', async () => Promise.reject(new Error('database gone'))),
    /database gone/,
  );
  assert.equal(kept.size, 0);
  assert.equal(await kept.get('k', async () => 'fine'), 'fine');
});

test('beyond the limit the least recently asked entry goes', async () => {
  const kept = new KeptAnswers<string>(2);
  await kept.get('a', async () => 'a1');
  await kept.get('b', async () => 'b1');
  await kept.get('a', async () => 'a2'); // asked again: now the newest
  await kept.get('c', async () => 'c1'); // pushes out b, not a
  assert.equal(kept.size, 2);
  assert.equal(await kept.get('a', async () => 'a3'), 'a1');
  assert.equal(await kept.get('b', async () => 'b2'), 'b2');
});
