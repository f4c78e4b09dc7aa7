import { describe, expect, it } from 'vitest';
import { createLiveStreamRegistry, type LiveStream } from './live-streams';

/** A stream that records what the registry did to it. */
function fakeStream(userId: string, sessionHash: string) {
  const log: string[] = [];
  const stream: LiveStream = {
    userId,
    sessionHash,
    push: () => log.push('push'),
    end: (reason) => log.push(`end:${reason}`),
  };
  return { stream, log };
}

describe('live stream registry', () => {
  it('ends the oldest stream of a session at its cap, never another session’s', () => {
    const registry = createLiveStreamRegistry({ perSession: 2, perInstance: 100 });
    const a1 = fakeStream('u1', 'a');
    const a2 = fakeStream('u1', 'a');
    const b1 = fakeStream('u1', 'b');
    const a3 = fakeStream('u1', 'a');
    for (const s of [a1, a2, b1, a3]) expect(registry.add(s.stream)).toBe(true);
    expect(a1.log).toEqual(['end:replaced']);
    expect(a2.log).toEqual([]);
    expect(b1.log).toEqual([]);
    expect(registry.size).toBe(3);
    registry.pushUser('u1');
    expect([a1, a2, b1, a3].map((s) => s.log.filter((e) => e === 'push').length)).toEqual([0, 1, 1, 1]);
  });

  it('refuses a new stream when the instance is full, and takes one again once a stream ends', () => {
    const registry = createLiveStreamRegistry({ perSession: 3, perInstance: 2 });
    const first = fakeStream('u1', 'a');
    expect(registry.add(first.stream)).toBe(true);
    expect(registry.add(fakeStream('u2', 'b').stream)).toBe(true);
    const refused = fakeStream('u3', 'c');
    expect(registry.add(refused.stream)).toBe(false);
    expect(registry.size).toBe(2);
    registry.pushUser('u3');
    expect(refused.log).toEqual([]);
    registry.remove(first.stream);
    registry.remove(first.stream);
    expect(registry.size).toBe(1);
    expect(registry.add(refused.stream)).toBe(true);
  });

  it('lets a session at its cap replace its own oldest stream on a full instance', () => {
    const registry = createLiveStreamRegistry({ perSession: 2, perInstance: 2 });
    const old = fakeStream('u1', 'a');
    registry.add(old.stream);
    registry.add(fakeStream('u1', 'a').stream);
    expect(registry.add(fakeStream('u1', 'a').stream)).toBe(true);
    expect(old.log).toEqual(['end:replaced']);
    expect(registry.size).toBe(2);
  });

  it('ends every stream of a revoked session and nothing else', () => {
    const registry = createLiveStreamRegistry({ perSession: 3, perInstance: 100 });
    const a = [fakeStream('u1', 'a'), fakeStream('u1', 'a')];
    const b = fakeStream('u1', 'b');
    for (const s of [...a, b]) registry.add(s.stream);
    registry.endSession('a');
    registry.endSession('unknown');
    expect(a.map((s) => s.log)).toEqual([['end:revoked'], ['end:revoked']]);
    expect(b.log).toEqual([]);
    expect(registry.size).toBe(1);
  });
});
