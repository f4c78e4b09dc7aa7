/**
 * The live profile streams open on this instance, indexed by user (profile nudges) and by session
 * (revocations), with the two caps of decision 0090:
 *
 * - per session: at most STREAMS_PER_SESSION_MAX; a new stream beyond it ends the session's oldest
 *   one. The newest is the page the person is looking at, and an old one may be a dead connection
 *   (a laptop that slept, a phone that changed network) that nobody will ever read again; refusing
 *   the new one would leave the live page without updates until the dead one times out.
 * - per instance: at most STREAMS_PER_INSTANCE_MAX; beyond it a new stream is refused (503) and
 *   the browser tries again later: one instance's sockets and memory stay bounded whatever clients do.
 *
 * Everything here is synchronous, so a burst of opens cannot slip past a cap between a check and an
 * insert.
 */

/** Streams one session may hold open on one instance (a few browser tabs). */
export const STREAMS_PER_SESSION_MAX = 3;
/** Streams one instance holds open at most, all sessions together. */
export const STREAMS_PER_INSTANCE_MAX = 1_000;

export interface LiveStream {
  readonly userId: string;
  /** The session's id hash, as revocations announce it. */
  readonly sessionHash: string;
  /** Sends the profile again (it changed). */
  push(): void;
  /** Ends the stream; `replaced` when a newer stream of the same session took its place. */
  end(reason: 'revoked' | 'replaced'): void;
}

export interface LiveStreamRegistry {
  /**
   * Registers a stream, ending the session's oldest first if the session is at its cap. False
   * (nothing registered) when the instance is full.
   */
  add(stream: LiveStream): boolean;
  /** Forgets a stream that ended; ending an unknown one is a no-op. */
  remove(stream: LiveStream): void;
  /** Nudges every stream of a user. */
  pushUser(userId: string): void;
  /** Nudges every stream on this instance (its LISTEN connection came back: changes may be missed). */
  pushAll(): void;
  /** Ends every stream of a revoked session. */
  endSession(sessionHash: string): void;
  /** Streams open on this instance. */
  readonly size: number;
}

export function createLiveStreamRegistry(
  caps: { perSession: number; perInstance: number } = {
    perSession: STREAMS_PER_SESSION_MAX,
    perInstance: STREAMS_PER_INSTANCE_MAX,
  },
): LiveStreamRegistry {
  const byUser = new Map<string, Set<LiveStream>>();
  // A Set keeps insertion order: its first element is the session's oldest stream.
  const bySession = new Map<string, Set<LiveStream>>();
  let size = 0;

  const addTo = (index: Map<string, Set<LiveStream>>, key: string, stream: LiveStream) => {
    let set = index.get(key);
    if (!set) {
      set = new Set();
      index.set(key, set);
    }
    set.add(stream);
  };
  const removeFrom = (index: Map<string, Set<LiveStream>>, key: string, stream: LiveStream): boolean => {
    const set = index.get(key);
    if (!set?.delete(stream)) return false;
    if (set.size === 0) index.delete(key);
    return true;
  };

  const registry: LiveStreamRegistry = {
    add(stream) {
      const siblings = bySession.get(stream.sessionHash);
      while (siblings && siblings.size >= caps.perSession) {
        const oldest = siblings.values().next().value;
        if (!oldest) break;
        registry.remove(oldest);
        oldest.end('replaced');
      }
      if (size >= caps.perInstance) return false;
      addTo(byUser, stream.userId, stream);
      addTo(bySession, stream.sessionHash, stream);
      size += 1;
      return true;
    },
    remove(stream) {
      if (!removeFrom(bySession, stream.sessionHash, stream)) return;
      removeFrom(byUser, stream.userId, stream);
      size -= 1;
    },
    pushUser(userId) {
      for (const stream of byUser.get(userId) ?? []) stream.push();
    },
    pushAll() {
      for (const set of byUser.values()) for (const stream of set) stream.push();
    },
    endSession(sessionHash) {
      for (const stream of [...(bySession.get(sessionHash) ?? [])]) {
        registry.remove(stream);
        stream.end('revoked');
      }
    },
    get size() {
      return size;
    },
  };
  return registry;
}
