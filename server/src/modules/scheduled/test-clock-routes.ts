import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, testClockAdvanceSchema, testClockResponseSchema } from '@larkspur/contract';
import type { Clock } from '../../lib/clock';
import type { Scheduler } from './scheduler';

const DAY_MS = 86_400_000;

/** A clock a test may move forward: ManualClock in API tests, ShiftableClock in a test server. */
export interface ForwardClock extends Clock {
  advanceMs(ms: number): void;
}

export function isForwardClock(clock: Clock): clock is ForwardClock {
  return typeof (clock as Partial<ForwardClock>).advanceMs === 'function';
}

/**
 * POST /api/test/clock (decision 0160): moves a test server's clock forward by whole days and runs
 * one scheduler pass, so an end-to-end test can watch monthly payments fall due. Registered only
 * when TEST_CLOCK=on, which `loadConfig` refuses in production. Where it is registered it is in the
 * API document like every route, so the access-control and fuzz suites that derive their lists from
 * the document cover it too (issue 29); a production document never has it, as the route is absent.
 */
export function testClockRoutes(deps: { clock: ForwardClock; scheduler: Scheduler }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/test/clock',
      {
        schema: {
          tags: ['test'],
          summary:
            'Test servers only (TEST_CLOCK=on): move the clock forward by whole days, run the scheduler',
          body: testClockAdvanceSchema,
          response: { 200: testClockResponseSchema, 400: errorEnvelopeSchema },
        },
      },
      async (request) => {
        deps.clock.advanceMs(request.body.days * DAY_MS);
        const pass = await deps.scheduler.runOnce();
        return { now: deps.clock.now().toISOString(), ran: pass.paid + pass.failed };
      },
    );
  };
}
