import type { FastifyInstance } from 'fastify';

/**
 * The app's own OpenAPI document, read the way a client (or an attacker) reads it. The security
 * suite and the fuzzer derive their endpoint lists from it, so a route added tomorrow is covered
 * by the access-control, CSRF and fuzz checks without anyone editing a list.
 */

/** The subset of JSON Schema the zod → OpenAPI transform produces and the fuzzer understands. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** OpenAPI form: `/api/admin/users/{id}`. */
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  headers: { name: string; schema: JsonSchema }[];
  body: JsonSchema | null;
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: OpenApiParameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE']);

export async function readOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const doc = res.json() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [lower, op] of Object.entries(byMethod)) {
      const method = lower.toUpperCase();
      if (!METHODS.has(method)) continue;
      const parameters = op.parameters ?? [];
      operations.push({
        method: method as Operation['method'],
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        headers: parameters
          .filter((p) => p.in === 'header')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

/** `/api/x/{id}/y` with every path parameter replaced by `value(name)` (URL-encoded). */
export function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(value(name)));
}

export const isAdminPath = (path: string): boolean => path.startsWith('/api/admin/');
export const isStateChanging = (op: Operation): boolean => op.method !== 'GET';

/** Body properties that carry money (or a money-like bound), by the names the contract uses. */
export const MONEY_FIELD_PATTERN = /amount|limit|income/i;

export function moneyFields(op: Operation): string[] {
  return Object.keys(op.body?.properties ?? {}).filter((name) => MONEY_FIELD_PATTERN.test(name));
}
