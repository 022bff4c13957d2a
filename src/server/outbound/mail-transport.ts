import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { QueuedMail } from '../../schemas/mail';
import { SITE } from '../../site.config';
import type { MailSetup } from './mail-setup';

/*
 * Hands one queued message to its way out: the provider over SMTP, or the local outbox. Kept in
 * its own module and loaded on use, so functions that only queue mail never load nodemailer
 * before they answer.
 */

/**
 * Delivery runs after the response, within the function's time limit (a scheduled run has 30 s):
 * a provider that hangs must give up well before that, and the queue tries again later. An object
 * rather than constants so a test of a hung provider can wait a fraction of a second, not ten.
 */
export const DELIVERY_TIMEOUTS = { connectionMs: 10_000, socketMs: 15_000, overallMs: 25_000 };

type Setup = Exclude<MailSetup, { mode: 'off' }>;

/** A way out for many messages in a row: one connection set (SMTP), closed once done. */
export interface Transmitter {
  /** Sends one message; throws with the provider's reason when it is not accepted. */
  send(mail: QueuedMail): Promise<void>;
  close(): void;
}

/**
 * Opens a transmitter. With `connections` above 1 the SMTP connections are pooled and reused
 * message after message (a newsletter run): a connection per message costs a handshake each.
 */
export async function openTransmitter(setup: Setup, connections = 1): Promise<Transmitter> {
  const { createTransport } = await import('nodemailer');
  const messageOf = (mail: QueuedMail) => ({
    from: { name: SITE.name, address: setup.from },
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers,
    date: new Date(mail.createdAt),
  });
  if (setup.mode === 'outbox') {
    // The same composer the SMTP transport uses, with CRLF line ends: one RFC 5322 message per file.
    const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    return {
      async send(mail) {
        const info = await composer.sendMail(messageOf(mail));
        await mkdir(setup.dir, { recursive: true });
        await writeFile(path.join(setup.dir, `${mail.id}.eml`), info.message as Buffer);
      },
      close: () => composer.close(),
    };
  }
  const { connectionMs, socketMs, overallMs } = DELIVERY_TIMEOUTS;
  const transport = createTransport({
    url: setup.url,
    connectionTimeout: connectionMs,
    greetingTimeout: connectionMs,
    socketTimeout: socketMs,
    ...(connections > 1 ? { pool: true, maxConnections: connections } : {}),
  });
  return {
    async send(mail) {
      let timer: NodeJS.Timeout | undefined;
      try {
        const overall = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new Error(`The provider did not accept the message within ${overallMs / 1000} s`),
              ),
            overallMs,
          );
        });
        const info = await Promise.race([transport.sendMail(messageOf(mail)), overall]);
        if (info.rejected.length > 0)
          throw new Error(`The provider refused ${info.rejected.join(', ')}: ${info.response}`);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => transport.close(),
  };
}

/** Sends one message; throws with the provider's reason when it is not accepted. */
export async function transmit(setup: Setup, mail: QueuedMail): Promise<void> {
  const transmitter = await openTransmitter(setup);
  try {
    await transmitter.send(mail);
  } finally {
    transmitter.close();
  }
}
