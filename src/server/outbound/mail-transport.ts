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

/**
 * The message went to the provider but its answer never came (the connection broke or timed out
 * mid-conversation): it may have been accepted. A sender that must not send twice counts it as
 * unknown instead of failed.
 */
export class AnswerLost extends Error {}

/**
 * Whether an SMTP error says for sure that the message was not accepted: the provider answered
 * with a refusal (it carries the reply code), or the connection never opened. Anything else broke
 * off mid-conversation, possibly after the provider took the message.
 */
function surelyRefused(error: unknown): boolean {
  const e = error as { responseCode?: unknown; code?: unknown; command?: unknown };
  return (
    typeof e.responseCode === 'number' ||
    e.command === 'CONN' ||
    ['ECONNECTION', 'EDNS', 'EAUTH', 'ETLS', 'EENVELOPE'].includes(String(e.code))
  );
}

/** A way out for many messages in a row: one connection set (SMTP), closed once done. */
export interface Transmitter {
  /**
   * Sends one message; throws with the provider's reason when it is not accepted, as an
   * AnswerLost when it may have been.
   */
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
                new AnswerLost(
                  `The provider did not answer within ${overallMs / 1000} s: it may have accepted the message`,
                ),
              ),
            overallMs,
          );
        });
        const info = await Promise.race([
          transport.sendMail(messageOf(mail)).catch((error: unknown) => {
            if (surelyRefused(error)) throw error;
            throw new AnswerLost(
              `The connection to the provider broke off (${(error as Error).message}): it may have accepted the message`,
            );
          }),
          overall,
        ]);
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
