import { failure, type EmailTransport, type OutboundEmail, type SendResult } from './transport';

/**
 * The hosted email API of product §7 (EmailJS), called with fetch rather than its SDK
 * (docs/decisions/0005-email-transport-hosted-api.md): the SDK fixes the host and port, has no
 * timeout and rejects with objects that are not Errors.
 */

/** The library version the spec's client announces; the API records it per call. */
export const EMAILJS_LIB_VERSION = '4.4.1';
/** A send that has not answered by then is abandoned and retried later by the outbox. */
export const EMAILJS_TIMEOUT_MS = 10_000;
export const EMAILJS_SEND_PATH = '/api/v1.0/email/send';
/** product §7's form variant: the same fields as multipart form data, the template fields flattened. */
export const EMAILJS_SEND_FORM_PATH = '/api/v1.0/email/send-form';
/** How a message is posted: the JSON body (default) or the form variant (EMAILJS_MODE). */
export const emailJsModes = ['json', 'form'] as const;
export type EmailJsMode = (typeof emailJsModes)[number];
/** Enough of the service's answer to explain a failure in a log line. */
const RESPONSE_TEXT_LENGTH_MAX = 300;

const NON_BROWSER_ADVICE =
  'enable "Allow EmailJS API for non-browser applications" in the EmailJS dashboard (Account → Security)';

export interface EmailJsOptions {
  /** Default https://api.emailjs.com; a local test double in tests. */
  baseUrl: string;
  publicKey: string;
  privateKey: string | null;
  serviceId: string;
  /** The transactional template of product §3 (money alerts). */
  templateId: string;
  /** Verification codes and sign-up notices. */
  codeTemplateId: string;
  /** Default json. */
  mode?: EmailJsMode;
  timeoutMs?: number;
}

/** What the service's status and text mean for this message (and for the ones after it). */
export function classifyEmailJsResponse(status: number, responseText: string): SendResult {
  const text = responseText.trim().slice(0, RESPONSE_TEXT_LENGTH_MAX);
  if (status === 200) return { ok: true };
  if (status === 429) {
    return failure(true, `EmailJS rate limit reached (429 ${text || 'Too Many Requests'}); will retry later`);
  }
  if (status === 451) {
    return failure(
      false,
      `EmailJS refused a call from a non-browser application (451 ${text || 'Unavailable For Headless Browser'}): ${NON_BROWSER_ADVICE}`,
    );
  }
  if (status === 403) {
    const advice = /non-browser/i.test(text)
      ? NON_BROWSER_ADVICE
      : "check EMAILJS_PUBLIC_KEY and EMAILJS_PRIVATE_KEY (required when the account enforces the private key), the service and template ids, and the account's block list; or " +
        NON_BROWSER_ADVICE;
    return failure(false, `EmailJS refused the request (403 ${text || 'Forbidden'}): ${advice}`);
  }
  if (status === 408 || status >= 500) {
    return failure(true, `EmailJS is unavailable (${status} ${text}); will retry later`);
  }
  // 400 bad key or params, 404 unknown service or template, 412/422 template problems: the same
  // message would fail the same way again.
  return failure(false, `EmailJS rejected the message (${status} ${text})`);
}

export function createEmailJsTransport(options: EmailJsOptions): EmailTransport {
  const mode = options.mode ?? 'json';
  const path = mode === 'form' ? EMAILJS_SEND_FORM_PATH : EMAILJS_SEND_PATH;
  const url = `${options.baseUrl.replace(/\/$/, '')}${path}`;
  const timeoutMs = options.timeoutMs ?? EMAILJS_TIMEOUT_MS;

  function fields(message: OutboundEmail) {
    return {
      lib_version: EMAILJS_LIB_VERSION,
      user_id: options.publicKey,
      service_id: options.serviceId,
      template_id: message.template === 'money-alert' ? options.templateId : options.codeTemplateId,
      template_params: {
        ...message.params,
        // A hosted template may show our own rendering instead of (or beside) the fields.
        message_html: message.html,
        message_text: message.text,
        subject: message.subject,
        to_email: message.to,
        // The same on every delivery of one outbox row (at least once: decision 0105).
        message_id: message.messageId,
      },
      ...(options.privateKey === null ? {} : { accessToken: options.privateKey }),
    };
  }

  /** JSON, or multipart form data (fetch sets its content type and boundary). */
  function body(message: OutboundEmail): string | FormData {
    const { template_params: params, ...rest } = fields(message);
    if (mode === 'json') return JSON.stringify({ ...rest, template_params: params });
    // The form variant takes the template's fields as the form's own fields, beside the ids.
    const form = new FormData();
    for (const [name, value] of Object.entries(params)) form.append(name, value);
    for (const [name, value] of Object.entries(rest)) form.append(name, value);
    return form;
  }

  return {
    name: 'emailjs',
    async send(message) {
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          // An HTTP API that honours idempotency keys drops a second delivery of one message.
          headers: {
            ...(mode === 'json' ? { 'content-type': 'application/json' } : {}),
            'idempotency-key': message.messageId,
          },
          body: body(message),
          signal: AbortSignal.timeout(timeoutMs),
          // The private key is in the body: never follow it anywhere else.
          redirect: 'error',
        });
        text = await response.text();
      } catch (error) {
        const e = error as Error & { cause?: { code?: string } };
        const what =
          e.name === 'TimeoutError'
            ? `no answer within ${timeoutMs} ms`
            : [e.message, e.cause?.code].filter(Boolean).join(': ');
        return failure(true, `EmailJS could not be reached: ${what}`);
      }
      return classifyEmailJsResponse(response.status, text);
    },
  };
}
