import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createEmailJsTransport } from './emailjs-transport';
import { createMailbox, type Mailbox } from './mailbox';
import { createOutbox, type Outbox } from './outbox';
import { createOutboxWorker, type OutboxWorker } from './outbox-worker';
import { resolveOtpPepper } from './otp-pepper';
import { createOtpService, type OtpService } from './otp-service';
import { createSmtpTransport } from './smtp-transport';
import type { EmailBrand } from './email-layout';
import type { EmailLogger, EmailTransport } from './transport';

/** Everything email, built once per app and handed to the modules that send mail. */
export interface EmailModule {
  transport: EmailTransport;
  /** Queue mail inside a money movement's transaction. */
  outbox: Outbox;
  worker: OutboxWorker;
  /** One-time codes and other mail that must go out while the customer waits. */
  otp: OtpService;
  /** What templates need to know about the bank. */
  brand: EmailBrand;
  /** The dev mailbox when it is the transport in use (its routes exist only then), else null. */
  mailbox: Mailbox | null;
  /** Stops the worker (waiting for its batch) and closes the transport's connections. */
  close(): Promise<void>;
}

export function createEmailModule(deps: {
  db: Database;
  clock: Clock;
  config: Config;
  logger: EmailLogger;
  /** Replaces the configured transport (tests: one that fails on demand). */
  transport?: EmailTransport;
}): EmailModule {
  const { db, clock, config, logger } = deps;
  const { email } = config;
  const brand: EmailBrand = {
    bankName: config.bankName,
    fromName: email.from.name || config.bankName,
    publicOrigin: config.publicOrigin,
  };

  let mailbox: Mailbox | null = null;
  let transport: EmailTransport;
  if (deps.transport !== undefined) {
    transport = deps.transport;
  } else if (email.transport.kind === 'smtp') {
    transport = createSmtpTransport({ url: email.transport.url, from: email.from });
  } else if (email.transport.kind === 'emailjs') {
    transport = createEmailJsTransport(email.transport);
  } else {
    mailbox = createMailbox({ db, clock, from: email.from });
    transport = mailbox.transport;
    logger.warn(
      { transport: 'mailbox', database: config.database.kind },
      'EMAIL_TRANSPORT=mailbox: every email (verification codes, money alerts) is stored and shown at /dev/mailbox ' +
        'to anyone who can reach this server. Use it only on your own machine; configure smtp or emailjs anywhere else.',
    );
  }

  const worker = createOutboxWorker({
    db,
    transport,
    clock,
    logger,
    brand,
    alertEmailsPerHour: config.moneyLimits.alertEmailsPerHour,
  });
  const otp = createOtpService({
    db,
    clock,
    transport,
    config: { brand, pepper: resolveOtpPepper(email.otpPepper, config.dataDir) },
    logger,
  });

  return {
    transport,
    outbox: createOutbox({ clock }),
    worker,
    otp,
    brand,
    mailbox,
    async close() {
      await worker.stop();
      await transport.close?.();
    },
  };
}
