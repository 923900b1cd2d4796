import type { FastifyInstance } from 'fastify';
import { hasBidiControl, hasForbiddenControl } from '#domain/schemas/text.ts';
import { AppError } from './errors.ts';

// The backstop of docs/rules.md#input: whatever a route's schema says, no string in a JSON body, a query string
// or a path parameter carries a control character other than newline and tab. The schemas' `text()` helper
// refuses them field by field; this catches a route whose schema still takes a bare z.string(), before the
// string can reach the database (where a NUL is a 500 on PostgreSQL). Bidirectional overrides and isolates are
// refused the same way in every string (`invisibleCharacter`); the other invisible characters only by `text()`.

const MAX_REPORTED = 20;

type Reason = 'controlCharacter' | 'invisibleCharacter';

const reasonOf = (value: string): Reason | undefined =>
  hasForbiddenControl(value) ? 'controlCharacter' : hasBidiControl(value) ? 'invisibleCharacter' : undefined;

/** The paths (`items.0.name`) of the strings, and of the object keys, that hold a forbidden character, and why. */
export const forbiddenCharacterPaths = (value: unknown): [string, Reason][] => {
  const found: [string, Reason][] = [];
  const walk = (node: unknown, path: string, depth: number) => {
    if (found.length >= MAX_REPORTED || depth > 64) return;
    if (typeof node === 'string') {
      const reason = reasonOf(node);
      if (reason) found.push([path, reason]);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries())
        walk(item, path ? `${path}.${index}` : String(index), depth + 1);
      return;
    }
    // A parsed body or query (fast-querystring's objects have a prototype-less prototype), not a stream, a buffer
    // or a date (uploads carry their own checks).
    if (
      ArrayBuffer.isView(node) ||
      node instanceof Date ||
      typeof (node as { pipe?: unknown }).pipe === 'function'
    )
      return;
    for (const [key, child] of Object.entries(node)) {
      const childPath = path ? `${path}.${key}` : key;
      const reason = reasonOf(key);
      if (reason) found.push([childPath, reason]);
      else walk(child, childPath, depth + 1);
    }
  };
  walk(value, '', 0);
  return found;
};

export const registerControlCharacterGuard = (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const paths = [
      ...forbiddenCharacterPaths(request.params),
      ...forbiddenCharacterPaths(request.query),
      ...forbiddenCharacterPaths(request.body),
    ];
    if (paths.length === 0) return;
    // Object.fromEntries defines own properties: a field named `__proto__` is just another key.
    const fieldErrors = Object.fromEntries(paths.map(([path, reason]) => [path || 'body', reason]));
    throw new AppError('VALIDATION_FAILED', 'VALIDATION_FAILED', {}, fieldErrors);
  });
};
