import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { type ErrorCode, type ErrorEnvelope, errorCodes } from '#domain/errors.ts';
import { preferredLanguage } from './language.ts';
import { type MessageKey, translate } from './messages.ts';

/** What Node's HTTP parser hands to the server's `clientError` event. */
type ClientError = Error & { code?: string; rawPacket?: unknown };

/** Node's parser errors by their code: the status and the envelope's code and reason. */
const classify = (code: string | undefined): { code: ErrorCode; reason: MessageKey } => {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { code: 'HEADERS_TOO_LARGE', reason: 'HEADERS_TOO_LARGE' };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { code: 'PAYLOAD_TOO_LARGE', reason: 'PAYLOAD_TOO_LARGE' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return { code: 'REQUEST_TIMEOUT', reason: 'REQUEST_TIMEOUT' };
    default:
      return { code: 'VALIDATION_FAILED', reason: 'badRequest' };
  }
};

/** The client's `Accept-Language`, when the bytes that did arrive hold it; never anything else from them. */
const languageOf = (raw: unknown) => {
  const head = Buffer.isBuffer(raw) ? raw.subarray(0, 16 * 1024).toString('latin1') : '';
  const found = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(head);
  return preferredLanguage(found?.[1]);
};

/**
 * The answer to a request Node's HTTP parser refused before Fastify saw it (Fastify's `clientErrorHandler`): a
 * malformed request line or header (400), headers past the size limit (431), a request that took too long to arrive
 * (408). It is written on the socket in the one error envelope (docs/architecture.md#api-contract), with a request id
 * of its own, and the connection is closed. Nothing of the request is logged but the parser's code.
 */
export function clientErrorHandler(this: unknown, error: ClientError, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { code, reason } = classify(error.code);
  const statusCode = errorCodes[code];
  const requestId = randomUUID();
  const envelope: ErrorEnvelope = {
    statusCode,
    code,
    message: translate(languageOf(error.rawPacket), reason),
    reason,
    requestId,
  };
  const body = JSON.stringify(envelope);
  // Fastify calls it bound to the instance: its logger writes the one line of this request.
  (this as { log?: FastifyBaseLogger } | undefined)?.log?.info(
    { reqId: requestId, statusCode, parserError: error.code ?? 'unknown' },
    'client error',
  );
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `X-Request-Id: ${requestId}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  // Whatever is still arriving is not read: the socket closes once the answer is out.
  socket.destroySoon();
}
