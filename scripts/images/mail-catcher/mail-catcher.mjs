// Local stand-in for Mailpit (axllent/mailpit cannot be pulled here): accepts mail over SMTP on
// port 1025 and lists it over HTTP on port 8025 with the few Mailpit API routes our tests read,
// in Mailpit's shapes, so a test written against it also works against the real Mailpit:
//   GET    /readyz                      200 once both listeners are up
//   GET    /api/v1/messages             { total, count, messages: [{ ID, MessageID, From, To, Subject, Created, Size }] }, newest first
//   GET    /api/v1/message/<ID>/raw     the message source exactly as received
//   DELETE /api/v1/messages             forget every message
// No dependencies (Node's own net and http): the image needs nothing from the registry.
// To lists the envelope recipients (RCPT TO), which is where the message was really delivered.
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';

const SMTP_PORT = Number(process.env.SMTP_PORT ?? 1025);
const HTTP_PORT = Number(process.env.HTTP_PORT ?? 8025);
const MAX_MESSAGES = Number(process.env.MAX_MESSAGES ?? 1000);
const MAX_SIZE = 25 * 1024 * 1024;
const HOSTNAME = 'mail-catcher';

/** @type {{ ID: string, MessageID: string, From: object, To: object[], Subject: string, Created: string, Size: number, raw: Buffer }[]} */
const messages = [];
let listening = 0;

const smtp = createTcpServer((socket) => {
  let buffer = Buffer.alloc(0);
  let envelope = { from: '', to: [] };
  /** @type {Buffer[] | null} lines of the message while in DATA */
  let data = null;
  let dataSize = 0;
  const reply = (line) => socket.write(`${line}\r\n`);
  reply(`220 ${HOSTNAME} ESMTP stand-in ready`);

  const command = (line) => {
    const verb = line.slice(0, 4).toUpperCase();
    const arg = line.slice(4).trim();
    switch (verb) {
      case 'EHLO':
        socket.write(`250-${HOSTNAME}\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE ${MAX_SIZE}\r\n`);
        return;
      case 'HELO':
        return reply(`250 ${HOSTNAME}`);
      case 'MAIL':
        envelope = { from: addressIn(arg), to: [] };
        return reply('250 2.1.0 OK');
      case 'RCPT':
        envelope.to.push(addressIn(arg));
        return reply('250 2.1.5 OK');
      case 'DATA':
        if (envelope.to.length === 0) return reply('503 5.5.1 RCPT first');
        data = [];
        dataSize = 0;
        return reply('354 End data with <CR><LF>.<CR><LF>');
      case 'RSET':
        envelope = { from: '', to: [] };
        return reply('250 2.0.0 OK');
      case 'NOOP':
        return reply('250 2.0.0 OK');
      case 'QUIT':
        reply('221 2.0.0 Bye');
        socket.end();
        return;
      default:
        return reply('502 5.5.2 Command not implemented');
    }
  };

  const dataLine = (line) => {
    if (line.length === 1 && line[0] === 0x2e) {
      const raw = Buffer.concat(data.flatMap((l) => [l, Buffer.from('\r\n')]));
      data = null;
      if (dataSize > MAX_SIZE) return reply('552 5.3.4 Message too big');
      const id = store(envelope, raw);
      envelope = { from: '', to: [] };
      return reply(`250 2.0.0 OK queued as ${id}`);
    }
    // Dot-stuffing (RFC 5321 4.5.2): a leading '.' was doubled by the client.
    const unstuffed = line[0] === 0x2e ? line.subarray(1) : line;
    dataSize += unstuffed.length + 2;
    if (dataSize <= MAX_SIZE) data.push(Buffer.from(unstuffed));
  };

  socket.on('data', (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
      const line = buffer.subarray(0, end);
      buffer = buffer.subarray(end + 2);
      if (data) dataLine(line);
      else command(line.toString('utf8'));
    }
  });
  socket.on('error', () => socket.destroy());
});

function addressIn(arg) {
  const m = /<([^>]*)>/.exec(arg);
  return (m ? m[1] : arg.replace(/^(FROM|TO):/i, '')).trim();
}

function store(envelope, raw) {
  const headers = headerBlock(raw);
  const ID = randomUUID();
  messages.unshift({
    ID,
    MessageID: (headers.get('message-id') ?? '').replace(/^<|>$/g, ''),
    From: { Name: '', Address: envelope.from },
    To: envelope.to.map((Address) => ({ Name: '', Address })),
    Subject: decodeWords(headers.get('subject') ?? ''),
    Created: new Date().toISOString(),
    Size: raw.length,
    raw,
  });
  messages.length = Math.min(messages.length, MAX_MESSAGES);
  return ID;
}

/** The header fields, unfolded, by lower-case name (first occurrence). */
function headerBlock(raw) {
  const text = raw.toString('utf8');
  const end = text.indexOf('\r\n\r\n');
  const block = (end === -1 ? text : text.slice(0, end)).replace(/\r\n[ \t]+/g, ' ');
  const fields = new Map();
  for (const line of block.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

/** RFC 2047 encoded words (=?utf-8?B?...?= and =?utf-8?Q?...?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(value) {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, charset, enc, text) => {
    const bytes =
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          );
    return new TextDecoder(charset.toLowerCase() === 'utf8' ? 'utf-8' : charset).decode(bytes);
  });
}

const http = createHttpServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const json = (status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/readyz' || url.pathname === '/livez') {
    res.writeHead(listening === 2 ? 200 : 503, { 'content-type': 'text/plain' });
    return res.end(listening === 2 ? 'ok' : 'starting');
  }
  if (url.pathname === '/api/v1/messages' && req.method === 'GET') {
    const list = messages.map(({ raw: _raw, ...summary }) => summary);
    return json(200, {
      total: list.length,
      unread: list.length,
      count: list.length,
      messages_count: list.length,
      start: 0,
      tags: [],
      messages: list,
    });
  }
  if (url.pathname === '/api/v1/messages' && req.method === 'DELETE') {
    messages.length = 0;
    res.writeHead(200, { 'content-type': 'text/plain' });
    return res.end('ok');
  }
  const raw = /^\/api\/v1\/message\/([0-9a-f-]+)\/raw$/.exec(url.pathname);
  if (raw && req.method === 'GET') {
    const found = messages.find((m) => m.ID === raw[1]);
    if (!found) return json(404, { error: 'message not found' });
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    return res.end(found.raw);
  }
  json(404, { error: 'not found' });
});

smtp.listen(SMTP_PORT, '0.0.0.0', () => {
  listening++;
  console.log(`mail-catcher: SMTP on :${SMTP_PORT}`);
});
http.listen(HTTP_PORT, '0.0.0.0', () => {
  listening++;
  console.log(`mail-catcher: HTTP (Mailpit API subset) on :${HTTP_PORT}`);
});
// PID 1 in a container gets no default signal handling: stop at once on docker stop.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
