import { Secret, TOTP } from 'otpauth';
import type { User } from '../../schemas/user';
import { SITE } from '../../site.config';
import { HttpError } from '../http/errors';
import { updateUser } from './users';

/** Recovery codes per enrolment. */
export const RECOVERY_CODE_COUNT = 10;

const totpFor = (secret: string, username: string) =>
  new TOTP({
    issuer: SITE.shortName,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

async function sha256(text: string): Promise<string> {
  const bytes = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Buffer.from(bytes).toString('hex');
}

// Recovery codes as people type them: lower case, dashes and spaces ignored.
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Ten random codes like `k3x9p-q2m7d` (50 bits each), answered once in the clear. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from(
      crypto.getRandomValues(new Uint8Array(10)),
      (b) => alphabet[b % alphabet.length],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Starts enrolment: a new secret waits for its first code; answers the QR code and the secret for manual entry. */
export async function startEnrolment(
  username: string,
): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const user = await updateUser(username, (u) => {
    if (u.twoFactor) throw new HttpError(409, 'Two-factor sign-in is already on for this account');
    return { ...u, pendingTwoFactorSecret: secret };
  });
  const otpauthUrl = totpFor(secret, user.username).toString();
  // Loaded here: only enrolment draws a QR code, so sign-in's cold start does not pay for it.
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1 });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Confirms enrolment with a code from the app; answers the recovery codes (the only time they are shown). */
export async function confirmEnrolment(username: string, code: string): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map((c) => sha256(normalise(c))));
  await updateUser(username, (u) => {
    if (u.twoFactor) throw new HttpError(409, 'Two-factor sign-in is already on for this account');
    if (!u.pendingTwoFactorSecret)
      throw new HttpError(400, 'Start the set-up first: there is no QR code waiting for a code');
    const step = acceptedStep(totpFor(u.pendingTwoFactorSecret, u.username), code, 0);
    if (step === null)
      throw new HttpError(
        400,
        'That code is not right. Check the time on your phone and try the current code.',
        { code: 'That code is not right' },
      );
    return {
      ...u,
      pendingTwoFactorSecret: undefined,
      twoFactor: {
        secret: u.pendingTwoFactorSecret,
        enabledAt: new Date().toISOString(),
        recoveryCodes: hashes,
        lastStep: step,
      },
    };
  });
  return codes;
}

/** The time step a code belongs to (one step of clock drift either way), when newer than `lastStep`. */
function acceptedStep(totp: TOTP, code: string, lastStep: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp.validate({ token: code, window: 1 });
  if (delta === null) return null;
  const step = totp.counter() + delta;
  return step > lastStep ? step : null;
}

/**
 * Checks the second factor at sign-in: a current authenticator code (never the same one twice)
 * or an unused recovery code, which is then used up. The use is written (etag-guarded) before
 * answering, so two simultaneous sign-ins cannot spend the same code; a wrong code writes nothing.
 */
export async function checkSecondFactor(user: User, code: string): Promise<boolean> {
  if (!user.twoFactor) return true;
  const digits = code.replace(/\s/g, '');
  const recoveryHash = await sha256(normalise(code));
  const spend = (u: User): User | null => {
    if (!u.twoFactor) return null;
    const step = acceptedStep(
      totpFor(u.twoFactor.secret, u.username),
      digits,
      u.twoFactor.lastStep,
    );
    if (step !== null) return { ...u, twoFactor: { ...u.twoFactor, lastStep: step } };
    if (!u.twoFactor.recoveryCodes.includes(recoveryHash)) return null;
    return {
      ...u,
      twoFactor: {
        ...u.twoFactor,
        recoveryCodes: u.twoFactor.recoveryCodes.filter((h) => h !== recoveryHash),
      },
    };
  };
  if (!spend(user)) return false;
  const refused = new HttpError(401, 'That code is not right');
  try {
    await updateUser(user.username, (u) => {
      const next = spend(u);
      if (!next) throw refused;
      return next;
    });
    return true;
  } catch (error) {
    if (error === refused) return false;
    throw error;
  }
}

/** Turns the second factor off (an admin's reset, or the user with their password) and ends the user's sessions. */
export async function resetTwoFactor(username: string): Promise<void> {
  await updateUser(username, (u) => ({
    ...u,
    twoFactor: undefined,
    pendingTwoFactorSecret: undefined,
    sessionsValidAfter: Date.now(),
  }));
}
