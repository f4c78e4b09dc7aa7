/**
 * A small HTTP client for the bank invariant test and the benchmarks: every call has a deadline,
 * and an answer is either a definite response or an unknown outcome (timeout, connection error).
 */

export type Outcome =
  | { kind: 'response'; status: number; body: unknown; setCookie: string | null }
  | { kind: 'unknown'; reason: string };

/** A client that waits longer than this for one answer treats the outcome as unknown and retries. */
export const REQUEST_TIMEOUT_MS = 3_000;

export async function call(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Outcome> {
  try {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (CSV, HTML): keep the text
    }
    const cookie = res.headers.get('set-cookie');
    return {
      kind: 'response',
      status: res.status,
      body,
      setCookie: cookie ? (cookie.split(';')[0] ?? null) : null,
    };
  } catch (error) {
    return {
      kind: 'unknown',
      reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

export function errorCode(body: unknown): string | null {
  const code = (body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : null;
}

/** The newest six-digit code mailed to an address (dev mailbox transport). */
export async function mailedCode(baseUrl: string, email: string): Promise<string> {
  const out = await call(baseUrl, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}&limit=1`);
  if (out.kind !== 'response' || out.status !== 200)
    throw new Error(`mailbox for ${email}: ${JSON.stringify(out)}`);
  const subject = (out.body as { messages: { subject: string }[] }).messages[0]?.subject ?? '';
  const code = /(\d{6})\s*$/.exec(subject)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export interface Customer {
  email: string;
  cookie: string;
  accountNumber: string;
  userId: string;
}

export const SIGNUP_PASSWORD = 'correct horse battery staple';

/** Signs a customer up through the API, as the sign-up page does, reading the code from the dev mailbox. */
export async function signUp(baseUrl: string, email: string, firstName: string): Promise<Customer> {
  const body = {
    firstName,
    surname: 'Bench',
    email,
    phone: '+1 415 555 0142',
    address: '1 Market Street, San Francisco, CA',
    zipCode: '94105',
    country: 'United States',
    maritalStatus: 'Single',
    occupation: 'Engineer',
    ssn: '123-45-6789',
    dob: '1990-04-12',
    password: SIGNUP_PASSWORD,
    confirmPassword: SIGNUP_PASSWORD,
  };
  const start = await call(baseUrl, 'POST', '/api/auth/signup/start', { body, timeoutMs: 30_000 });
  if (start.kind !== 'response' || start.status !== 202)
    throw new Error(`signup/start: ${JSON.stringify(start)}`);
  const code = await mailedCode(baseUrl, email);
  // The second step must come from the client that did the first: it carries the pending cookie.
  const verify = await call(baseUrl, 'POST', '/api/auth/signup/verify', {
    body: { ...body, code },
    cookie: start.setCookie ?? undefined,
    timeoutMs: 30_000,
  });
  if (verify.kind !== 'response' || verify.status !== 201 || !verify.setCookie) {
    throw new Error(`signup/verify: ${JSON.stringify(verify)}`);
  }
  const json = verify.body as { accountNumber: string; user: { id: string } };
  return { email, cookie: verify.setCookie, accountNumber: json.accountNumber, userId: json.user.id };
}

/**
 * Admin sign-in: password, then the emailed code from the same client (the pending cookie the
 * first step set). Returns the session cookie (the first cookie the second step sets).
 */
export async function adminSignIn(baseUrl: string, email: string, password: string): Promise<string> {
  const start = await call(baseUrl, 'POST', '/api/auth/admin/login', {
    body: { email, password },
    timeoutMs: 30_000,
  });
  if (start.kind !== 'response' || start.status !== 202)
    throw new Error(`admin/login: ${JSON.stringify(start)}`);
  const code = await mailedCode(baseUrl, email);
  const verify = await call(baseUrl, 'POST', '/api/auth/admin/verify', {
    body: { email, code },
    cookie: start.setCookie ?? undefined,
    timeoutMs: 30_000,
  });
  if (verify.kind !== 'response' || verify.status !== 200 || !verify.setCookie) {
    throw new Error(`admin/verify: ${JSON.stringify(verify)}`);
  }
  return verify.setCookie;
}
