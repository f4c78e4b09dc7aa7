/**
 * Who acts, as a service and its audit row name them: the signed-in person and the address the
 * request came from (null where no request is behind the act: a job, the seed). One type for every
 * module (issue 29), read on a request as `request.actor` (plugins/area.ts).
 */
export interface Actor {
  userId: string;
  ip: string | null;
}

/** The actor of a request inside an area: always a signed-in person, always with an address. */
export interface RequestActor extends Actor {
  ip: string;
}
