import { z } from 'zod';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_LABELS,
  NOTIFICATION_PERMISSION,
  notificationSettingsSchema,
  type NotificationChoices,
  type NotificationKind,
  type NotificationSettings,
} from '../../schemas/notifications';
import { can } from '../../schemas/roles';
import { userSchema, type User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { commitChange } from '../publishing/history';
import { listJSON, openStore, readJSON, singleDocument, STORES } from '../storage/store';

/*
 * Who receives each notification: the users who may and chose to (My account), at their verified
 * address, and for contact messages the shared inbox an admin set. One document for the team,
 * `notification-settings` in the system store.
 */
const settings = singleDocument(
  () => openStore(STORES.system),
  'notification-settings',
  notificationSettingsSchema,
  () => ({}),
);

/** The team's notification settings (every kind on, no shared inbox, until someone changes them). */
export const getNotificationSettings = (): Promise<NotificationSettings> => settings.read();

/** Changes the team's settings in the etag-guarded loop (the newsletter's sending settings live here too). */
export const updateNotificationSettings = (
  mutate: (current: NotificationSettings) => NotificationSettings,
): Promise<NotificationSettings> => settings.update(mutate);

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/**
 * The address a user's notifications go to: the account's email address once verified, else
 * none. Read from the stored record as it is (not through the user schema), so an account written
 * with an address and its verification state keeps them here whatever fields this code knows.
 */
export function notificationAddress(raw: Record<string, unknown>): string | null {
  const email = raw.email;
  if (typeof email !== 'string' || !ADDRESS.test(email.trim())) return null;
  if (raw.emailVerified === false || ('emailVerifiedAt' in raw && !raw.emailVerifiedAt))
    return null;
  return email.trim().toLowerCase();
}

/** Each user (a team: tens of records) with the address their notifications go to. */
async function usersWithAddresses(): Promise<{ user: User; address: string | null }[]> {
  const raws = await listJSON(openStore(STORES.users), z.looseObject({}));
  return raws.flatMap((raw) => {
    const parsed = userSchema.safeParse(raw);
    return parsed.success ? [{ user: parsed.data, address: notificationAddress(raw) }] : [];
  });
}

const mayReceive = (user: User, kind: NotificationKind, settings: NotificationSettings) =>
  user.active &&
  user.passwordHash !== null &&
  can(user.role, NOTIFICATION_PERMISSION[kind]) &&
  !settings.off[user.id]?.includes(kind);

/** Where a kind of notification goes: each user who may and wants to receive it, and the shared inbox for contact messages. */
export async function recipientsOf(
  kind: NotificationKind,
): Promise<{ address: string; why: 'choice' | 'shared-inbox' }[]> {
  const [settings, users] = await Promise.all([getNotificationSettings(), usersWithAddresses()]);
  const out = new Map<string, 'choice' | 'shared-inbox'>();
  for (const { user, address } of users)
    if (address && mayReceive(user, kind, settings)) out.set(address, 'choice');
  const shared = settings.sharedInbox.trim().toLowerCase();
  if (kind === 'contact' && shared && !out.has(shared)) out.set(shared, 'shared-inbox');
  return [...out].map(([address, why]) => ({ address, why }));
}

/**
 * Where one user's notifications of a kind go (notices about their own work: a proposal decided,
 * a release held): their verified address when they may and want to receive it, else null.
 */
export async function addressOfUser(
  username: string,
  kind: NotificationKind,
): Promise<string | null> {
  const [settings, found] = await Promise.all([
    getNotificationSettings(),
    readJSON(
      openStore(STORES.users),
      encodeURIComponent(username.toLowerCase()),
      z.looseObject({}),
    ),
  ]);
  if (!found) return null;
  const parsed = userSchema.safeParse(found.value);
  if (!parsed.success || !mayReceive(parsed.data, kind, settings)) return null;
  return notificationAddress(found.value);
}

/** What My account shows a user: the kinds their role may receive, each on or off. */
export async function choicesOf(user: User): Promise<NotificationChoices> {
  const [settings, raw] = await Promise.all([
    getNotificationSettings(),
    readJSON(
      openStore(STORES.users),
      encodeURIComponent(user.username.toLowerCase()),
      z.looseObject({}),
    ),
  ]);
  const kinds = NOTIFICATION_KINDS.filter((k) => can(user.role, NOTIFICATION_PERMISSION[k]));
  return {
    choices: kinds.map((kind) => ({
      kind,
      label: NOTIFICATION_LABELS[kind],
      on: !settings.off[user.id]?.includes(kind),
    })),
    address: raw ? notificationAddress(raw.value) : null,
  };
}

/** Turns kinds on or off for one user (kinds their role may not receive are refused). */
export async function setChoices(
  user: User,
  patch: Partial<Record<NotificationKind, boolean>>,
): Promise<NotificationChoices> {
  for (const kind of Object.keys(patch) as NotificationKind[]) {
    if (!can(user.role, NOTIFICATION_PERMISSION[kind]))
      throw new HttpError(
        400,
        `Your role does not receive ${NOTIFICATION_LABELS[kind].toLowerCase()}`,
        { [kind]: 'Not for your role' },
      );
  }
  await settings.update((s) => {
    const off = new Set(s.off[user.id] ?? []);
    for (const [kind, on] of Object.entries(patch) as [NotificationKind, boolean | undefined][]) {
      if (on === true) off.delete(kind);
      if (on === false) off.add(kind);
    }
    return { ...s, off: { ...s.off, [user.id]: NOTIFICATION_KINDS.filter((k) => off.has(k)) } };
  });
  return choicesOf(user);
}

/** Sets (or clears, with '') the shared inbox that also receives contact message notifications. */
export async function setSharedInbox(user: User, address: string): Promise<string> {
  const next = address.trim();
  const saved = await settings.update((s) => ({ ...s, sharedInbox: next }));
  await commitChange(
    user,
    {
      action: 'update',
      target: 'notification-settings',
      summary: next
        ? 'Set the shared inbox for contact messages'
        : 'Removed the shared inbox for contact messages',
    },
    { rebuild: false },
  );
  return saved.sharedInbox;
}
