import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_EVENT_TYPES, EVENT_OWNERS, EventTypes, SERVICE_NAMES, type EventType, type ServiceName } from '@windward/contracts';
import { ASSET_REFS_EVENTS, KIT_CONSUMED_EVENTS, LICENCE_REF_EVENTS, PARK_REFS_EVENTS, USER_REFS_EVENTS } from '@windward/service-kit';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Production sources of a service: no tests, no test harnesses. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'testing' ? [] : sources(p);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [p] : [];
  });
}

/**
 * What the code does with each event: names inside an `@OnEvent(…)` decorator are consumed,
 * every other `EventTypes.X` reference in a service is something it publishes. A consumer that
 * extends the kit's AssetRefsConsumer, ParkRefsConsumer or UserRefsConsumer, or registers its LicenceRefConsumer,
 * consumes the kit's handlers' events too.
 */
function usage() {
  const published = new Map<EventType, Set<ServiceName>>();
  const consumed = new Map<EventType, Set<ServiceName>>();
  const add = (m: Map<EventType, Set<ServiceName>>, key: string, s: ServiceName) => {
    const type = (EventTypes as Record<string, EventType>)[key];
    assert.ok(type, `EventTypes.${key} is not declared`);
    m.set(type, (m.get(type) ?? new Set()).add(s));
  };
  for (const service of SERVICE_NAMES) {
    // The kit consumes some events itself in every service (session revocations).
    for (const type of KIT_CONSUMED_EVENTS) consumed.set(type, (consumed.get(type) ?? new Set()).add(service));
    for (const file of sources(path.join(root, 'services', service, 'src'))) {
      let text = readFileSync(file, 'utf8');
      if (/extends AssetRefsConsumer\b/.test(text)) {
        for (const type of ASSET_REFS_EVENTS) consumed.set(type, (consumed.get(type) ?? new Set()).add(service));
      }
      if (/extends ParkRefsConsumer\b/.test(text)) {
        for (const type of PARK_REFS_EVENTS) consumed.set(type, (consumed.get(type) ?? new Set()).add(service));
      }
      if (/extends UserRefsConsumer\b/.test(text)) {
        for (const type of USER_REFS_EVENTS) consumed.set(type, (consumed.get(type) ?? new Set()).add(service));
      }
      if (/controllers: \[[^\]]*\bLicenceRefConsumer\b/.test(text)) {
        for (const type of LICENCE_REF_EVENTS) consumed.set(type, (consumed.get(type) ?? new Set()).add(service));
      }
      text = text.replace(/@OnEvent\(([^)]*)\)/g, (_, args: string) => {
        for (const [, key] of args.matchAll(/EventTypes\.(\w+)/g)) add(consumed, key!, service);
        return '';
      });
      for (const [, key] of text.matchAll(/EventTypes\.(\w+)/g)) add(published, key!, service);
    }
  }
  return { published, consumed };
}

const sorted = (s: Iterable<string> | undefined) => [...(s ?? [])].sort();

test('every declared event has one owner in EVENT_OWNERS, and the table matches the code', () => {
  const { published, consumed } = usage();
  assert.deepEqual(Object.keys(EVENT_OWNERS).sort(), [...ALL_EVENT_TYPES].sort());
  for (const type of ALL_EVENT_TYPES) {
    const o = EVENT_OWNERS[type];
    const publishers = sorted(published.get(type));
    if (o.planned) assert.deepEqual(publishers, [], `${type} is published now: drop "planned" from EVENT_OWNERS`);
    else assert.deepEqual(publishers, [o.publisher], `${type}: publishers in code vs EVENT_OWNERS`);
    assert.deepEqual(sorted(consumed.get(type)), sorted(o.consumers), `${type}: consumers in code vs EVENT_OWNERS`);
  }
});

test('an event nobody consumes is published for outside integrators, with the reason', () => {
  for (const type of ALL_EVENT_TYPES) {
    const o = EVENT_OWNERS[type];
    if (o.consumers.length === 0 && !o.planned) assert.ok(o.external, `${type} has no consumer: mark it external (and why) or remove it`);
    if (o.consumers.length > 0) assert.equal(o.external, undefined, `${type} has consumers: it is not only for outside integrators`);
  }
});

test('the scan sees both sides (a renamed decorator or publisher would make it vacuous)', () => {
  const { published, consumed } = usage();
  assert.ok(published.size >= 25, `only ${published.size} published events found`);
  assert.ok(consumed.size >= 25, `only ${consumed.size} consumed events found`);
});
