import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message read back from the local outbox (or an SMTP server), parsed by mailparser. */
export interface ReadMail {
  file: string;
  raw: string;
  parsed: ParsedMail;
  to: string;
}

const toOf = (m: ParsedMail) =>
  (Array.isArray(m.to) ? m.to[0]?.value[0]?.address : m.to?.value[0]?.address) ?? '';

/** A message in the outbox known by its header alone: its file, addressee and subject. */
export interface MailHeader {
  file: string;
  raw: string;
  to: string;
  subject: string;
}

/** The outbox's messages (DATA_DIR/outbox) as files, oldest first. */
async function outboxFiles(dataDir: string): Promise<{ file: string; raw: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => ({ file, raw: await readFile(path.join(dir, file), 'utf8') })),
  );
}

/**
 * Every message written to the site's outbox, oldest first, with only its header parsed
 * (mailparser, given the header block and no body). Tests that count or pick among thousands of
 * copies need no bodies: parsing each whole, HTML and all, was most of their time.
 */
export async function outboxHeaders(dataDir: string): Promise<MailHeader[]> {
  return Promise.all(
    (await outboxFiles(dataDir)).map(async ({ file, raw }) => {
      const end = raw.indexOf('\r\n\r\n');
      const header = await simpleParser(end === -1 ? raw : raw.slice(0, end + 4));
      return { file, raw, to: toOf(header), subject: header.subject ?? '' };
    }),
  );
}

/** A message from the outbox, parsed whole. */
const parseWhole = async ({ file, raw }: { file: string; raw: string }): Promise<ReadMail> => {
  const parsed = await simpleParser(raw);
  return { file, raw, parsed, to: toOf(parsed) };
};

/** Every message written to the site's outbox (DATA_DIR/outbox), oldest first. */
export async function readOutbox(dataDir: string): Promise<ReadMail[]> {
  return Promise.all((await outboxFiles(dataDir)).map(parseWhole));
}

/** The messages to an address in the outbox, oldest first (only theirs are parsed whole). */
export async function mailTo(dataDir: string, address: string): Promise<ReadMail[]> {
  const to = address.toLowerCase();
  const theirs = (await outboxHeaders(dataDir)).filter((m) => m.to === to);
  return Promise.all(theirs.map(parseWhole));
}

/** The first link in a message's text part that starts with `prefix` (a URL path such as /newsletter/confirm). */
export function linkIn(mail: ReadMail, prefix: string): URL {
  const found = (mail.parsed.text ?? '')
    .match(/https?:\/\/\S+/g)
    ?.map((u) => new URL(u))
    .find((u) => u.pathname.startsWith(prefix));
  if (!found) throw new Error(`No ${prefix} link in: ${mail.parsed.text}`);
  return found;
}

export interface TestSmtpServer {
  url: string;
  /** Messages it accepted, parsed. */
  received: ParsedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a random local port (no TLS, no auth). `refuse` answers every recipient
 * (or those `refuseOnly` picks) with that error, as a provider refusing mail does. A message to an
 * address `neverAnswer` picks is read to its end and never answered, as a provider that hangs
 * after taking it.
 */
export async function startSmtpServer(
  opts: {
    refuse?: string;
    refuseOnly?: (to: string) => boolean;
    neverAnswer?: (to: string) => boolean;
  } = {},
): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A connection left waiting for its answer is cut when the test closes the server.
    closeTimeout: 500,
    onRcptTo(address, _session, callback) {
      if (opts.refuse && (opts.refuseOnly?.(address.address) ?? true)) {
        const error = Object.assign(new Error(opts.refuse), { responseCode: 550 });
        callback(error);
      } else callback();
    },
    onData(stream, session, callback) {
      if (session.envelope.rcptTo.some((r) => opts.neverAnswer?.(r.address)))
        return void stream.resume();
      simpleParser(stream).then(
        (parsed) => {
          received.push(parsed);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The newest message to an address once the site's background work has settled. */
export async function newestMailTo(
  site: { dataDir: string; platform: { backgroundIdle(): Promise<void> } },
  address: string,
): Promise<ReadMail> {
  await site.platform.backgroundIdle();
  const found = (await mailTo(site.dataDir, address)).at(-1);
  if (!found) throw new Error(`No mail to ${address}`);
  return found;
}

/** Signs an address up through the public API and confirms it with the link from its email. */
export async function signUpAndConfirm(
  site: { url: string; dataDir: string; platform: { backgroundIdle(): Promise<void> } },
  email: string,
): Promise<void> {
  const post = (p: string, body: unknown) =>
    fetch(`${site.url}${p}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/api/newsletter', { email });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`);
  const token = linkIn(await newestMailTo(site, email), '/newsletter/confirm').searchParams.get(
    'token',
  );
  const confirm = await post('/api/newsletter/confirm', { token });
  if (confirm.status !== 200)
    throw new Error(`confirm answered ${confirm.status}: ${await confirm.text()}`);
}
