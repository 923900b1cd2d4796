import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '#domain/errors.ts';
import { clientErrorHandler } from './client-errors.ts';

/** A socket that keeps what is written to it. */
const fakeSocket = () => {
  const written: string[] = [];
  let destroyed = false;
  const socket = {
    get destroyed() {
      return destroyed;
    },
    writable: true,
    write: (data: string) => {
      written.push(data);
      return true;
    },
    destroySoon: () => {
      destroyed = true;
    },
  };
  return { socket: socket as unknown as Socket, written, isDestroyed: () => destroyed };
};

const answerTo = (code: string, rawPacket?: Buffer) => {
  const { socket, written, isDestroyed } = fakeSocket();
  clientErrorHandler.call(undefined, Object.assign(new Error('parse'), { code, rawPacket }), socket);
  const text = written.join('');
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return {
    statusLine: head.split('\r\n')[0],
    body: errorEnvelopeSchema.strict().parse(JSON.parse(body)),
    isDestroyed,
  };
};

describe('clientErrorHandler', () => {
  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'HEADERS_TOO_LARGE'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'REQUEST_TIMEOUT'],
    ['HPE_CHUNK_EXTENSIONS_OVERFLOW', 413, 'PAYLOAD_TOO_LARGE'],
    ['HPE_INVALID_METHOD', 400, 'VALIDATION_FAILED'],
  ])('answers %s with %i %s in the envelope and closes the connection', (code, status, errorCode) => {
    const answer = answerTo(code);
    expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(answer.body).toMatchObject({ statusCode: status, code: errorCode });
    expect(answer.isDestroyed()).toBe(true);
  });

  it('speaks the language the bytes that arrived ask for, English otherwise', () => {
    const ko = answerTo(
      'ERR_HTTP_REQUEST_TIMEOUT',
      Buffer.from('GET / HTTP/1.1\r\naccept-language: ko-KR,ko;q=0.9\r\n'),
    );
    expect(ko.body.message).toBe('요청이 너무 늦게 도착했습니다.');
    expect(answerTo('ERR_HTTP_REQUEST_TIMEOUT').body.message).toBe('The request took too long to arrive.');
  });

  it('writes nothing to a connection already reset', () => {
    const { socket, written } = fakeSocket();
    clientErrorHandler.call(undefined, Object.assign(new Error('reset'), { code: 'ECONNRESET' }), socket);
    expect(written).toEqual([]);
  });
});
