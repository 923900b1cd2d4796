import { type AddressInfo, createServer, type Socket } from 'node:net';

// A tiny SMTP sink on 127.0.0.1 (random port) speaking enough of RFC 5321 for nodemailer: EHLO/HELO, AUTH PLAIN,
// MAIL, RCPT, DATA, RSET, NOOP, QUIT. No STARTTLS is offered, so nodemailer stays on plain text. It keeps every
// message it accepted, raw, for the tests (server/providers/message/email.ts).

export type SinkMail = {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  body: string;
};

export type SmtpFakeOptions = {
  /** When set, AUTH PLAIN is offered and required, and must match. */
  auth?: { user: string; pass: string };
  /** An answer instead of 250 for some recipients, e.g. `550 5.1.1 no such user` or `451 4.3.0 try later`. */
  rcpt?: (address: string) => string | undefined;
};

const parse = (raw: string): Pick<SinkMail, 'headers' | 'body'> => {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: split === -1 ? '' : raw.slice(split + 4) };
};

export const startSmtpFake = async (options: SmtpFakeOptions = {}) => {
  const mails: SinkMail[] = [];
  const sockets = new Set<Socket>();
  let seq = 0;

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const say = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let inData = false;
    let authed = !options.auth;
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    let data: string[] = [];

    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO') {
        say('250-fake.smtp.local');
        if (options.auth) say('250-AUTH PLAIN');
        return say('250 8BITMIME');
      }
      if (verb === 'HELO') return say('250 fake.smtp.local');
      if (verb === 'AUTH') {
        const [, mech, payload] = line.split(' ');
        const [, user, pass] = Buffer.from(payload ?? '', 'base64')
          .toString('utf8')
          .split('\0');
        authed = mech === 'PLAIN' && user === options.auth?.user && pass === options.auth?.pass;
        return say(authed ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication failed');
      }
      if (verb === 'MAIL') {
        if (!authed) return say('530 5.7.0 Authentication required');
        envelope = { from: line.match(/<([^>]*)>/)?.[1] ?? '', to: [] };
        return say('250 2.1.0 OK');
      }
      if (verb === 'RCPT') {
        const address = line.match(/<([^>]*)>/)?.[1] ?? '';
        const refusal = options.rcpt?.(address);
        if (refusal) return say(refusal);
        envelope.to.push(address);
        return say('250 2.1.5 OK');
      }
      if (verb === 'DATA') {
        if (envelope.to.length === 0) return say('554 5.5.1 No valid recipients');
        inData = true;
        data = [];
        return say('354 End data with <CR><LF>.<CR><LF>');
      }
      if (verb === 'RSET') {
        envelope = { from: '', to: [] };
        return say('250 2.0.0 OK');
      }
      if (verb === 'NOOP') return say('250 2.0.0 OK');
      if (verb === 'QUIT') {
        say('221 2.0.0 Bye');
        return socket.end();
      }
      say('502 5.5.2 Command not recognized');
    };

    const dataLine = (line: string) => {
      if (line !== '.') return void data.push(line.startsWith('..') ? line.slice(1) : line);
      inData = false;
      const raw = data.join('\r\n');
      mails.push({ ...envelope, raw, ...parse(raw) });
      say(`250 2.0.0 Ok: queued as FAKE${++seq}`);
    };

    say('220 fake.smtp.local ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) dataLine(line);
        else command(line);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    url: (auth = options.auth) =>
      auth
        ? `smtp://${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@127.0.0.1:${port}`
        : `smtp://127.0.0.1:${port}`,
    mails,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

export type SmtpFake = Awaited<ReturnType<typeof startSmtpFake>>;
